// AdvertiserEmail (SPEC §2 change email): shows the current email, asks for the new one. The
// upstream re-issues the token (the email is in it), which replaces the stored one: no re-login.
// Not while impersonating (like the password): the page says so instead of showing the form.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { emailChangeFields, emailChangeSchema } from "~/.server/account-schemas";
import { requireAdvertiser, storeEmailChangeTokens } from "~/.server/auth";
import { handleConfirmForm, loadFormPage } from "~/.server/forms";
import { changeEmail, validateEmailChange } from "~/.server/upstream/accounts";
import { getUserLogin } from "~/.server/upstream/resources";
import { ConfirmList, InputPhase, useConfirmForm } from "~/components/ConfirmForm";
import { ConfirmFormPage, ConfirmPhase } from "~/components/ConfirmFormPage";
import { TextField } from "~/components/fields";
import { Alert, BackToMyPage, Card } from "~/components/ui";
import { EMAIL_CHANGE_IMPERSONATED_MESSAGE } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("メールアドレスの変更") }];

/** What an impersonated session gets, from the loader and the action alike (the API says 403). */
const impersonated = () => data({ impersonated: true as const }, { status: 403 });

export async function loader({ context }: LoaderFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  if (identity.impersonator) return impersonated();
  const login = await loadFormPage(
    context,
    () => getUserLogin(api, identity.userLoginId),
    () => null,
  );
  // The token names the login too: enough while the upstream is down.
  return { currentEmail: login?.email ?? login?.username ?? identity.username };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  if (identity.impersonator) return impersonated();
  return handleConfirmForm(request, {
    context,
    schema: emailChangeSchema,
    fields: emailChangeFields,
    validate: ({ newEmail }) => validateEmailChange(api, identity.userLoginId, newEmail),
    save: async ({ newEmail }) => {
      await storeEmailChangeTokens(context, await changeEmail(api, identity.userLoginId, newEmail));
      return redirect("/advertiser/email/complete");
    },
  });
}

export default function AdvertiserEmail() {
  const loaded = useLoaderData<typeof loader>();
  if ("impersonated" in loaded) {
    return (
      <Card>
        <h1 className="title-1">メールアドレスの変更</h1>
        <Alert color="red">{EMAIL_CHANGE_IMPERSONATED_MESSAGE}</Alert>
        <BackToMyPage />
      </Card>
    );
  }
  return <EmailForm currentEmail={loaded.currentEmail} />;
}

function EmailForm({ currentEmail }: { currentEmail: string }) {
  const actionData = useActionData<typeof action>();
  // An impersonated post (403) carries no form state: the form shows as it was loaded.
  const state = useConfirmForm<{ newEmail: string }>(
    actionData && "impersonated" in actionData ? undefined : actionData,
  );
  const { phase, fields, values } = state;
  return (
    <Card>
      <ConfirmFormPage title="メールアドレスの変更" state={state}>
        <ConfirmList
          rows={[
            { label: "現在のメールアドレス", value: currentEmail },
            ...(phase === "confirm"
              ? [{ label: "新しいメールアドレス", value: values.newEmail }]
              : []),
          ]}
        />
        <ConfirmPhase
          phase={phase}
          intro="新しいメールアドレスは次回からログインに使います。よろしければ「送信」を押してください。"
        />
        <InputPhase phase={phase}>
          <TextField
            field={fields.newEmail}
            label="新しいメールアドレス"
            type="email"
            required
            autoComplete="email"
          />
        </InputPhase>
      </ConfirmFormPage>
      <BackToMyPage />
    </Card>
  );
}
