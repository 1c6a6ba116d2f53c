// TrialIndex's server half (SPEC §2 Trial form, §4 Trial flow, ADR 0012): the page's key and
// choices, and the one multipart form: images into quarantine, the three checks, create_trial.
import { redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { REQUIRED, trialEntryFields, trialEntrySchema } from "~/.server/account-schemas";
import {
  advertisementPreview,
  advertisementSchema,
  readAdvertisementForm,
  toPostInput,
  type AdvertisementValues,
} from "~/.server/advertisement-form";
import { anonymousUpstream, getIdentity } from "~/.server/auth";
import { env } from "~/.server/env";
import {
  handleConfirmForm,
  loadFormPage,
  markOutage,
  UNREADABLE_FORM_MESSAGE,
} from "~/.server/forms";
import { hasRoles, ROLE_ADVERTISER } from "~/.server/identity";
import { addressAutofill } from "~/.server/postal-address";
import { upstreamTarget } from "~/.server/context";
import { saveTrialDraft, trialDraftCookie } from "./drafts.server";
import { prefectureOptions } from "~/.server/reference-data";
import type { UpstreamClient } from "~/.server/upstream/client";
import { relation } from "~/.server/upstream/relations";
import {
  UpstreamError,
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
  UpstreamViolationError,
  type Violation,
} from "~/.server/upstream/errors";
import {
  createTrial,
  newTrialKey,
  TRIAL_KEY_PATTERN,
  validateTrialEmail,
  validateTrialEntry,
  validateTrialPost,
  type TrialEntry,
  type TrialOrder,
} from "~/.server/upstream/trial";
import { periodLabel } from "~/domain/course";
import { trialStartDate } from "~/domain/publishment";
import { earliestStartMessage } from "~/domain/publishment";
import { isCalendarDate, slashDate } from "../../../shared/calendar-days";
import { HONEYPOT_FIELD } from "./texts";

export const TRIAL_COMPLETE_PATH = "/trial/complete/";
export const TRIAL_ERROR_PATH = "/trial/error/";

/** A logged-in advertiser has no use for the trial: Login sends them on to My Page. */
export function sendAdvertisersToLogin(context: AppLoadContext) {
  if (hasRoles(getIdentity(context), [ROLE_ADVERTISER])) throw redirect("/");
}

const localitySchema = z.object({
  "@id": z.string(),
  name: z.string(),
  region: relation(z.object({ "@id": z.string(), name: z.string().nullish() })),
});
const courseSchema = z.object({
  "@id": z.string(),
  name: z.string(),
  isActive: z.boolean(),
  periodType: z.enum(["month", "day"]),
  months: z.number().nullish(),
  days: z.number().nullish(),
});

/** The area and course a sales link names, as the form shows them and create_trial needs them. */
export type TrialOrderChoice = {
  region: string;
  locality: string;
  course: string;
  areaLabel: string;
  courseLabel: string;
};

const positiveId = (raw: string | null) => {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * `?locality={id}&course={id}` as an order, when both name an existing locality and an active
 * course; otherwise null (the advertiser applies later from My Page). An outage is thrown.
 */
export async function resolveTrialOrder(
  api: UpstreamClient,
  url: URL,
): Promise<TrialOrderChoice | null> {
  const localityId = positiveId(url.searchParams.get("locality"));
  const courseId = positiveId(url.searchParams.get("course"));
  if (localityId === null || courseId === null) return null;
  try {
    const [locality, course] = await Promise.all([
      api.get(`/api/adv/publishment_localities/${localityId}`, localitySchema),
      api.get(`/api/adv/publishment_courses/${courseId}`, courseSchema),
    ]);
    if (!course.isActive) return null;
    const regionName = locality.region.name;
    return {
      region: locality.region["@id"],
      locality: locality["@id"],
      course: course["@id"],
      areaLabel: regionName ? `${regionName} ${locality.name}` : locality.name,
      courseLabel: `${course.name}（${periodLabel(course)}）`,
    };
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) throw error;
    // Unknown ids (404), or an upstream that keeps these lists private (401): no order part.
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/**
 * The page: a fresh key for this form, the prefectures, and the order part of a sales link with
 * its start date (default and minimum today + 2 days, Tokyo). Without the upstream the form still
 * renders (the order part waits), so nothing typed is lost after an outage.
 */
export async function loadTrialPage(request: Request, context: AppLoadContext, now = new Date()) {
  sendAdvertisersToLogin(context);
  const api = anonymousUpstream(context);
  const [prefectures, order] = await Promise.all([
    loadFormPage(
      context,
      () => prefectureOptions(upstreamTarget(context)),
      () => [],
    ),
    resolveTrialOrder(api, new URL(request.url)).catch((error: unknown) => {
      if (error instanceof UpstreamUnavailableError) return null;
      throw error;
    }),
  ]);
  return { trialKey: newTrialKey(), prefectures, order, startDate: trialStartDate(now) };
}

/** The ad's fields, the registration info, the key, and the start date of an order part. */
export function trialSchema(now: Date) {
  const earliest = trialStartDate(now);
  return advertisementSchema.merge(trialEntrySchema).extend({
    trialKey: z.string().regex(TRIAL_KEY_PATTERN),
    publishesAt: z
      .string()
      .refine(isCalendarDate, "日付を正しく入力してください。")
      .refine((date) => date >= earliest, earliestStartMessage(earliest))
      .optional(),
  });
}
type TrialValues = AdvertisementValues & TrialEntry & { trialKey: string; publishesAt?: string };

/**
 * Violations arrive under `advertisement.…`, `advertiserEntry.…`, `publishmentOrder.…`. Every ad
 * field is the post's property of the same name (link1Url too) except the thumbnails' addresses
 * (image1Url…), which only the portal keeps.
 */
const adFields = Object.keys(advertisementSchema.shape).filter(
  (name) => !/^image\d+Url$/.test(name),
);
export const TRIAL_ALIASES: Record<string, string> = {
  eyeCatch: "eyecatchIndex",
  "advertisement.eyeCatch": "eyecatchIndex",
  "publishmentOrder.publishesAt": "publishesAt",
  ...Object.fromEntries(adFields.map((name) => [`advertisement.${name}`, name])),
  ...Object.fromEntries(trialEntryFields.map((name) => [`advertiserEntry.${name}`, name])),
};

const entryOf = (value: TrialValues): TrialEntry => ({
  email: value.email,
  companyName: value.companyName,
  personInCharge: value.personInCharge,
  tel: value.tel,
  zipCode: value.zipCode,
  prefecture: value.prefecture,
  city: value.city,
  address: value.address,
});

const orderOf = (choice: TrialOrderChoice | null, value: TrialValues): TrialOrder | null =>
  choice && value.publishesAt
    ? {
        region: choice.region,
        locality: choice.locality,
        course: choice.course,
        publishesAt: value.publishesAt,
        paymentType: "none",
      }
    : null;

const prefixed = (error: unknown, prefix: string): Violation[] => {
  if (!(error instanceof UpstreamViolationError)) throw error;
  return error.violations.map((v) => ({ ...v, propertyPath: `${prefix}.${v.propertyPath}` }));
};

/**
 * 次へ: the ad and the entry are checked together (their violations in one round); only when the
 * whole form passes both is the address asked about, and an address the API refuses sends the
 * user to TrialError (SPEC §8). A rate limit or an outage there is not a refusal of the address.
 */
async function validateTrial(
  api: UpstreamClient,
  value: TrialValues,
  order: TrialOrderChoice | null,
  complete: boolean,
) {
  const [post, entry] = await Promise.allSettled([
    validateTrialPost(api, toPostInput(value)),
    validateTrialEntry(api, entryOf(value)),
  ]);
  const violations = [
    ...(post.status === "rejected" ? prefixed(post.reason, "advertisement") : []),
    ...(entry.status === "rejected" ? prefixed(entry.reason, "advertiserEntry") : []),
  ];
  if (complete && order && !value.publishesAt) {
    violations.push({ propertyPath: "publishmentOrder.publishesAt", message: REQUIRED });
  }
  if (violations.length > 0) throw new UpstreamViolationError("trial", violations);
  if (!complete) return;
  try {
    await validateTrialEmail(api, value.email);
  } catch (error) {
    if (error instanceof UpstreamUnavailableError || error instanceof UpstreamRateLimitedError)
      throw error;
    if (error instanceof UpstreamError) throw await toTrialError(value);
    throw error;
  }
}

/**
 * TrialError, keeping the checked draft for ログインして続ける (issue 30): the ad as the API just
 * accepted it, with the trial's key that owns its uploads. A full store keeps none (the page then
 * offers login only, as before).
 */
async function toTrialError(value: TrialValues) {
  const id = await saveTrialDraft({ trialKey: value.trialKey, advertisement: toPostInput(value) });
  return redirect(TRIAL_ERROR_PATH, id ? { headers: { "Set-Cookie": trialDraftCookie(id) } } : {});
}

const isFilled = (value: FormDataEntryValue | string | null | undefined) =>
  typeof value === "string" && value.trim() !== "";

/**
 * The trial form's action. Files are uploaded as their parts arrive, with the key read before
 * them (the key and the honeypot precede the file inputs in the form); a filled honeypot skips
 * every upstream call and is answered like a success.
 */
export async function handleTrialForm(request: Request, context: AppLoadContext, now = new Date()) {
  sendAdvertisersToLogin(context);
  const url = new URL(request.url);
  const { formData, uploadErrors, uploadNotices, uploadOutage } = await readAdvertisementForm(
    request,
    (fieldsSoFar) => {
      const key = fieldsSoFar.get("trialKey");
      if (isFilled(fieldsSoFar.get(HONEYPOT_FIELD)) || !key || !TRIAL_KEY_PATTERN.test(key))
        return null;
      return anonymousUpstream(context, { trialKey: key });
    },
  );
  if (isFilled(formData.get(HONEYPOT_FIELD))) return redirect(TRIAL_COMPLETE_PATH);
  formData.delete(HONEYPOT_FIELD);
  const trialKey = formData.get("trialKey");
  // Only a tampered or foreign post lacks the key the page rendered.
  if (typeof trialKey !== "string" || !TRIAL_KEY_PATTERN.test(trialKey))
    throw new Response(UNREADABLE_FORM_MESSAGE, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const api = anonymousUpstream(context, { trialKey });
  if (uploadOutage) markOutage(context);
  const schema = trialSchema(now);
  const origin = env().PUBLIC_ORIGIN ?? url.origin;
  return handleConfirmForm<typeof schema, TrialSummary, TrialOrderChoice | null>(formData, {
    context,
    autofill: addressAutofill(context),
    schema,
    fields: [...Object.keys(schema.shape)],
    aliases: TRIAL_ALIASES,
    // The upstream's eye-catch check needs an image to point at.
    dependsOn: { eyecatchIndex: ["image1"] },
    presetErrors: uploadErrors,
    notices: uploadNotices,
    prepare: () => resolveTrialOrder(api, url),
    validate: (value, order, complete) => validateTrial(api, value as TrialValues, order, complete),
    save: async (value, order) => {
      const trial = value as TrialValues;
      const created = await createTrial(api, {
        // No owner: SPEC §3 sets it from the current advertiser, and a trial visitor (advertisers
        // are sent away) has none yet; the upstream makes the account and owns the ad with it.
        advertisement: toPostInput(trial),
        advertiserEntry: entryOf(trial),
        publishmentOrder: orderOf(order, trial),
      });
      return redirect(
        created.id === null ? TRIAL_COMPLETE_PATH : `${TRIAL_COMPLETE_PATH}?id=${created.id}`,
      );
    },
    summarize: (value, order) => {
      const { publishesAt } = value as TrialValues;
      return {
        preview: advertisementPreview(value as TrialValues, origin, context.previewVisitor, now),
        order: order && publishesAt ? { ...order, startLabel: slashDate(publishesAt) } : null,
      };
    },
  });
}

export type TrialSummary = {
  preview: ReturnType<typeof advertisementPreview>;
  order: (TrialOrderChoice & { startLabel: string }) | null;
};
