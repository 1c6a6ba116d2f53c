// AdvertiserPassword (SPEC §2 change password): old, new, confirm. Not while impersonating.
import {
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { passwordChangeSchema, passwordFields } from "~/.server/account-schemas";
import { requireAdvertiser } from "~/.server/auth";
import { handleConfirmForm } from "~/.server/forms";
import { changePassword, validatePasswordChange } from "~/.server/upstream/accounts";
import {
  ConfirmList,
  InputPhase,
  MASKED_SECRET,
  NewPasswordFields,
  SecretField,
  useConfirmForm,
} from "~/components/ConfirmForm";
import { ConfirmFormPage, ConfirmPhase } from "~/components/ConfirmFormPage";
import { BackToMyPage, Card, FlashAlert } from "~/components/ui";
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
  const state = useConfirmForm<PasswordForm>(useActionData<typeof action>());
  const { phase, fields, sealed } = state;
  return (
    <Card>
      <ConfirmFormPage title="パスワードの変更" state={state} banner={<FlashAlert flash={flash} />}>
        <ConfirmPhase
          phase={phase}
          intro="パスワードを変更します。よろしければ「送信」を押してください。"
        >
          <ConfirmList
            rows={[
              { label: "現在のパスワード", value: MASKED_SECRET },
              { label: "新しいパスワード", value: MASKED_SECRET },
            ]}
          />
        </ConfirmPhase>
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
      </ConfirmFormPage>
      <BackToMyPage />
    </Card>
  );
}
