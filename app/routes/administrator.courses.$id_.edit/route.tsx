// AdministratorCoursesEdit (SPEC §2 Course new and edit): the saved course as the form's values,
// input → confirm → completion. Deactivating keeps the course on the orders that have it.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { courseDefaults, handleCourseForm } from "~/.server/course-form";
import { loadFormPage } from "~/.server/forms";
import { idFromUrl } from "~/.server/http-errors";
import { getCourse } from "~/.server/upstream/courses";
import { CourseFormPage } from "~/components/CourseForm";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載コース修正") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const course = await loadFormPage(
    context,
    () => getCourse(api, id),
    // After an outage the posted form keeps its values; the saved ones wait for the upstream.
    () => null,
  );
  return { id, current: course ? courseDefaults(course) : undefined };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return handleCourseForm(request, context, api, idFromUrl(params.id));
}

export default function AdministratorCoursesEdit() {
  const { id, current } = useLoaderData<typeof loader>();
  return <CourseFormPage id={id} current={current} actionData={useActionData<typeof action>()} />;
}
