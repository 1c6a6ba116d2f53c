// お問い合わせ完了: shown whenever it is opened. It loads no data that could tell whether the
// message was just sent, and its links only lead back (My Page, the message history).
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { requireAdvertiser } from "~/.server/auth";
import { CompletePage } from "~/components/CompletePage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("お問い合わせ完了") }];

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAdvertiser(context);
  return null;
}

export default function AdvertiserContactComplete() {
  return (
    <CompletePage
      title="お問い合わせ"
      links={[
        { to: "/advertiser", label: "マイページへ戻る" },
        { to: "/advertiser/contact", label: "メッセージ履歴を見る" },
      ]}
    >
      <p>メッセージを送信しました。編集部より順次ご返信いたします。</p>
    </CompletePage>
  );
}
