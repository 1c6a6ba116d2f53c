// Form field wrappers: one per field kind, joining Mantine inputs to conform fields so every form
// shows labels, the 必須 marker and server errors the same way.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Alert, PasswordInput, TextInput } from "@mantine/core";
import type { ReactNode } from "react";

export const FORM_ERROR_BANNER = "エラーがあります。入力内容をご確認ください。";

export function FieldLabel({ label, required }: { label: string; required?: boolean }) {
  return (
    <>
      {label}
      {required ? <span className="required-mark">必須</span> : null}
    </>
  );
}

type FieldProps = {
  field: FieldMetadata<string | undefined>;
  label: string;
  required?: boolean;
  description?: ReactNode;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
};

export function TextField({
  field,
  label,
  required,
  type = "text",
  ...rest
}: FieldProps & { type?: "text" | "email" | "tel" | "url" }) {
  const { key, ...props } = getInputProps(field, { type, ariaAttributes: true });
  return (
    <TextInput
      key={key}
      {...props}
      {...rest}
      label={<FieldLabel label={label} required={required} />}
      required={required}
      withAsterisk={false}
      error={field.errors?.join(" ")}
    />
  );
}

export function PasswordField({ field, label, required, ...rest }: FieldProps) {
  // Passwords are never echoed back: no defaultValue, even after a failed submission.
  const { key, defaultValue: _dropped, ...props } = getInputProps(field, { type: "password" });
  return (
    <PasswordInput
      key={key}
      {...props}
      {...rest}
      label={<FieldLabel label={label} required={required} />}
      required={required}
      withAsterisk={false}
      error={field.errors?.join(" ")}
    />
  );
}

/** Form-level errors: the spec's banner when fields have errors, and any message with no field. */
export function FormErrors({
  errors,
  hasFieldErrors,
}: {
  errors?: string[];
  hasFieldErrors?: boolean;
}) {
  if (!hasFieldErrors && !errors?.length) return null;
  return (
    <Alert color="red" variant="light" role="alert" mb="md">
      {hasFieldErrors ? <div>{FORM_ERROR_BANNER}</div> : null}
      {errors?.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
