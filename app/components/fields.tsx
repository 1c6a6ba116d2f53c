// Form field wrappers: one per field kind, joining our inputs to conform fields so every form
// shows labels, the 必須 marker, hints and server errors the same way.
import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import type { ChangeEventHandler, ReactNode } from "react";
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
      {/* The 必須 mark is drawn by CSS; the input itself carries `required`. */}
      <label htmlFor={field.id} className={required ? "field-label required" : "field-label"}>
        {label}
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
  requiredMark = required,
  description,
  type = "text",
  ...rest
}: FieldProps & {
  /** The 必須 marker, shown with `required` unless a screen's spec leaves it off (the trial's 番地). */
  requiredMark?: boolean;
  type?: "text" | "email" | "tel" | "url" | "password" | "date" | "number";
  min?: string;
  max?: string;
  step?: string;
  maxLength?: number;
  onChange?: ChangeEventHandler<HTMLInputElement>;
}) {
  const { key, ...props } = getInputProps(field, {
    type,
    ariaAttributes: true,
    ariaDescribedBy: description ? field.descriptionId : undefined,
  });
  // Passwords are never echoed back: no defaultValue, even after a failed submission.
  if (type === "password") delete props.defaultValue;
  return (
    <FieldFrame field={field} label={label} required={requiredMark} description={description}>
      <input key={key} className="input" {...props} {...rest} required={required} />
    </FieldFrame>
  );
}

export function PasswordField(props: FieldProps) {
  return <TextField {...props} type="password" />;
}

export const KEPT_CHOICE_LABEL = "（選択済み）";

export function SelectField({
  field,
  label,
  required,
  description,
  options,
  placeholder = "選択してください",
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  // A posted choice the options no longer list (they could not be loaded: upstream down) stays.
  const chosen = typeof field.initialValue === "string" ? field.initialValue : "";
  const kept = chosen !== "" && !options.some((option) => option.value === chosen);
  return (
    <FieldFrame field={field} label={label} required={required} description={description}>
      <select key={key} className="input" {...props} required={required}>
        <option value="">{placeholder}</option>
        {kept ? <option value={chosen}>{KEPT_CHOICE_LABEL}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextareaField({
  field,
  label,
  required,
  description,
  rows = 6,
  maxLength,
}: FieldProps & { rows?: number; maxLength?: number }) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label} required={required} description={description}>
      <textarea
        key={key}
        className="input"
        rows={rows}
        maxLength={maxLength}
        {...props}
        required={required}
      />
    </FieldFrame>
  );
}

/** A group of radio buttons; each option may carry a description line (e.g. a price). */
export function RadioGroupField({
  field,
  label,
  required,
  options,
}: Pick<FieldProps, "field" | "label" | "required"> & {
  options: readonly { value: string; label: string; description?: string }[];
}) {
  const chosen = typeof field.initialValue === "string" ? field.initialValue : "";
  if (chosen !== "" && !options.some((o) => o.value === chosen)) {
    options = [{ value: chosen, label: KEPT_CHOICE_LABEL }, ...options];
  }
  const inputs = getCollectionProps(field, {
    type: "radio",
    options: options.map((o) => o.value),
    ariaAttributes: true,
  });
  return (
    <fieldset className="field radio-group" aria-invalid={field.errors?.length ? true : undefined}>
      <legend className={required ? "field-label required" : "field-label"}>{label}</legend>
      {inputs.map(({ key, ...props }, i) => (
        <label key={key} className="radio-option">
          <input {...props} required={required} />
          <span>
            <span className="radio-label">{options[i]!.label}</span>
            {options[i]!.description ? (
              <span className="field-description"> {options[i]!.description}</span>
            ) : null}
          </span>
        </label>
      ))}
      {field.errors?.length ? (
        <p className="field-error" id={field.errorId}>
          {field.errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
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
    <Alert color="red">
      {hasFieldErrors ? <div>{FORM_ERROR_BANNER}</div> : null}
      {errors?.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
