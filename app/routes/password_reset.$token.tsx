// パスワードの再設定（新しいパスワード）: the page the mail's link opens. While the link works,
// the new password and its confirmation, errors beside each; a dead link says so and offers a
// new request. The token is in this page's path only (see app/.server/password-reset.ts).
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  useActionData,
  useLoaderData,
} from "react-router";
import { useRef } from "react";
import { loadResetLink, setNewPassword } from "~/.server/password-reset";
import { SECRET_RETYPE_HINT } from "~/components/ConfirmForm";
import { DeadResetLink, ResetUnavailable } from "~/components/PasswordReset";
import { StepHeader } from "~/components/StepHeader";
import { FormErrors, PasswordField } from "~/components/fields";
import { Button, Card } from "~/components/ui";
import { PASSWORD_MIN } from "~/domain/limits";
import { pageTitle } from "~/domain/meta";
import { RESET_STEPS } from "~/domain/password-reset";
import { formProps, useServerForm } from "~/components/form-state";

export const meta: MetaFunction = () => [{ title: pageTitle("新しいパスワードの設定") }];

/** A page whose address is a credential is kept by no cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const loader = ({ params, context }: LoaderFunctionArgs) =>
  loadResetLink(context, params.token ?? "");

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  setNewPassword(request, context, params.token ?? "");

type NewPasswordForm = { newPassword: string; newPasswordConfirm: string };

/** Counts the replies seen, so the password inputs are new (empty) after each one. */
function useReplyGeneration(result: unknown) {
  const last = useRef({ result, generation: 0 });
  if (last.current.result !== result) {
    last.current = { result, generation: last.current.generation + 1 };
  }
  return last.current.generation;
}

export default function PasswordResetNew() {
  const loaded = useLoaderData<typeof loader>();
  const replied = useActionData<typeof action>();
  const page = replied ?? loaded;
  const result = replied?.state === "form" ? replied.result : undefined;
  const [form, fields] = useServerForm<NewPasswordForm>(result);
  // Passwords are never sent back: after a refused round both are typed again, as the hint says
  // (with JavaScript too: the inputs start afresh with each reply).
  const generation = useReplyGeneration(result);
  const retype = result ? SECRET_RETYPE_HINT : "";
  const hasFieldErrors = Boolean(
    fields.newPassword.errors?.length || fields.newPasswordConfirm.errors?.length,
  );
  return (
    <Card className="narrow">
      <h1 className="title-1 center">
        {page.state === "form" ? "新しいパスワードの設定" : "パスワードの再設定"}
      </h1>
      {page.state === "unavailable" ? (
        <ResetUnavailable inquiryUrl={page.inquiryUrl} />
      ) : page.state === "dead" ? (
        <DeadResetLink />
      ) : (
        <div className="stack">
          <StepHeader steps={RESET_STEPS} active={1} />
          <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
          <Form method="post" {...formProps(form)} className="stack" key={generation}>
            <PasswordField
              field={fields.newPassword}
              label="新しいパスワード"
              autoComplete="new-password"
              required
              description={`${retype}${PASSWORD_MIN}文字以上で入力してください。`}
            />
            <PasswordField
              field={fields.newPasswordConfirm}
              label="新しいパスワード（確認）"
              autoComplete="new-password"
              required
              description={retype || undefined}
            />
            <Button type="submit" fullWidth>
              パスワードを設定する
            </Button>
          </Form>
        </div>
      )}
    </Card>
  );
}
