// AdministratorCoursesComplete (SPEC §2): the course is saved. It loads nothing that could tell
// whether the change was just made, and only leads on, so an old visit misleads nobody.
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";
import { CompletePage } from "~/components/CompletePage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載コース登録/修正完了") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  await requireAdministrator(context);
  idFromUrl(params.id);
  return null;
}

export default function AdministratorCoursesComplete() {
  return (
    <CompletePage
      title="掲載コース登録/修正完了"
      links={[
        { to: "/administrator/courses", label: "コース一覧へ" },
        { to: "/administrator", label: "管理画面TOPへ" },
      ]}
    >
      <p>コース情報の登録/修正が完了しました。</p>
    </CompletePage>
  );
}
