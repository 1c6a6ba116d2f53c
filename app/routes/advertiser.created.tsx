// AdvertiserCreated: registration done; the next step is logging in.
import type { MetaFunction } from "react-router";
import { CompletePage } from "~/components/CompletePage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("広告主登録完了") }];

export default function AdvertiserCreated() {
  return (
    <CompletePage title="広告主登録" links={[{ to: "/", label: "ログインページへ" }]}>
      <p>広告主登録が完了しました。ご登録のメールアドレスに確認のメールをお送りしました。</p>
      <p>登録したメールアドレスとパスワードでログインしてください。</p>
    </CompletePage>
  );
}
