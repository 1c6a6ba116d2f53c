// AdvertiserAdvertisementsPublishment: the application form's rules and its confirm summary.
import { z } from "zod";
import { periodLabel } from "~/domain/course";
import { addCalendarDays, computeEndDate, formatDate, tokyoDate } from "~/domain/dates";
import { formatAdvertisementId } from "~/domain/ids";
import { priceWithTaxLabel } from "~/domain/money";
import {
  earliestStartDate,
  earliestStartMessage,
  isCalendarDate,
  slashDate,
} from "~/domain/publication";
import { REQUIRED, SELECT_REQUIRED } from "./account-schemas";
import { rethrowAsHttpError } from "./http-errors";
import type { Course } from "./reference-data";
import type { UpstreamClient } from "./upstream/client";
import { getPost } from "./upstream/resources";

export const publicationFields = ["region", "locality", "publishesAt", "course"];

/** The spec's client-side rules (SPEC §5); the upstream re-checks all of them. */
export function publicationSchema(now: Date) {
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
