// AdministratorAreasComplete (SPEC §2 Area screens): the registration or edit is saved. It loads
// nothing, so an old visit misleads nobody; the ways on are the list and the dashboard.
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";
import { CompletePage } from "~/components/CompletePage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("エリア登録/修正完了") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  await requireAdministrator(context);
  idFromUrl(params.id);
  return null;
}

export default function AdministratorAreasComplete() {
  return (
    <CompletePage
      title="エリア登録/修正完了"
      links={[
        { to: "/administrator/areas", label: "エリア一覧へ" },
        { to: "/administrator", label: "管理画面TOPへ" },
      ]}
    >
      <p>エリアの登録/修正が完了しました。</p>
    </CompletePage>
  );
}
