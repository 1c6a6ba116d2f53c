// The self-service password reset's shared page parts: the upstream without the reset, and a
// link that no longer works. Plain markup (no Mantine): these are advertisers' pages.
import { EXTENSION_UNAVAILABLE } from "~/domain/labels";
import { RESET_REQUEST_PATH } from "~/domain/password-reset";
import { Alert, ButtonLink } from "./ui";

/** The upstream has no reset: the inquiry form, as the login page offered before. */
export function ResetUnavailable({ inquiryUrl }: { inquiryUrl: string }) {
  return (
    <div className="stack">
      <Alert color="blue">{EXTENSION_UNAVAILABLE}</Alert>
      <p>パスワードをお忘れの場合は、お問い合わせフォームから編集部までご連絡ください。</p>
      <ButtonLink href={inquiryUrl} external fullWidth>
        お問い合わせフォームへ
      </ButtonLink>
      <ButtonLink to="/" variant="outline" fullWidth>
        ログインページへ戻る
      </ButtonLink>
    </div>
  );
}

/** An expired, used or unknown link: what happened, and a new request one click away. */
export function DeadResetLink() {
  return (
    <div className="stack">
      <Alert color="red">
        このリンクは使用できません。有効期限が切れているか、すでに使用されています。
      </Alert>
      <p>
        パスワードを再設定するには、お手数ですがもう一度お申込みください。新しいリンクをメールでお送りします。
      </p>
      <ButtonLink to={RESET_REQUEST_PATH} fullWidth>
        パスワードの再設定を申し込む
      </ButtonLink>
      <ButtonLink to="/" variant="outline" fullWidth>
        ログインページへ戻る
      </ButtonLink>
    </div>
  );
}
