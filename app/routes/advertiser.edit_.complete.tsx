// 登録情報の変更完了: shown whenever it is opened. It loads no data that could tell whether the change was just made,
// and its only way on is back to My Page, so an old visit misleads nobody.
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { requireAdvertiser } from "~/.server/auth";
import { CompletePage } from "~/components/CompletePage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("登録情報の変更完了") }];

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAdvertiser(context);
  return null;
}

export default function AdvertiserEditComplete() {
  return (
    <CompletePage title="登録情報の変更">
      <p>登録情報の変更が完了しました。</p>
    </CompletePage>
  );
}
