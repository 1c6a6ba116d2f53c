// AdministratorCoursesNew (SPEC §2 Course new and edit): a new course, input → confirm → the
// completion screen of the course it created.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
} from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { handleCourseForm } from "~/.server/course-form";
import { CourseFormPage } from "~/components/CourseForm";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載コース登録") }];

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAdministrator(context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return handleCourseForm(request, context, api, null);
}

export default function AdministratorCoursesNew() {
  return (
    <CourseFormPage
      id={null}
      current={{
        isActive: "on",
        name: "",
        price: "",
        note: "",
        periodType: "",
        months: "",
        days: "",
      }}
      actionData={useActionData<typeof action>()}
    />
  );
}
