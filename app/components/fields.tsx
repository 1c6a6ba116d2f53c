// Form field wrappers: one per field kind, joining our inputs to the form's fields (form-state.ts)
// so every form shows labels, the 必須 marker, hints and server errors the same way.
import type { ChangeEventHandler, ReactNode } from "react";
import { controlProps, type Field } from "./form-state";
import { Alert } from "./ui";

export const FORM_ERROR_BANNER = "エラーがあります。入力内容をご確認ください。";

type FieldProps = {
  field: Field;
  label: string;
  required?: boolean;
  description?: ReactNode;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
};

/** Label, hint and error around one input; ids come from the field so aria links line up. */
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
  return (
    <FieldFrame field={field} label={label} required={requiredMark} description={description}>
      <input
        className="input"
        {...controlProps(field, description ? field.descriptionId : undefined)}
        type={type}
        // Passwords are never echoed back: no defaultValue, even after a failed submission.
        defaultValue={type === "password" ? undefined : field.initialValue}
        {...rest}
        required={required}
      />
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
  // A posted choice the options no longer list (they could not be loaded: upstream down) stays.
  const chosen = field.initialValue ?? "";
  const kept = chosen !== "" && !options.some((option) => option.value === chosen);
  return (
    <FieldFrame field={field} label={label} required={required} description={description}>
      <select
        className="input"
        {...controlProps(field)}
        defaultValue={field.initialValue}
        required={required}
      >
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
  return (
    <FieldFrame field={field} label={label} required={required} description={description}>
      <textarea
        className="input"
        rows={rows}
        maxLength={maxLength}
        {...controlProps(field)}
        defaultValue={field.initialValue}
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
  const chosen = field.initialValue ?? "";
  if (chosen !== "" && !options.some((o) => o.value === chosen)) {
    options = [{ value: chosen, label: KEPT_CHOICE_LABEL }, ...options];
  }
  return (
    <fieldset className="field radio-group" aria-invalid={field.errors?.length ? true : undefined}>
      <legend className={required ? "field-label required" : "field-label"}>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-option">
          <input
            {...controlProps(field)}
            id={`${field.id}-${option.value}`}
            type="radio"
            value={option.value}
            defaultChecked={field.initialValue === option.value}
            required={required}
          />
          <span>
            <span className="radio-label">{option.label}</span>
            {option.description ? (
              <span className="field-description"> {option.description}</span>
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
