// Login (SPEC §2): email and password; success and already-logged-in users go home by role, or
// back to the page a logged-out deep link was for (?redirectTo=, carried in a hidden field).
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  Link,
  useActionData,
  useLoaderData,
} from "react-router";
import { getIdentity, redirectIfLoggedIn } from "~/.server/auth";
import { login } from "./login.server";
import { forgottenPasswordLink } from "~/.server/password-reset";
import { afterLoginPath, sameSitePath } from "~/.server/redirect-to";
import { FormErrors, PasswordField, TextField } from "~/components/fields";
import { Alert, Button, ButtonLink, Card, FlashAlert } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import { formProps, useServerForm } from "~/components/form-state";

export const meta: MetaFunction = () => [{ title: pageTitle("ログイン") }];

/** A throttled login tells the browser when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = sameSitePath(new URL(request.url).searchParams.get("redirectTo"));
  redirectIfLoggedIn(context, redirectTo);
  return {
    flash: context.session.takeFlash() ?? null,
    // Our reset pages where the upstream has the reset, else the inquiry form (ADR 0016).
    forgotten: await forgottenPasswordLink(context),
    redirectTo: redirectTo ?? null,
  };
}

/** The form is read once, by the login's strategy; errors come back beside the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await login(request, context);
  if (!outcome.loggedIn) {
    return data({ result: outcome.result }, { status: outcome.status, headers: outcome.headers });
  }
  throw redirect(afterLoginPath(outcome.redirectTo, getIdentity(context)));
}

export default function Login() {
  const { flash, forgotten, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useServerForm<{ email: string; password: string }>(actionData?.result);
  return (
    <Card className="narrow">
      <h1 className="title-1 center">ログイン</h1>
      <div className="stack">
        {flash ? (
          <FlashAlert flash={flash} />
        ) : redirectTo ? (
          <Alert color="blue">ログインすると、開こうとしたページに戻ります。</Alert>
        ) : null}
        <FormErrors errors={form.errors} />
        <Form method="post" {...formProps(form)} className="stack">
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <TextField
            field={fields.email}
            label="メールアドレス"
            type="email"
            autoComplete="username"
            required
          />
          <PasswordField
            field={fields.password}
            label="パスワード"
            autoComplete="current-password"
            required
          />
          <Button type="submit" fullWidth>
            ログイン
          </Button>
        </Form>
        <p className="center small">
          {forgotten.external ? (
            <a
              href={forgotten.href}
              target="_blank"
              rel="noopener noreferrer"
              className="link-target"
            >
              パスワードをお忘れの方はこちら
            </a>
          ) : (
            <Link to={forgotten.href} className="link-target">
              パスワードをお忘れの方はこちら
            </Link>
          )}
        </p>
      </div>
      <div className="divider">はじめてご利用の方</div>
      <ButtonLink to="/advertiser/new" variant="outline" fullWidth>
        広告主登録
      </ButtonLink>
    </Card>
  );
}
