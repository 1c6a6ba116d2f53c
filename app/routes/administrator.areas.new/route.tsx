// AdministratorAreasNew (SPEC §2 Area screens): a new locality in a region, input → confirm → complete.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { handleAreaForm } from "~/.server/area-form";
import { requireAdministrator } from "~/.server/auth";
import { loadFormPage } from "~/.server/forms";
import { regionOptions } from "~/.server/upstream/areas";
import { AreaForm } from "~/components/AreaForm";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("新規エリア登録") }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const regions = await loadFormPage(
    context,
    () => regionOptions(api),
    () => [],
  );
  return { regions };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return handleAreaForm(request, { context, api });
}

export default function AdministratorAreasNew() {
  const { regions } = useLoaderData<typeof loader>();
  return (
    <AreaForm
      title="新規エリア登録"
      current={null}
      regions={regions}
      actionData={useActionData<typeof action>()}
    />
  );
}
