// Form field wrappers: one per field kind, joining our inputs to conform fields so every form
// shows labels, the 必須 marker, hints and server errors the same way.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Alert } from "./ui";

export const FORM_ERROR_BANNER = "エラーがあります。入力内容をご確認ください。";

type FieldProps = {
  field: FieldMetadata<string | undefined>;
  label: string;
  required?: boolean;
  description?: ReactNode;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
};

/** Label, hint and error around one input; ids come from conform so aria links line up. */
function FieldFrame({
  field,
  label,
  required,
  description,
  children,
}: Pick<FieldProps, "field" | "label" | "required" | "description"> & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {label}
        {required ? <span className="required-mark">必須</span> : null}
      </label>
      {description ? (
        <p className="field-description" id={field.descriptionId}>
          {description}
        </p>
      ) : null}
      {children}
      {field.errors?.length ? (
        <p className="field-error" id={field.errorId}>
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  field,
  label,
  required,
  description,
  type = "text",
  ...rest
}: FieldProps & { type?: "text" | "email" | "tel" | "url" | "password" }) {
  const { key, ...props } = getInputProps(field, {
    type,
    ariaAttributes: true,
    ariaDescribedBy: description ? field.descriptionId : undefined,
  });
  // Passwords are never echoed back: no defaultValue, even after a failed submission.
  if (type === "password") delete props.defaultValue;
  return (
    <FieldFrame field={field} label={label} required={required} description={description}>
      <input key={key} className="input" {...props} {...rest} required={required} />
    </FieldFrame>
  );
}

export function PasswordField(props: FieldProps) {
  return <TextField {...props} type="password" />;
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
    <Alert color="red">
      {hasFieldErrors ? <div>{FORM_ERROR_BANNER}</div> : null}
      {errors?.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
