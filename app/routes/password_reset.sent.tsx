// メールを送信しました: the same page whether or not the address has an account, so the request
// form tells nobody which addresses are registered.
import { type MetaFunction, Link } from "react-router";
import { ButtonLink, Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import { RESET_REQUEST_PATH } from "~/domain/password-reset";

export const meta: MetaFunction = () => [{ title: pageTitle("メールを送信しました") }];

export default function PasswordResetSent() {
  return (
    <Card className="narrow">
      <h1 className="title-1 center">メールを送信しました</h1>
      <div className="stack">
        <p>
          入力されたメールアドレスが登録されている場合は、パスワード再設定用のリンクを記載したメールをお送りしました。メールのリンクから新しいパスワードを設定してください。
        </p>
        <p>
          リンクはメールに記載の時間内に1回だけ使えます。メールが届かない場合は、迷惑メールフォルダもご確認のうえ、しばらく時間をおいてから
          <Link to={RESET_REQUEST_PATH} className="link-target">
            もう一度お申込みください
          </Link>
          。
        </p>
        <ButtonLink to="/" fullWidth>
          ログインページへ
        </ButtonLink>
      </div>
    </Card>
  );
}
