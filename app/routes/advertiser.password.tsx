// AdvertiserPassword (SPEC §2 change password): old, new, confirm. Not while impersonating.
import { getFormProps } from "@conform-to/react";
import {
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { passwordChangeSchema, passwordFields } from "~/.server/account-schemas";
import { requireAdvertiser } from "~/.server/auth";
import { handleConfirmForm } from "~/.server/forms";
import { changePassword, validatePasswordChange } from "~/.server/upstream/accounts";
import {
  InputPhase,
  SealedValues,
  ConfirmList,
  MASKED_SECRET,
  PhaseActions,
  NewPasswordFields,
  SecretField,
  useConfirmForm,
} from "~/components/ConfirmForm";
import { FormErrors } from "~/components/fields";
import { StepHeader } from "~/components/StepHeader";
import { Alert, BackToMyPage, Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("パスワードの変更") }];

/** The advertiser's own session only: an impersonating administrator cannot change it (SPEC §6). */
async function requirePasswordOwner(context: AppLoadContext) {
  const auth = await requireAdvertiser(context);
  if (auth.identity.impersonator) throw redirect("/advertiser");
  return auth;
}

export async function loader({ context }: LoaderFunctionArgs) {
  await requirePasswordOwner(context);
  return { flash: context.session.takeFlash() ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { identity, api } = await requirePasswordOwner(context);
  return handleConfirmForm(request, {
    context,
    schema: passwordChangeSchema,
    fields: passwordFields,
    secretFields: passwordFields,
    validate: (change) => validatePasswordChange(api, identity.userLoginId, change),
    save: async (change) => {
      await changePassword(api, identity.userLoginId, change);
      return redirect("/advertiser/password/complete");
    },
  });
}

type PasswordForm = Record<"oldPassword" | "newPassword" | "newPasswordConfirm", string>;

export default function AdvertiserPassword() {
  const { flash } = useLoaderData<typeof loader>();
  const { phase, form, fields, sealed, hasFieldErrors } =
    useConfirmForm<PasswordForm>(useActionData<typeof action>());
  return (
    <Card>
      <h1 className="title-1">パスワードの変更</h1>
      <StepHeader steps={["入力", "確認", "完了"]} active={phase === "confirm" ? 1 : 0} />
      <Form method="post" {...getFormProps(form)} className="stack">
        {flash ? (
          <Alert color={flash.kind === "error" ? "red" : "blue"}>{flash.message}</Alert>
        ) : null}
        <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
        <SealedValues sealed={sealed} />
        {phase === "confirm" ? (
          <>
            <p>パスワードを変更します。よろしければ「送信」を押してください。</p>
            <ConfirmList
              rows={[
                { label: "現在のパスワード", value: MASKED_SECRET },
                { label: "新しいパスワード", value: MASKED_SECRET },
              ]}
            />
          </>
        ) : null}
        <InputPhase phase={phase}>
          <>
            <SecretField
              field={fields.oldPassword}
              label="現在のパスワード"
              sealed={sealed}
              autoComplete="current-password"
            />
            <NewPasswordFields
              password={fields.newPassword}
              confirm={fields.newPasswordConfirm}
              label="新しいパスワード"
              sealed={sealed}
            />
          </>
        </InputPhase>
        <PhaseActions phase={phase} />
      </Form>
      <BackToMyPage />
    </Card>
  );
}
