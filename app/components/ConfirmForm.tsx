// The client half of the input → confirm → submit pattern (server half: app/.server/forms.ts).
import { useEffect, useRef, type ReactNode } from "react";
import type { ConfirmFormData } from "~/.server/forms";
import { PASSWORD_MIN } from "~/domain/limits";
import { PasswordField } from "./fields";
import { useServerForm, type Field } from "./form-state";
import { Button } from "./ui";

export { ConfirmList } from "./ConfirmList";

type Values = Record<string, unknown>;

/** No reply yet: one object for every render, so secret inputs keep their identity (SecretField). */
const NO_SEALS: Record<string, string> = {};
const NO_NOTICES: Record<string, string[]> = {};

/** The form for the current phase; scrolls to the top whenever the phase or errors change. */
export function useConfirmForm<T extends Values>(
  actionData: ConfirmFormData | undefined,
  defaultValue?: Partial<Record<keyof T, string>>,
) {
  const [form, fields] = useServerForm<T>(actionData?.result, defaultValue);
  useEffect(() => {
    if (actionData) window.scrollTo({ top: 0 });
  }, [actionData]);
  const values = (actionData?.result.initialValue ?? {}) as Record<string, string | undefined>;
  // Field errors (not the form-level ones, kept under "") get the spec's banner.
  const hasFieldErrors = Object.entries(actionData?.result.error ?? {}).some(
    ([name, errors]) => name !== "" && Boolean(errors?.length),
  );
  return {
    hasFieldErrors,
    phase: actionData?.phase ?? "input",
    form,
    fields,
    values,
    sealed: actionData?.sealed ?? NO_SEALS,
    /** Per field, what the server says beside it that is not an error (a cropped image, an address filled from the 郵便番号). */
    notices: actionData?.notices ?? NO_NOTICES,
  };
}

/** 次へ in the input phase; 修正 and 送信 in the confirm phase of every form (SPEC §2). */
export function PhaseActions({
  phase,
  submitLabel = "送信",
}: {
  phase: string;
  /** The trial form says 申込み (SPEC §2). */
  submitLabel?: string;
}) {
  if (phase === "confirm") {
    return (
      <div className="group end">
        <Button type="submit" name="intent" value="back" variant="default">
          修正
        </Button>
        <Button type="submit" name="intent" value="submit">
          {submitLabel}
        </Button>
      </div>
    );
  }
  return (
    <div className="group end">
      <Button type="submit" name="intent" value="next">
        次へ
      </Button>
    </div>
  );
}

/**
 * The input fields stay in the form during the confirm phase, hidden: they carry what the user
 * typed to 送信 and bring it back untouched on 修正 (with or without JavaScript).
 */
export function InputPhase({ phase, children }: { phase: string; children: ReactNode }) {
  return (
    <div className="stack" hidden={phase === "confirm"}>
      {children}
    </div>
  );
}

/** Hidden inputs with the sealed secrets (passwords), in every phase. */
export function SealedValues({ sealed }: { sealed: Record<string, string> }) {
  return (
    <>
      {Object.entries(sealed).map(([name, value]) => (
        <input key={name} type="hidden" name={`sealed.${name}`} value={value} />
      ))}
    </>
  );
}

export const MASKED_SECRET = "●●●●●●●●（表示されません）";
export const SECRET_KEPT_HINT = "入力済みです。変更する場合のみ入力し直してください。";
/** A secret the server did not carry on (refused, or its partner was): the field is empty again. */
export const SECRET_RETYPE_HINT = "セキュリティのため、パスワードをもう一度入力してください。";

const retypeHint = (description?: string) =>
  description ? `${SECRET_RETYPE_HINT}${description}` : SECRET_RETYPE_HINT;

/**
 * The input's generation: it starts afresh (empty) only with a reply that refused the secret.
 * A carried secret keeps what the browser holds, with JavaScript, through error rounds and 修正.
 */
function useSecretGeneration(sealed: Record<string, string>, refused: boolean) {
  const last = useRef({ sealed, generation: 0 });
  if (last.current.sealed !== sealed) {
    last.current = {
      sealed,
      generation: last.current.generation + (refused ? 1 : 0),
    };
  }
  return last.current.generation;
}

/**
 * A password input of a confirm form. Without JavaScript the page cannot refill it: once the
 * server holds it sealed it may stay empty (the sealed value is used) and says so; one the server
 * did not carry on says it must be typed again. With JavaScript a carried one keeps its value.
 */
export function SecretField({
  field,
  label,
  sealed,
  autoComplete,
  description,
}: {
  field: Field;
  label: string;
  sealed: Record<string, string>;
  autoComplete: string;
  description?: string;
}) {
  const kept = Boolean(sealed[field.name]);
  // A reply that does not carry the secret on refused it (or its partner), or it was never typed.
  const refused = sealed !== NO_SEALS && !kept;
  const generation = useSecretGeneration(sealed, refused);
  return (
    <PasswordField
      key={generation}
      field={field}
      label={label}
      required={!kept}
      autoComplete={autoComplete}
      description={kept ? SECRET_KEPT_HINT : refused ? retypeHint(description) : description}
    />
  );
}

/** A new password and its confirmation (registration, password change). */
export function NewPasswordFields({
  password,
  confirm,
  label,
  sealed,
}: {
  password: Field;
  confirm: Field;
  label: string;
  sealed: Record<string, string>;
}) {
  return (
    <>
      <SecretField
        field={password}
        label={label}
        sealed={sealed}
        autoComplete="new-password"
        description={`${PASSWORD_MIN}文字以上で入力してください。`}
      />
      <SecretField
        field={confirm}
        label={`${label}（確認）`}
        sealed={sealed}
        autoComplete="new-password"
      />
    </>
  );
}
