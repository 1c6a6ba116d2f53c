// Server-side zod schemas of the account forms: types and the spec's client-side rules (SPEC §5).
// The upstream's …/validate calls have the last word; these catch the obvious before the round trip.
import { z } from "zod";
import { EMAIL_MAX, MESSAGE_MAX, PASSWORD_MAX, PASSWORD_MIN, TEXT_MAX } from "~/domain/limits";
import { TEL_MESSAGE, isValidTel, normalizeTel } from "../../shared/tel";
import { ZIP_CODE_MESSAGE, ZIP_CODE_PATTERN, normalizeZipCode } from "../../shared/zip-code";

export const REQUIRED = "入力してください。";
export const SELECT_REQUIRED = "選択してください。";
export const PASSWORD_TOO_SHORT = `パスワードは${PASSWORD_MIN}文字以上で入力してください。`;
export const PASSWORD_MISMATCH = "パスワードが一致しません。";
const EMAIL_FORMAT = "メールアドレスの形式が正しくありません。";
const maxLength = (max: number) => `${max}文字以内で入力してください。`;

const text = (max = TEXT_MAX) =>
  z.string({ required_error: REQUIRED }).trim().min(1, REQUIRED).max(max, maxLength(max));

const email = () =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .max(EMAIL_MAX, maxLength(EMAIL_MAX))
    .email(EMAIL_FORMAT);

/** Passwords are taken as typed (no trim): spaces may be part of them. */
const password = () =>
  z
    .string({ required_error: REQUIRED })
    .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX, maxLength(PASSWORD_MAX));

const tel = () =>
  z.string({ required_error: REQUIRED }).transform(normalizeTel).refine(isValidTel, TEL_MESSAGE);

const zipCode = () =>
  z
    .string({ required_error: REQUIRED })
    .transform(normalizeZipCode)
    .pipe(z.string().regex(ZIP_CODE_PATTERN, ZIP_CODE_MESSAGE));

/** 登録情報: every field required (SPEC §2 Edit registration). */
export const contactDetailsSchema = z.object({
  companyName: text(),
  personInCharge: text(),
  tel: tel(),
  zipCode: zipCode(),
  // By name (SPEC §3); the upstream says whether it is one of its prefectures.
  prefecture: z.string({ required_error: SELECT_REQUIRED }).trim().min(1, SELECT_REQUIRED),
  city: text(),
  address: text(),
});
export const contactDetailFields = Object.keys(contactDetailsSchema.shape);

/**
 * The new password and its confirmation must match. Checked beside the object rather than by its
 * own refinement, which zod skips while any other field fails: the mismatch comes in the same
 * round as every other error.
 */
const passwordsMatch = z
  .object({ newPassword: z.string().optional(), newPasswordConfirm: z.string().optional() })
  .superRefine((value, ctx) => {
    if (value.newPassword === undefined || value.newPasswordConfirm === undefined) return;
    if (value.newPassword !== value.newPasswordConfirm) {
      ctx.addIssue({ code: "custom", path: ["newPasswordConfirm"], message: PASSWORD_MISMATCH });
    }
  })
  // It only checks: the object's parsed values are the form's value.
  .transform(() => ({}));

/** AdvertiserNew: login info and registration info. */
export const registrationSchema = contactDetailsSchema
  .extend({
    email: email(),
    newPassword: password(),
    newPasswordConfirm: z.string({ required_error: REQUIRED }),
  })
  .and(passwordsMatch);
export const registrationFields = [
  "email",
  "newPassword",
  "newPasswordConfirm",
  ...contactDetailFields,
];

/** The trial form's registration info: the registration rules without passwords (ADR 0012). */
export const trialEntrySchema = contactDetailsSchema.extend({ email: email() });
export const trialEntryFields = Object.keys(trialEntrySchema.shape);

export const emailChangeSchema = z.object({ newEmail: email() });
export const emailChangeFields = Object.keys(emailChangeSchema.shape);

export const passwordChangeSchema = z
  .object({
    oldPassword: z.string({ required_error: REQUIRED }),
    newPassword: password(),
    newPasswordConfirm: z.string({ required_error: REQUIRED }),
  })
  .and(passwordsMatch);
export const passwordFields = ["oldPassword", "newPassword", "newPasswordConfirm"];

export const messageSchema = z.object({
  body: text(MESSAGE_MAX),
  advertisement: z.string().startsWith("/api/adv/posts/").optional(),
});
export const messageFields = Object.keys(messageSchema.shape);
