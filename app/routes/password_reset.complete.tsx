// パスワードの再設定完了: the link has set the password; the next step is logging in with it.
import type { MetaFunction } from "react-router";
import { CompletePage } from "~/components/CompletePage";
import { pageTitle } from "~/domain/meta";
import { RESET_STEPS } from "~/domain/password-reset";

export const meta: MetaFunction = () => [{ title: pageTitle("パスワードの再設定完了") }];

export default function PasswordResetComplete() {
  return (
    <CompletePage
      title="パスワードの再設定"
      steps={RESET_STEPS}
      links={[{ to: "/", label: "ログインページへ" }]}
    >
      <p>パスワードの再設定が完了しました。新しいパスワードでログインしてください。</p>
      <p>ほかの端末でログインしていた場合は、そちらもログアウトされています。</p>
    </CompletePage>
  );
}
