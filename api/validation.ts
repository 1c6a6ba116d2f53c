// Field rules shared by the account resources (registration, contact details, email and password
// changes): each field is parsed on its own so one request reports every violation at once, and
// cross-field or database checks are added by the resource.
import { eq } from "drizzle-orm";
import { z, type ZodTypeAny } from "zod";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, TEXT_MAX } from "./domain/limits";
import { isValidTel, normalizeTel, TEL_MESSAGE } from "../shared/tel";
import { normalizeZipCode, ZIP_CODE_MESSAGE, ZIP_CODE_PATTERN } from "../shared/zip-code";
import { emailExists } from "./accounts";
import type { Database } from "./db/client";
import { prefectures } from "./db/schema";
import {
  iri,
  parseIdOrIri,
  assertRelations,
  itemNotFound,
  ValidationError,
  ViolationCode,
  violationsFromZod,
  type Violation,
} from "./hydra";

export const MESSAGES = {
  required: "入力してください。",
  select: "選択してください。",
  invalidChoice: "正しい選択肢ではありません。",
  invalidValue: "正しい値を入力してください。",
  email: "メールアドレスの形式が正しくありません。",
  emailTaken: "このメールアドレスは既に登録されています。",
  sameEmail: "現在のメールアドレスと同じです。",
  passwordMismatch: "パスワードが一致しません。",
  wrongPassword: "現在のパスワードが正しくありません。",
  samePassword: "現在のパスワードと同じです。",
  tooLong: (max: number) => `${max}文字以内で入力してください。`,
  tooShort: (min: number) => `${min}文字以上で入力してください。`,
} as const;

/** SPEC §5 and §9: the numbers of app/domain/limits.ts, which the portal's forms check too. */
export const PASSWORD_MIN_LENGTH = PASSWORD_MIN;
export const PASSWORD_MAX_LENGTH = PASSWORD_MAX;
export const TEXT_MAX_LENGTH = TEXT_MAX;
export const EMAIL_MAX_LENGTH = EMAIL_MAX;

/** Characters as people count them (code points), as Symfony's Length constraint does. */
export const charLength = (value: string) => Array.from(value).length;

/** Strings are trimmed, numbers become strings, null reads as missing. */
const trimmed = (value: unknown) => {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return value ?? undefined;
};

/** Trimmed text, or undefined when blank; null reads as missing; anything else as it came. */
export const blankToUndefined = (value: unknown) => {
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  return value ?? undefined;
};

/** As blankToUndefined, and a number becomes its text (a text field sent as a JSON number). */
export const blankToUndefinedText = (value: unknown) =>
  typeof value === "number" ? String(value) : blankToUndefined(value);

/** A string; missing: `message`; another type: the invalid-value message. */
export const typedString = (message: string) =>
  z.string({ required_error: message, invalid_type_error: MESSAGES.invalidValue });

const requiredString = (message: string = MESSAGES.required) =>
  typedString(message).min(1, message);

/** `schema` at most `max` characters long; longer: `message` with the too-long violation code. */
export const maxChars = <T extends z.ZodType<string>>(
  schema: T,
  max: number,
  message = MESSAGES.tooLong(max),
) =>
  schema.refine((value) => charLength(value) <= max, {
    message,
    params: { code: ViolationCode.tooLong },
  });

/** A string of at most `max` characters (longer: `message`); another type: the invalid-value message. */
export const boundedString = (max: number, message = MESSAGES.tooLong(max)) =>
  maxChars(typedString(MESSAGES.required), max, message);

/** `schema` or unset: blank (and null) read as unset, other strings are trimmed first. */
export const blankAsUnset = <T extends ZodTypeAny>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/** An optional text of at most `max` characters: blank or absent is unset. */
export const optionalText = (max = TEXT_MAX_LENGTH) => blankAsUnset(boundedString(max));

/** A required, trimmed text of at most `max` characters. */
export const text = (max = TEXT_MAX_LENGTH) =>
  z.preprocess(trimmed, maxChars(requiredString(), max));

/** The length is checked first: an over-long value is "too long", and never meets the email pattern. */
export const email = () =>
  z.preprocess(
    trimmed,
    maxChars(requiredString(), EMAIL_MAX_LENGTH).pipe(z.string().email(MESSAGES.email)),
  );

/** A password as typed: never trimmed. */
export const anyPassword = () => z.preprocess((value) => value ?? undefined, requiredString());

export const newPassword = () =>
  z.preprocess(
    (value) => value ?? undefined,
    maxChars(
      requiredString().min(PASSWORD_MIN_LENGTH, MESSAGES.tooShort(PASSWORD_MIN_LENGTH)),
      PASSWORD_MAX_LENGTH,
    ),
  );

/** Full-width digits and hyphens are accepted and stored as 7 half-width digits. */
export const zipCode = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? normalizeZipCode(value) : trimmed(value)),
    requiredString().regex(ZIP_CODE_PATTERN, ZIP_CODE_MESSAGE),
  );

/** Digits with optional hyphens, 10 or 11 digits; stored half-width, hyphens kept. */
export const tel = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? normalizeTel(value) : trimmed(value)),
    requiredString().refine(isValidTel, TEL_MESSAGE),
  );

/**
 * A prefecture IRI ("/api/adv/prefectures/13"), as resolvePrefecture leaves a known name; an
 * unknown name is not a choice (422).
 */
export const prefectureRef = () =>
  z.preprocess(
    trimmed,
    requiredString(MESSAGES.select)
      .transform((value) => (value.startsWith("/") ? parseIdOrIri(value, "prefectures") : null))
      .refine((id): id is number => id !== null, {
        message: MESSAGES.invalidChoice,
        params: { code: ViolationCode.noSuchChoice },
      }),
  );

/** An advertiser's contact details (registration and edit): every field is required (SPEC §2). */
export const contactDetailsShape = {
  companyName: text(),
  personInCharge: text(),
  tel: tel(),
  zipCode: zipCode(),
  prefecture: prefectureRef(),
  city: text(),
  address: text(),
};

type Shape = Record<string, ZodTypeAny>;
type Values<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

/**
 * Parses each field of `shape` on its own. `values` holds the fields that passed; `violations`
 * the first problem of each field that did not (an empty email is "required", not also "invalid").
 */
export function parseFields<S extends Shape>(shape: S, input: Record<string, unknown>) {
  const values: Partial<Values<S>> = {};
  const violations: Violation[] = [];
  for (const key of Object.keys(shape) as Array<keyof S & string>) {
    const result = shape[key]!.safeParse(input[key]);
    if (result.success) {
      values[key] = result.data;
    } else {
      const [first] = violationsFromZod(result.error);
      if (first) {
        const nested = first.propertyPath;
        violations.push({ ...first, propertyPath: nested ? `${key}.${nested}` : key });
      }
    }
  }
  return { values, violations };
}

/**
 * Collects violations in field order, then throws them all at once (422) or returns the values,
 * now known to be complete.
 */
export class Checks<S extends Shape> {
  readonly values: Partial<Values<S>>;
  private readonly violations: Violation[];
  private readonly order: string[];

  constructor(shape: S, input: Record<string, unknown>) {
    const parsed = parseFields(shape, input);
    this.values = parsed.values;
    this.violations = parsed.violations;
    this.order = Object.keys(shape);
  }

  has(field: keyof S & string): boolean {
    return this.violations.some((v) => v.propertyPath === field);
  }

  add(field: keyof S & string, message: string, code: string | null = null) {
    if (!this.has(field)) this.violations.push({ propertyPath: field, message, code });
  }

  /** The values, or a ValidationError with every violation, in the order of the fields. */
  result(): Values<S> {
    if (this.violations.length === 0) return this.values as Values<S>;
    const rank = (v: Violation) => {
      const index = this.order.indexOf(v.propertyPath.split(".")[0]!);
      return index === -1 ? this.order.length : index;
    };
    throw new ValidationError([...this.violations].sort((a, b) => rank(a) - rank(b)));
  }
}

/** `newPasswordConfirm` must repeat `newPassword` (checked when both were given as text). */
export function checkPasswordConfirmation<S extends Shape & { newPasswordConfirm: ZodTypeAny }>(
  checks: Checks<S>,
  input: Record<string, unknown>,
) {
  const confirm = input.newPasswordConfirm;
  if (typeof input.newPassword !== "string" || typeof confirm !== "string") return;
  if (confirm !== "" && confirm !== input.newPassword) {
    checks.add("newPasswordConfirm", MESSAGES.passwordMismatch, ViolationCode.notEqual);
  }
}

/** The email must not belong to any login yet (compared case-insensitively). */
export async function checkEmailAvailable<S extends Shape>(
  db: Database,
  checks: Checks<S>,
  field: keyof S & string,
  value: string | undefined,
) {
  if (value !== undefined && (await emailExists(db, value))) {
    checks.add(field, MESSAGES.emailTaken, ViolationCode.notUnique);
  }
}

/**
 * SPEC §3: the prefecture is given by name ("東京都"), chosen from the list. A known name becomes
 * its IRI in the input the rules then read; an unknown one is left for prefectureRef's 422
 * (正しい選択肢ではありません). An IRI is still taken, and must name an existing prefecture:
 * anything else that starts with "/" or is not a string is a 400 before the violations (hydra.ts
 * readRelation: `Invalid IRI "…".`, `Invalid IRI "".`, `Item not found for "…".`). A null or
 * missing one is the form's violation (422, 選択してください).
 */
export async function resolvePrefecture(
  db: Database,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const value = input.prefecture;
  const name = typeof value === "string" ? value.trim() : "";
  if (name !== "" && !name.startsWith("/")) {
    const [row] = await db
      .select({ id: prefectures.id })
      .from(prefectures)
      .where(eq(prefectures.name, name))
      .limit(1);
    return row ? { ...input, prefecture: iri("prefectures", row.id) } : input;
  }
  const ref = assertRelations(input, { prefecture: "prefectures" }).prefecture;
  if (!ref) return input;
  const [row] = await db
    .select({ id: prefectures.id })
    .from(prefectures)
    .where(eq(prefectures.id, ref.id))
    .limit(1);
  if (!row) throw itemNotFound(ref.iri);
  return input;
}

/** Does PostgreSQL's error carry one of `codes`, also when Drizzle wraps the driver's error? */
export function hasSqlState(error: unknown, ...codes: string[]): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && codes.includes(code)) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation (23505). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, "23505");

/**
 * PostgreSQL refusing a character it cannot store (22021, a NUL in text; 22P05, one in JSON):
 * bodies are checked before (control-characters.ts), so only a query parameter gets this far.
 */
export const isUnstorableCharacter = (error: unknown) => hasSqlState(error, "22021", "22P05");

/** A single violation as a thrown 422. */
export const violation = (propertyPath: string, message: string, code: string | null = null) =>
  new ValidationError([{ propertyPath, message, code }]);
