// パスワードの再設定（お申込み）: an e-mail address, and the link goes there if it has an account.
// Reached from the login page when the upstream offers the reset (app/.server/password-reset.ts).
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  Link,
  useActionData,
  useLoaderData,
} from "react-router";
import { requestReset, resetPresence, unavailable } from "~/.server/password-reset";
import { ResetUnavailable } from "~/components/PasswordReset";
import { StepHeader } from "~/components/StepHeader";
import { FormErrors, TextField } from "~/components/fields";
import { Button, Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import { RESET_STEPS } from "~/domain/password-reset";
import { formProps, useServerForm } from "~/components/form-state";

export const meta: MetaFunction = () => [{ title: pageTitle("パスワードの再設定") }];

/** Known absent (or found so by the probe): the page says so at once; else the form. */
export async function loader({ context }: LoaderFunctionArgs) {
  return (await resetPresence(context)) === "absent" ? unavailable() : { state: "form" as const };
}

export const action = ({ request, context }: ActionFunctionArgs) => requestReset(request, context);

export default function PasswordResetRequest() {
  const loaded = useLoaderData<typeof loader>();
  const replied = useActionData<typeof action>();
  const page = replied ?? loaded;
  const [form, fields] = useServerForm<{ email: string }>(
    replied?.state === "form" ? replied.result : undefined,
  );
  return (
    <Card className="narrow">
      <h1 className="title-1 center">パスワードの再設定</h1>
      {page.state === "unavailable" ? (
        <ResetUnavailable inquiryUrl={page.inquiryUrl} />
      ) : (
        <div className="stack">
          <StepHeader steps={RESET_STEPS} active={0} />
          <p>
            ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをメールでお送りします。
          </p>
          <FormErrors errors={form.errors} hasFieldErrors={Boolean(fields.email.errors?.length)} />
          <Form method="post" {...formProps(form)} className="stack">
            <TextField
              field={fields.email}
              label="メールアドレス"
              type="email"
              autoComplete="email"
              required
            />
            <Button type="submit" fullWidth>
              再設定用のメールを送信
            </Button>
          </Form>
          <p className="center small">
            <Link to="/" className="link-target">
              ログインページへ戻る
            </Link>
          </p>
        </div>
      )}
    </Card>
  );
}
