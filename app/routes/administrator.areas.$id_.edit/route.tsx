// AdministratorAreasEdit (SPEC §2 Area screens): a locality's settings, input → confirm → complete.
// The WordPress application password is never shown: the form says only whether one is set.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { areaFormOf, handleAreaForm } from "~/.server/area-form";
import { requireAdministrator } from "~/.server/auth";
import { loadFormPage } from "~/.server/forms";
import { idFromUrl } from "~/.server/http-errors";
import { getAdminLocality, regionOptions } from "~/.server/upstream/areas";
import { AreaForm } from "~/components/AreaForm";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("エリア編集") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const [locality, regions] = await loadFormPage(
    context,
    () => Promise.all([getAdminLocality(api, id), regionOptions(api)]),
    // The form shows the posted values; the stored ones wait for the upstream.
    (): [null, never[]] => [null, []],
  );
  const current = locality
    ? { id, hasWpRestPassword: locality.hasWpRestPassword, values: areaFormOf(locality) }
    : { id, hasWpRestPassword: false, values: {} };
  return { current, regions };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  return handleAreaForm(request, { context, api, id });
}

export default function AdministratorAreasEdit() {
  const { current, regions } = useLoaderData<typeof loader>();
  return (
    <AreaForm
      title="エリア編集"
      current={current}
      regions={regions}
      actionData={useActionData<typeof action>()}
    />
  );
}
