// AdvertiserAdvertisementsPublishment: the application form's rules and its confirm summary.
import { z } from "zod";
import { periodLabel } from "~/domain/course";
import { addCalendarDays } from "../../../shared/calendar-days";
import { formatDate, tokyoDate } from "../../../shared/tokyo-calendar";
import { computeEndDate } from "~/domain/publishment";
import { formatAdvertisementId } from "../../../shared/ids";
import { priceWithTaxLabel } from "~/domain/money";
import { earliestStartDate, earliestStartMessage } from "~/domain/publishment";
import { isCalendarDate, slashDate } from "../../../shared/calendar-days";
import { REQUIRED, SELECT_REQUIRED } from "~/.server/account-schemas";
import { rethrowAsHttpError } from "~/.server/http-errors";
import type { Course } from "~/.server/reference-data";
import type { UpstreamClient } from "~/.server/upstream/client";
import { UpstreamError, UpstreamViolationError } from "~/.server/upstream/errors";
import { createOrder, validateOrder, type NewOrder } from "~/.server/upstream/orders";
import { duplicatePost } from "~/.server/upstream/posts";
import { getPost } from "~/.server/upstream/resources";

export const publishmentFields = ["region", "locality", "publishesAt", "course"];

/** The spec's client-side rules (SPEC §5); the upstream re-checks all of them. */
export function publishmentSchema(now: Date) {
  const earliest = earliestStartDate(now);
  return z.object({
    region: z.string({ required_error: SELECT_REQUIRED }),
    locality: z.string({ required_error: SELECT_REQUIRED }),
    publishesAt: z
      .string({ required_error: REQUIRED })
      .refine(isCalendarDate, "日付を正しく入力してください。")
      .refine((date) => date >= earliest, earliestStartMessage(earliest)),
    course: z.string({ required_error: SELECT_REQUIRED }),
  });
}

export { periodLabel };

/** What the confirm phase shows: the period with its computed end date, and the price with tax. */
export function orderSummary(course: Course, publishesAt: string) {
  return {
    period: `${slashDate(publishesAt)} 〜 ${slashDate(computeEndDate(publishesAt, course))}`,
    course: `${course.name}（${periodLabel(course)}）`,
    price: priceWithTaxLabel(course.price),
  };
}

/**
 * Extending (?nextto=): the new period follows the extended ad's, in the same area, and never
 * starts before the earliest allowed day.
 */
export async function extensionOf(api: UpstreamClient, nextto: string | null, earliest: string) {
  const id = Number(nextto);
  if (!nextto || !Number.isInteger(id) || id <= 0) return null;
  const order = (await getPost(api, id).catch(rethrowAsHttpError)).publishmentOrder;
  if (!order?.unpublishesAt) return null;
  const following = addCalendarDays(tokyoDate(new Date(order.unpublishesAt)), 1);
  return {
    applicationId: formatAdvertisementId(id),
    period: `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}`,
    defaults: {
      region: order.region?.["@id"] ?? "",
      locality: order.locality?.["@id"] ?? "",
      publishesAt: following > earliest ? following : earliest,
    },
  };
}

/**
 * 掲載を延長する opens the application of the extended ad itself (`/{id}/publishment?nextto={id}`):
 * the copy the new period is applied for is made only when the application is sent, so a person
 * who looks and leaves finds no twin on My Page (issue 30). SPEC §4: extend = duplicate + apply.
 */
export const isExtensionOfItself = (adId: number, nextto: string | null) =>
  nextto !== null && Number(nextto) === adId;

/**
 * 次へ of an extension: the order is checked against the extended ad, whose own order the upstream
 * names on `advertisement` (already applied); the copy will have none, so that one is not the
 * person's to fix. Every other violation (area, date, course) stands.
 */
export async function validateExtension(api: UpstreamClient, order: NewOrder) {
  try {
    await validateOrder(api, order);
  } catch (error) {
    if (!(error instanceof UpstreamViolationError)) throw error;
    const left = error.violations.filter((v) => v.propertyPath !== "advertisement");
    if (left.length > 0) throw new UpstreamViolationError(error.path, left);
  }
}

/**
 * 送信 of an extension: copy the extended ad (POST duplicate/from/{id}) and apply for the copy.
 * Returns where to go: the copy's payment choice; or, when the upstream refuses the order after the
 * copy exists (advertisers cannot delete ads), the copy's own application form with the reason,
 * so the person finishes there instead of making a second copy.
 */
export async function applyForExtension(
  api: UpstreamClient,
  extendedId: number,
  order: Omit<NewOrder, "advertisement">,
): Promise<{ to: string; failed: boolean }> {
  const copy = await duplicatePost(api, extendedId);
  try {
    await createOrder(api, { ...order, advertisement: copy["@id"] });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return {
      to: `/advertiser/advertisements/${copy.id}/publishment?nextto=${extendedId}`,
      failed: true,
    };
  }
  return { to: `/advertiser/advertisements/${copy.id}/publishment/complete`, failed: false };
}
