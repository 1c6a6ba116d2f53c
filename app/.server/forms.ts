// The one form pattern (ARCHITECTURE §4): input → confirm → submitted, driven by a hidden intent.
// `next` parses with zod and asks the upstream's …/validate; `back` returns to input with the
// values kept; `submit` saves and redirects. Secret fields (passwords) are never echoed: between
// phases they travel sealed.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { seal, unseal } from "./seal";
import { UpstreamError, UpstreamViolationError, type Violation } from "./upstream/errors";

export const SAVE_FAILED_MESSAGE = "登録時にエラーが発生しました";
const SEALED_PREFIX = "sealed.";

export type FormPhase = "input" | "confirm";
export type Intent = "next" | "back" | "submit";

/**
 * Violations keyed by propertyPath (renamed by `aliases` where the form names a thing
 * differently); paths the form has no field for become form errors.
 */
export function violationErrors(
  violations: Violation[],
  fields: Iterable<string>,
  aliases: Record<string, string> = {},
) {
  const known = new Set(fields);
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const violation of violations) {
    const path = aliases[violation.propertyPath] ?? violation.propertyPath;
    if (path && known.has(path)) (fieldErrors[path] ??= []).push(violation.message);
    else formErrors.push(violation.message);
  }
  return { fieldErrors, formErrors };
}

/** Fills empty secret fields from their sealed copies; returns the form data and fresh seals. */
function openSecrets(formData: FormData, secretFields: readonly string[]) {
  const sealed: Record<string, string> = {};
  for (const name of secretFields) {
    const typed = formData.get(name);
    const carried = formData.get(`${SEALED_PREFIX}${name}`);
    formData.delete(`${SEALED_PREFIX}${name}`);
    const value =
      typeof typed === "string" && typed !== ""
        ? typed
        : typeof carried === "string"
          ? unseal(carried)
          : undefined;
    if (value) {
      formData.set(name, value);
      sealed[name] = seal(value);
    }
  }
  return sealed;
}

/** The parsed value as form strings, without the secret fields. */
function displayValues(value: unknown, hidden: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (hidden.includes(name) || v === undefined || v === null) continue;
    out[name] = typeof v === "string" ? v : String(v);
  }
  return out;
}

type ConfirmFormOptions<Schema extends z.ZodTypeAny, Summary> = {
  schema: Schema;
  /** Never echoed into HTML (passwords): carried sealed from phase to phase. */
  secretFields?: readonly string[];
  /** Form fields, so upstream violations on other paths become form errors. */
  fields: readonly string[];
  /** Upstream property paths the form names differently (eyeCatch → eyecatchIndex). */
  aliases?: Record<string, string>;
  /** Errors found before parsing (a failed upload): the form stays in its input phase. */
  presetErrors?: Record<string, string[]>;
  /** The upstream's …/validate call; throws UpstreamViolationError. */
  validate: (value: z.output<Schema>) => Promise<unknown>;
  /** Saves and returns the redirect to the completion page. */
  save: (value: z.output<Schema>) => Promise<Response>;
  /** Extra, derived facts the confirm phase shows (an end date, a price). */
  summarize?: (value: z.output<Schema>) => Summary;
};

export async function handleConfirmForm<Schema extends z.ZodTypeAny, Summary = null>(
  input: Request | FormData,
  {
    schema,
    secretFields = [],
    fields,
    aliases,
    presetErrors,
    validate,
    save,
    summarize,
  }: ConfirmFormOptions<Schema, Summary>,
) {
  const formData = input instanceof FormData ? input : await input.formData();
  const intent = (formData.get("intent") ?? "next") as Intent;
  formData.delete("intent");
  const sealed = openSecrets(formData, secretFields);
  const submission = parseWithZod(formData, { schema });
  const hideFields = [...secretFields];

  // Once parsed, the form shows and carries the normalised values (e.g. "１５０－０００１" → "1500001").
  const normalized =
    submission.status === "success" ? displayValues(submission.value, hideFields) : undefined;
  const reply = (
    phase: FormPhase,
    status: number,
    errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
  ) => {
    const result = submission.reply({ hideFields, ...errors });
    if (normalized) result.initialValue = normalized;
    const summary =
      phase === "confirm" && summarize && submission.status === "success"
        ? summarize(submission.value)
        : null;
    return data({ phase, result, sealed, summary }, { status });
  };

  if (presetErrors && Object.keys(presetErrors).length > 0) {
    return reply("input", 400, { fieldErrors: presetErrors });
  }
  if (submission.status !== "success") return reply("input", 400);
  if (intent === "back") return reply("input", 200);

  try {
    if (intent === "submit") return await save(submission.value);
    await validate(submission.value);
    return reply("confirm", 200);
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      return reply("input", 422, violationErrors(error.violations, fields, aliases));
    }
    // Upstream down or refusing: say so and keep every value (the user can retry or correct).
    if (error instanceof UpstreamError) {
      return reply(intent === "submit" ? "confirm" : "input", 502, {
        formErrors: [SAVE_FAILED_MESSAGE],
      });
    }
    throw error;
  }
}

export type ConfirmFormData = {
  phase: FormPhase;
  result: SubmissionResult<string[]>;
  sealed: Record<string, string>;
};
