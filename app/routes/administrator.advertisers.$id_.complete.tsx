// AdministratorAdvertisersComplete (SPEC §2 Advertiser edit): the edit's completion screen. It
// loads nothing that could tell whether a change was just made; its ways on are the advertiser
// and the list.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";
import { CompletePage } from "~/components/CompletePage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("広告主情報の編集完了") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  await requireAdministrator(context);
  return { id: idFromUrl(params.id) };
}

export default function AdministratorAdvertisersComplete() {
  const { id } = useLoaderData<typeof loader>();
  return (
    <CompletePage
      title="広告主情報の編集"
      links={[
        { to: `/administrator/advertisers/${id}`, label: "広告主詳細へ戻る" },
        { to: "/administrator/advertisers", label: "広告主一覧へ" },
      ]}
    >
      <p>広告主情報の変更が完了しました。</p>
    </CompletePage>
  );
}
