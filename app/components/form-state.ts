// The client half of our forms: what a page needs from the server's reply (conform's
// SubmissionResult, made by parseWithZod and submission.reply() in the actions) and the props that
// tie inputs to it. Forms are validated on the server only (ADR 0003), so conform's client, a form
// state machine for validating in the browser (about 9 KiB gzip on every form page), is not
// shipped: this gives the same ids, attributes and first values as its useForm and get*Props did.
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";

/** A field: its name, the ids its label, hint and error use, its first value and its errors. */
export type Field = {
  name: string;
  id: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** The value the page started with (the reply's, else the default); later replies keep it. */
  initialValue: string | undefined;
  /** The last reply's errors for the field. */
  errors: string[] | undefined;
};

/** The form: its id and the last reply's errors that belong to no field. */
export type FormState = { id: string; errors: string[] | undefined };

type Values = Record<string, string | undefined>;

/** An element that holds a value of the form (as conform counts them: buttons do not). */
const isFieldElement = (
  element: Element,
): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  element instanceof HTMLInputElement
    ? !["submit", "button", "reset"].includes(element.type)
    : element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/**
 * The form's state from the last reply (`lastResult`) and the values it starts with. The values
 * a page starts with stay its inputs' defaults (the inputs hold what is typed since); each reply
 * brings its errors, and one with errors that came without a page load puts the focus on the
 * first field it refused.
 */
export function useServerForm<T extends Record<string, unknown> = Values>(
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Partial<Record<keyof T, string>>,
): [FormState, Record<keyof T, Field>] {
  const formId = useId();
  const [initialValue] = useState(
    () => (lastResult?.initialValue ?? defaultValue ?? {}) as Record<string, unknown>,
  );
  const errors = lastResult?.error ?? {};
  const shown = useRef(lastResult);
  useEffect(() => {
    if (lastResult === shown.current) return;
    shown.current = lastResult;
    if (lastResult?.status !== "error") return;
    const form = document.forms.namedItem(formId);
    const refused = [...(form?.elements ?? [])]
      .filter(isFieldElement)
      .find((element) => lastResult.error?.[element.name]);
    refused?.focus();
  }, [formId, lastResult]);
  const field = (name: string): Field => {
    const id = `${formId}-${name}`;
    const value = initialValue[name];
    return {
      name,
      id,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      initialValue: typeof value === "string" ? value : undefined,
      errors: errors[name] ?? undefined,
    };
  };
  const fields = new Proxy({} as Record<keyof T, Field>, {
    get: (_, name) => (typeof name === "string" ? field(name) : undefined),
  });
  return [{ id: formId, errors: errors[""] ?? undefined }, fields];
}

/** A <Form>'s props: its id, and no browser validation (the server's messages say more). */
export const formProps = (form: FormState) => ({ id: form.id, noValidate: true });

/**
 * The attributes that tie a control to its field: name, id, form, and while it has errors
 * aria-invalid and aria-describedby naming the error (then `describedBy`, the hint's id).
 */
export function controlProps(field: Field, describedBy?: string) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${describedBy ?? ""}`.trim() : describedBy,
  };
}
