// AdministratorAdvertisementsEdit (SPEC §2, issue 10): the advertiser's ad form plus the
// editors' priority and note, input → confirm (the ad frame and page previews) → complete. An
// editor's edit is saved as it is: no re-review, the order's status stays.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { handleAdvertisementEdit, loadAdvertisementEdit } from "~/.server/advertisement-edit";
import { requireAdministrator } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";
import { AdvertisementEditForm } from "~/components/AdvertisementEditForm";
import { Alert, Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import {
  administratorAdvertisementDefaults,
  administratorAdvertisementFields,
  saveAsAdministrator,
} from "./edit.server";
import { EditorialConfirm, EditorialFields } from "./EditorialFields";

export const meta: MetaFunction = () => [{ title: pageTitle("広告編集") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  return loadAdvertisementEdit(context, api, id, administratorAdvertisementDefaults);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return handleAdvertisementEdit(request, context, api, idFromUrl(params.id), {
    extraFields: administratorAdvertisementFields,
    save: (input, post, extra) => saveAsAdministrator(api, input, post, extra),
  });
}

function Links({ id }: { id: number }) {
  return (
    <div className="group">
      <a href={`/administrator/advertisements/${id}/detail`}>広告詳細へ戻る</a>
      <a href="/administrator/advertisements">広告一覧へ戻る</a>
    </div>
  );
}

export default function AdministratorAdvertisementsEdit() {
  const { id, applicationId, isDeleted, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const heading = `広告編集（申込ID ${applicationId}）`;
  if (isDeleted) {
    return (
      <Card>
        <h1 className="title-1">{heading}</h1>
        <div className="stack">
          <Alert color="red">この広告は削除済みです</Alert>
          <Links id={id} />
        </div>
      </Card>
    );
  }
  return (
    <AdvertisementEditForm
      heading={heading}
      actionData={actionData}
      defaults={defaults}
      notice={
        <Alert color="blue">
          編集部による編集は再審査なしでそのまま保存されます。審査・掲載の状況は変わりません。
        </Alert>
      }
      extraFields={(fields) => <EditorialFields fields={fields} />}
      extraConfirm={(values) => <EditorialConfirm values={values} />}
    >
      <Links id={id} />
    </AdvertisementEditForm>
  );
}
