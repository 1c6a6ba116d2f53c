// PublishmentOrder: an ad's application for a publication period (serialisation; the actions come later).
import { toTokyoIso } from "../../shared/tokyo-calendar";
import {
  paymentMethodLabels,
  paymentStatusLabels,
  publishmentStatusLabels,
} from "../domain/labels";
import { sql } from "drizzle-orm";
import {
  paymentAttempts,
  publishmentCourses,
  publishmentLocalities,
  publishmentOrders,
  publishmentRegions,
  type publicAdvertisements,
} from "../db/schema";
import { isConfirmable, isRemandable, periodLabel } from "../domain/publishment";
import { iri } from "../hydra";

/** The columns of an order's area and course that the serialiser needs, for any select. */
export const orderPartColumns = {
  order: publishmentOrders,
  region: { id: publishmentRegions.id, name: publishmentRegions.name },
  locality: {
    id: publishmentLocalities.id,
    name: publishmentLocalities.name,
    regionId: publishmentLocalities.regionId,
  },
  course: {
    id: publishmentCourses.id,
    isActive: publishmentCourses.isActive,
    note: publishmentCourses.note,
  },
  /** The outcome of the order's current payment key (one row by the key's unique index). */
  paymentAttempt: {
    status: sql<PaymentAttemptStatus | null>`(select ${paymentAttempts.status} from ${paymentAttempts} where ${paymentAttempts.paymentKey} = ${publishmentOrders.paymentKey})`,
  },
};

type PaymentAttemptStatus = (typeof paymentAttempts.$inferSelect)["status"];

export interface OrderParts {
  order: typeof publishmentOrders.$inferSelect;
  region: Pick<typeof publishmentRegions.$inferSelect, "id" | "name">;
  locality: Pick<typeof publishmentLocalities.$inferSelect, "id" | "name" | "regionId">;
  course: Pick<typeof publishmentCourses.$inferSelect, "id" | "isActive" | "note">;
  paymentAttempt?: { status: PaymentAttemptStatus | null } | null;
}

const isoOrNull = (value: Date | null) => (value ? toTokyoIso(value) : null);

/** A method typed in by an administrator (payment type "other") is its own label. */
export function paymentMethodLabel(method: string | null): string | null {
  if (!method) return null;
  return Object.hasOwn(paymentMethodLabels, method) ? paymentMethodLabels[method]! : method;
}

/**
 * The embedded course shows what was ordered: name, price and period are the order's snapshot
 * (a later course edit does not rewrite past orders); isActive and note are the course's today.
 */
function serializeOrderedCourse({ order, course }: OrderParts) {
  return {
    "@id": iri("publishment_courses", order.courseId),
    "@type": "PublishmentCourse",
    id: order.courseId,
    name: order.courseName,
    price: order.price,
    periodType: order.periodType,
    months: order.months,
    days: order.days,
    periodLabel: periodLabel(order),
    isActive: course.isActive,
    note: course.note,
  };
}

export function serializePublishmentOrder(parts: OrderParts) {
  const { order, region, locality } = parts;
  return {
    "@id": iri("publishment_orders", order.id),
    "@type": "PublishmentOrder",
    id: order.id,
    advertisement: iri("posts", order.advertisementId),
    region: {
      "@id": iri("publishment_regions", region.id),
      "@type": "PublishmentRegion",
      id: region.id,
      name: region.name,
    },
    locality: {
      "@id": iri("publishment_localities", locality.id),
      "@type": "PublishmentLocality",
      id: locality.id,
      name: locality.name,
      region: iri("publishment_regions", locality.regionId),
    },
    course: serializeOrderedCourse(parts),
    price: order.price,
    orderedAt: toTokyoIso(order.orderedAt),
    publishesAt: toTokyoIso(order.publishesAt),
    unpublishesAt: toTokyoIso(order.unpublishesAt),
    paidAt: isoOrNull(order.paidAt),
    publishmentStatus: order.publishmentStatus,
    publishmentStatusLabel: publishmentStatusLabels[order.publishmentStatus],
    paymentStatus: order.paymentStatus,
    paymentStatusLabel: paymentStatusLabels[order.paymentStatus],
    paymentMethod: order.paymentMethod,
    paymentMethodLabel: paymentMethodLabel(order.paymentMethod),
    paymentType: order.paymentType,
    paymentNote: order.paymentNote,
    /** The store / Pay-easy slip while the order waits for it (ADR 0009), else null. */
    paymentSlip: order.paymentSlip ?? null,
    /**
     * How the order's current card / store payment key ended (issue 30 #5): failed = the provider
     * declined it (or 3-D Secure failed), so the advertiser is told so instead of 入金待ち. An
     * extension: absent from SPEC §3.
     */
    paymentAttemptStatus: parts.paymentAttempt?.status ?? null,
    confirmableAdvertisement: isConfirmable(order.publishmentStatus),
    remandableAdvertisement: isRemandable(order.publishmentStatus),
  };
}

/** Who reads: the last sync's error (ADR 0010) is for administrators only. */
export interface SerializeOptions {
  forAdministrator?: boolean;
}

export function serializePublicAdvertisement(
  row: typeof publicAdvertisements.$inferSelect | null,
  opts: SerializeOptions = {},
) {
  if (!row) return null;
  return {
    "@id": iri("public_advertisements", row.id),
    "@type": "PublicAdvertisement",
    id: row.id,
    postUrl: row.postUrl,
    postStatus: row.postStatus,
    synchronizedAt: isoOrNull(row.synchronizedAt),
    ...(opts.forAdministrator ? { syncError: row.syncError } : {}),
  };
}
