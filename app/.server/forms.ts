// The one form pattern (ARCHITECTURE §4): input → confirm → submitted, driven by a hidden intent.
// `next` parses with zod and asks the upstream's …/validate; `back` returns to input with the
// values kept; `submit` saves and redirects. Secret fields (passwords) are never echoed: between
// phases they travel sealed. An upstream outage never costs the user what they typed: the form
// comes back in its phase with a banner, and the page's loaders fall back (`loadFormPage`).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "react-router";
import { z } from "zod";
import { bannerMessage } from "~/domain/field-labels";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";
import { rethrowAsHttpError } from "./http-errors";
import { seal, unseal } from "./seal";
import {
  UpstreamError,
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
  UpstreamViolationError,
  type Violation,
} from "./upstream/errors";

/** The named texts of a saved record (or of parsed values) as form strings: a missing one is "". */
export function formTexts<K extends string>(
  record: { [P in K]?: string | null },
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? ""])) as Record<K, string>;
}

/**
 * Starts loading what a form's action needs before the form is read (the ad whose images are
 * about to be uploaded): a foreign or missing id is refused at once (403/404 pages); an outage is
 * left to `prepare`, so the form comes back with its values and the banner.
 */
export async function preload<T>(load: Promise<T>): Promise<() => Promise<T>> {
  await load.catch((error: unknown) => {
    if (!(error instanceof UpstreamUnavailableError)) rethrowAsHttpError(error);
  });
  return () => load;
}

export const SAVE_FAILED_MESSAGE = "登録時にエラーが発生しました";
/** The banner when `next` could not ask the upstream's …/validate. */
export const CHECK_FAILED_MESSAGE = UPSTREAM_DOWN_MESSAGE;
export const UNREADABLE_FORM_MESSAGE = "送信内容を読み取れませんでした。";
/** The upstream's rate limit (registration from one address, the trial form). */
export const RATE_LIMITED_MESSAGE =
  "短時間に多くの送信があったため、受け付けを一時的に停止しています。しばらく時間をおいてから再度お試しください。";
const SEALED_PREFIX = "sealed.";
/** A secret typed in the input phase opens for an hour: long enough to read the confirm page. */
const SECRET_TTL_MS = 60 * 60 * 1000;

/**
 * The form data of a post; a body that is not a readable form (broken multipart, no or a wrong
 * Content-Type) is the client's fault: 400, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    throw formReadFailure(error);
  }
}

/** The answer to a form body that could not be read (`readFormData`, the login's strategy). */
export function formReadFailure(error: unknown): Response {
  // The portal's body cap (server/form-body.ts) ends a body too large with its own 413.
  if (error instanceof Response) return error;
  return new Response(UNREADABLE_FORM_MESSAGE, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Load contexts of requests whose form action met an upstream outage. Without JS the reply is
 * rendered in the same request as the post, so the page's loaders run right after the action
 * (same context object) and meet the same outage; `loadFormPage` then falls back. Weak: an entry
 * lives as long as its request.
 */
const outages = new WeakSet<object>();

const isOutage = (error: unknown) =>
  error instanceof UpstreamUnavailableError || (error instanceof Response && error.status === 503);

/**
 * A form page's loader data. Upstream failures become the usual error pages, except after this
 * request's own form action met an outage: then the page shows the action's reply (every value
 * kept, the banner) around `fallback()`, what the page can show without the upstream.
 */
export async function loadFormPage<T, Fallback = T>(
  context: object,
  load: () => Promise<T>,
  fallback: () => Fallback,
): Promise<T | Fallback> {
  try {
    return await load();
  } catch (error) {
    if (outages.has(context) && isOutage(error)) return fallback();
    return rethrowAsHttpError(error);
  }
}

export type FormPhase = "input" | "confirm";
export type Intent = "next" | "back" | "submit";

/**
 * Violations keyed by propertyPath (renamed by `aliases` where the form names a thing
 * differently); a path the form has no field for becomes a form error that names the field
 * (`labels`, else the shared FIELD_LABELS), so no message reaches the banner without its place.
 */
export function violationErrors(
  violations: Violation[],
  fields: Iterable<string>,
  aliases: Record<string, string> = {},
  labels?: Readonly<Record<string, string>>,
) {
  const known = new Set(fields);
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const violation of violations) {
    const path = aliases[violation.propertyPath] ?? violation.propertyPath;
    if (path && known.has(path)) (fieldErrors[path] ??= []).push(violation.message);
    else formErrors.push(bannerMessage(violation.propertyPath, violation.message, labels));
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
          ? unseal(carried, "form")
          : undefined;
    if (typeof value === "string" && value) {
      formData.set(name, value);
      sealed[name] = seal(value, "form", { ttlMs: SECRET_TTL_MS });
    }
  }
  return sealed;
}

/** `newPassword` ↔ `newPasswordConfirm`: a secret and its confirmation stand or fall together. */
const partnerOf = (name: string) =>
  name.endsWith("Confirm") ? name.slice(0, -"Confirm".length) : `${name}Confirm`;

/**
 * The seals that may travel on: a rejected secret (too short, mismatched, a wrong current
 * password) is not carried forward, so its field comes back empty, required and with its error,
 * and so does its confirmation (the user cannot see which of the two was mistyped).
 */
export function keptSeals(
  sealed: Record<string, string>,
  errors: Record<string, string[] | null> | undefined,
) {
  const rejected = (name: string) => Boolean(errors?.[name]?.length);
  return Object.fromEntries(
    Object.entries(sealed).filter(([name]) => !rejected(name) && !rejected(partnerOf(name))),
  );
}

/** The plain object schema under refinements and cross-field checks (`.and`, `.superRefine`). */
function objectShape(schema: z.ZodTypeAny): z.ZodRawShape | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as z.ZodRawShape;
  if (schema instanceof z.ZodEffects) return objectShape(schema.innerType());
  if (schema instanceof z.ZodIntersection) return objectShape(schema._def.left as z.ZodTypeAny);
  return undefined;
}

/**
 * What parses of a form that failed as a whole: every field without an error, parsed on its own
 * (an empty input counts as absent, as conform reads it). The upstream's validate is asked about
 * these, so its findings (an e-mail already registered) come in the same round as the schema's.
 */
export function parsedFields(
  schema: z.ZodTypeAny,
  payload: Record<string, unknown>,
  invalid: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const shape = objectShape(schema);
  if (!shape) return undefined;
  const value: Record<string, unknown> = {};
  let any = false;
  for (const [name, fieldSchema] of Object.entries(shape)) {
    if (invalid.has(name)) continue;
    const raw = payload[name] === "" ? undefined : payload[name];
    const parsed = fieldSchema.safeParse(raw);
    if (!parsed.success) continue;
    if (parsed.data !== undefined) any = true;
    value[name] = parsed.data;
  }
  return any ? value : undefined;
}

/** Adds messages to fields, each message once per field. */
function mergeErrors(
  into: Record<string, string[]>,
  more: Record<string, readonly string[] | null | undefined>,
) {
  for (const [name, messages] of Object.entries(more)) {
    for (const message of messages ?? []) {
      const list = (into[name] ??= []);
      if (!list.includes(message)) list.push(message);
    }
  }
  return into;
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

type ConfirmFormOptions<Schema extends z.ZodTypeAny, Summary, Prepared> = {
  /** The request's load context: an outage marks it for the page's loaders (`loadFormPage`). */
  context: object;
  schema: Schema;
  /** Never echoed into HTML (passwords): carried sealed from phase to phase. */
  secretFields?: readonly string[];
  /** Form fields, so upstream violations on other paths become form errors. */
  fields: readonly string[];
  /** Upstream property paths the form names differently (eyeCatch → eyecatchIndex). */
  aliases?: Record<string, string>;
  /** The form's own names for paths it shows no field for, over the shared FIELD_LABELS. */
  labels?: Readonly<Record<string, string>>;
  /** Errors found before parsing (a failed upload): the form stays in its input phase. */
  presetErrors?: Record<string, string[]>;
  /**
   * What the person should see beside a field before going on, found before parsing (an image
   * cropped on its way up): not errors, but the form stays in its input phase for this round,
   * checked as usual, and comes back with them.
   */
  notices?: Record<string, string[]>;
  /**
   * Fields whose upstream check is only meaningful once other fields are valid (the eye-catch
   * needs an image): while one of those fails, the upstream's violations on the field are
   * dropped from the first round rather than misleading.
   */
  dependsOn?: Record<string, readonly string[]>;
  /**
   * Loads what validate, save and summarize need (the ad being edited, the course list) once the
   * input parses; an outage here keeps the form like one in validate or save, other upstream
   * failures become error pages (404 for a foreign id).
   */
  prepare?: () => Promise<Prepared>;
  /**
   * The upstream's …/validate call; throws UpstreamViolationError. `complete` is false in the
   * round where the form failed its own rules and only the fields that parse are checked.
   */
  validate: (value: z.output<Schema>, prepared: Prepared, complete: boolean) => Promise<unknown>;
  /** Saves and returns the redirect to the completion page. */
  save: (value: z.output<Schema>, prepared: Prepared) => Promise<Response>;
  /** Extra, derived facts the confirm phase shows (an end date, a price). */
  summarize?: (value: z.output<Schema>, prepared: Prepared) => Summary;
  /**
   * Fills empty fields from others before parsing (the address from the 郵便番号) and returns a
   * notice per field it wrote from, or null. A round that filled something comes back in the
   * input phase with the notices, not on to confirm or save, so the person checks what was added.
   */
  autofill?: (formData: FormData) => Promise<Record<string, string[]> | null>;
};

export async function handleConfirmForm<
  Schema extends z.ZodTypeAny,
  Summary = null,
  Prepared = undefined,
>(
  input: Request | FormData,
  {
    context,
    schema,
    secretFields = [],
    fields,
    aliases,
    labels,
    presetErrors,
    notices: presetNotices,
    dependsOn = {},
    prepare,
    validate,
    save,
    summarize,
    autofill,
  }: ConfirmFormOptions<Schema, Summary, Prepared>,
) {
  const formData = input instanceof FormData ? input : await readFormData(input);
  const intent = (formData.get("intent") ?? "next") as Intent;
  formData.delete("intent");
  const sealed = openSecrets(formData, secretFields);
  const filled = intent === "back" ? null : ((await autofill?.(formData)) ?? null);
  const notices = filled || presetNotices ? mergeErrors({ ...presetNotices }, filled ?? {}) : null;
  const submission = parseWithZod(formData, { schema });
  const hideFields = [...secretFields];

  // Once parsed, the form shows and carries the normalised values (e.g. "１５０－０００１" → "1500001").
  const normalized =
    submission.status === "success" ? displayValues(submission.value, hideFields) : undefined;
  let prepared: { value: Prepared } | undefined;
  const reply = (
    phase: FormPhase,
    status: number,
    errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
  ) => {
    const result = submission.reply({ hideFields, ...errors });
    if (normalized) result.initialValue = normalized;
    // Without what `prepare` loads (it met the outage) the confirm phase shows no summary.
    const summary =
      phase === "confirm" && summarize && submission.status === "success" && prepared
        ? summarize(submission.value, prepared.value)
        : null;
    const kept = keptSeals(sealed, result.error);
    return data({ phase, result, sealed: kept, summary, ...(notices && { notices }) }, { status });
  };

  const hasPresetErrors = Boolean(presetErrors && Object.keys(presetErrors).length > 0);
  const holds = intent !== "back" && Boolean(notices && Object.keys(notices).length > 0);
  if (submission.status !== "success" || hasPresetErrors || holds) {
    // Every error in one round: the schema's, the uploads', and the upstream's on what parses.
    const { "": schemaFormErrors, ...schemaFieldErrors } =
      ("error" in submission ? submission.error : undefined) ?? {};
    const fieldErrors = mergeErrors(mergeErrors({}, schemaFieldErrors), presetErrors ?? {});
    const formErrors = [...(schemaFormErrors ?? [])];
    const invalid = new Set(Object.keys(fieldErrors).filter((name) => fieldErrors[name]?.length));
    const partial = parsedFields(schema, submission.payload, invalid);
    let status = 400;
    if (partial && intent !== "back") {
      try {
        prepared = { value: prepare ? await prepare() : (undefined as Prepared) };
        await validate(partial as z.output<Schema>, prepared.value, false);
      } catch (error) {
        if (error instanceof UpstreamViolationError) {
          const upstream = violationErrors(error.violations, fields, aliases, labels);
          for (const [name, messages] of Object.entries(upstream.fieldErrors)) {
            // The schema's message stands for a field it refused; a dependent check waits.
            if (invalid.has(name) || (dependsOn[name] ?? []).some((d) => invalid.has(d))) continue;
            mergeErrors(fieldErrors, { [name]: messages });
          }
          // What no field shows is said now too, not a round later.
          for (const message of upstream.formErrors) {
            if (!formErrors.includes(message)) formErrors.push(message);
          }
        } else if (error instanceof UpstreamUnavailableError) {
          markOutage(context);
          status = 503;
          formErrors.push(CHECK_FAILED_MESSAGE);
        } else if (!(error instanceof UpstreamError)) {
          throw error;
        }
        // Other refusals (a rate limit) leave the schema's errors to speak for this round.
      }
    }
    // Held only for the notices, nothing wrong: an ordinary answer.
    const failed = formErrors.length > 0 || Object.values(fieldErrors).some((m) => m.length > 0);
    return reply("input", holds && !failed ? 200 : status, { fieldErrors, formErrors });
  }
  if (intent === "back") return reply("input", 200);

  // The phase the user is in: an outage or a refusal leaves them there.
  const current: FormPhase = intent === "submit" ? "confirm" : "input";
  try {
    prepared = { value: prepare ? await prepare() : (undefined as Prepared) };
  } catch (error) {
    if (!(error instanceof UpstreamUnavailableError)) return rethrowAsHttpError(error);
    return outage(context, () => reply(current, 503, { formErrors: [outageMessage(intent)] }));
  }
  try {
    if (intent === "submit") return await save(submission.value, prepared.value);
    await validate(submission.value, prepared.value, true);
    return reply("confirm", 200);
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      return reply("input", 422, violationErrors(error.violations, fields, aliases, labels));
    }
    // Upstream down: say so and keep every value (the user can retry when it is back).
    if (error instanceof UpstreamUnavailableError) {
      return outage(context, () => reply(current, 503, { formErrors: [outageMessage(intent)] }));
    }
    if (error instanceof UpstreamRateLimitedError) {
      return reply(current, 429, { formErrors: [RATE_LIMITED_MESSAGE] });
    }
    // Upstream refusing without violations: the spec's save failure, values kept.
    if (error instanceof UpstreamError) {
      return reply(current, 502, { formErrors: [SAVE_FAILED_MESSAGE] });
    }
    throw error;
  }
}

/** 送信 failed to save (the spec's text); 次へ could not be checked. */
const outageMessage = (intent: Intent) =>
  intent === "submit" ? SAVE_FAILED_MESSAGE : CHECK_FAILED_MESSAGE;

function outage<T>(context: object, reply: () => T): T {
  markOutage(context);
  return reply();
}

/** This request's form met an outage before the form handler (an upload): pages fall back. */
export function markOutage(context: object) {
  outages.add(context);
}

export type ConfirmFormData = {
  phase: FormPhase;
  result: SubmissionResult<string[]>;
  sealed: Record<string, string>;
  /** Per field, what it says that is not an error (ConfirmFormOptions.notices). */
  notices?: Record<string, string[]>;
};
