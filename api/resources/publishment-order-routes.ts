// PublishmentOrder actions of advertisers: apply for publication (validate, create), read, and
// reapply after an edit (ARCHITECTURE §6). Administrators may do the same on any ad.
import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { addCalendarMonths } from "../../shared/calendar-days";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { computeEndDate } from "../domain/publishment";
import { earliestStartDate, earliestStartMessage } from "../domain/publishment";
import { isCalendarDate, slashDate } from "../../shared/calendar-days";
import { recordAudit } from "../audit";
import { currentIdentity } from "../auth";
import type { ApiDeps, ApiEnv, Identity } from "../context";
import type { Database } from "../db/client";
import {
  advertisements,
  clients,
  messageBoxes,
  publishmentCourses,
  publishmentLocalities,
  publishmentOrders,
  publishmentRegions,
  userLogins,
} from "../db/schema";
import { courseSnapshot, periodLabel, publicationPeriod } from "../domain/publishment";
import {
  assertRelations,
  iri,
  itemNotFound,
  jsonLd,
  notFound,
  parseId,
  parseIdOrIri,
  readBody,
  ViolationCode,
} from "../hydra";
import { schedulePublication } from "../publishing/jobs";
import {
  Checks,
  isUniqueViolation,
  MESSAGES,
  violation,
  blankToUndefinedText,
  typedString,
} from "../validation";
import { withOwnerLogin } from "./ad-owners";
import { visiblePosts } from "./posts-query";
import { orderPartColumns, serializePublishmentOrder, type OrderParts } from "./publishment-orders";

const ORDER_CONTEXT = "/api/contexts/PublishmentOrder";

export const ORDER_MESSAGES = {
  alreadyOrdered: "この広告はすでに申し込み済みです。",
  localityOutsideRegion: "エリアが地域に属していません。",
  inactiveCourse: "選択できないコースです。",
  invalidDate: "正しい日付を入力してください。",
} as const;

/**
 * The latest start date that may be chosen, two years after `from` (today, or the earliest
 * start): later dates are typing mistakes, and a year 9999 start once ran the period's arithmetic
 * past what PostgreSQL stores (a 500).
 */
export const latestStartDate = (from: string) => addCalendarMonths(from, 24);

export const APPLIED_SUBJECT = "掲載申込を受け付けました";
export const REAPPLIED_SUBJECT = "原稿の再審査を受け付けました";

/**
 * A reference by IRI to `collection` (the route refuses anything else first with a 400, hydra.ts
 * assertRelations); existence is checked against the database.
 */
const ref = (collection: string) =>
  z.preprocess(
    blankToUndefinedText,
    typedString(MESSAGES.select)
      .transform((value) => parseIdOrIri(value, collection))
      .refine((id): id is number => id !== null, {
        message: MESSAGES.invalidChoice,
        params: { code: ViolationCode.noSuchChoice },
      }),
  );

/** The order's own fields; the trial form's order has them without an ad (ADR 0012). */
export const orderFieldsShape = {
  region: ref("publishment_regions"),
  locality: ref("publishment_localities"),
  course: ref("publishment_courses"),
  publishesAt: z.preprocess(
    blankToUndefinedText,
    typedString(MESSAGES.required).refine(isCalendarDate, ORDER_MESSAGES.invalidDate),
  ),
  paymentType: z.preprocess(
    (value) => blankToUndefinedText(value) ?? "none",
    z.literal("none", {
      errorMap: () => ({ message: MESSAGES.invalidChoice }),
    }),
  ),
};

export const orderShape = { advertisement: ref("posts"), ...orderFieldsShape };

/** The order's relations: IRIs only (400 otherwise), as API Platform deserializes them. */
export const ORDER_RELATIONS = {
  region: "publishment_regions",
  locality: "publishment_localities",
  course: "publishment_courses",
} as const;

type OrderField = keyof typeof orderFieldsShape;
type Course = typeof publishmentCourses.$inferSelect;

/**
 * The rules of SPEC §5 on an order's region, locality, course and start date (not before
 * `earliest`), added to `checks`; answers the course when it is usable.
 */
export async function checkOrderFields(
  db: Database,
  checks: {
    readonly values: Partial<{
      region: number;
      locality: number;
      course: number;
      publishesAt: string;
    }>;
    add(field: OrderField, message: string, code?: string | null): void;
    has(field: OrderField): boolean;
  },
  earliest: string,
): Promise<Course | undefined> {
  const v = checks.values;
  if (v.region !== undefined) {
    const [region] = await db
      .select({ id: publishmentRegions.id })
      .from(publishmentRegions)
      .where(eq(publishmentRegions.id, v.region));
    if (!region) throw itemNotFound(iri("publishment_regions", v.region));
  }
  if (v.locality !== undefined) {
    const [locality] = await db
      .select({ regionId: publishmentLocalities.regionId })
      .from(publishmentLocalities)
      .where(eq(publishmentLocalities.id, v.locality));
    if (!locality) throw itemNotFound(iri("publishment_localities", v.locality));
    if (v.region !== undefined && !checks.has("region") && locality.regionId !== v.region) {
      checks.add("locality", ORDER_MESSAGES.localityOutsideRegion);
    }
  }
  let course: Course | undefined;
  if (v.course !== undefined) {
    [course] = await db
      .select()
      .from(publishmentCourses)
      .where(eq(publishmentCourses.id, v.course));
    if (!course) throw itemNotFound(iri("publishment_courses", v.course));
    if (!course.isActive) {
      checks.add("course", ORDER_MESSAGES.inactiveCourse, ViolationCode.noSuchChoice);
    }
  }
  if (v.publishesAt !== undefined && v.publishesAt < earliest) {
    checks.add("publishesAt", earliestStartMessage(earliest));
  } else if (v.publishesAt !== undefined && v.publishesAt > latestStartDate(earliest)) {
    checks.add("publishesAt", ORDER_MESSAGES.invalidDate);
  }
  return course;
}

/**
 * Stores a valid order of the ad (status new, or confirmed for an auto-confirmable owner) with
 * its system message, in the caller's transaction; the caller audits it.
 */
export async function insertOrder(
  tx: Database,
  order: {
    adId: number;
    ownerId: number;
    region: number;
    locality: number;
    course: Course;
    publishesAt: string;
    autoConfirm: boolean;
    now: Date;
  },
): Promise<number> {
  const { course, now, autoConfirm } = order;
  const start = order.publishesAt;
  const end = computeEndDate(start, course);
  const [row] = await tx
    .insert(publishmentOrders)
    .values({
      advertisementId: order.adId,
      regionId: order.region,
      localityId: order.locality,
      ...courseSnapshot(course),
      orderedAt: now,
      ...publicationPeriod(start, course),
      publishmentStatus: autoConfirm ? "confirmed" : "new",
      paymentStatus: "none",
      paymentType: "none",
      updatedAt: now,
    })
    .returning({ id: publishmentOrders.id });
  await tx.insert(messageBoxes).values({
    clientId: order.ownerId,
    advertisementId: order.adId,
    sender: "system",
    subject: APPLIED_SUBJECT,
    body: [
      periodText(start, end),
      `コース: ${course.name}（${periodLabel(course)}）`,
      autoConfirm ? "原稿は承認済みです。" : "原稿の審査をお待ちください。",
    ].join("\n"),
    createdAt: now,
  });
  return row!.id;
}

/** Loads an order with what its serialiser needs. */
export async function selectOrder(db: Database, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({
      ...orderPartColumns,
      ownerId: advertisements.ownerId,
    })
    .from(publishmentOrders)
    .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
    .innerJoin(publishmentRegions, eq(publishmentRegions.id, publishmentOrders.regionId))
    .innerJoin(publishmentLocalities, eq(publishmentLocalities.id, publishmentOrders.localityId))
    .innerJoin(publishmentCourses, eq(publishmentCourses.id, publishmentOrders.courseId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/**
 * The order named by the path's `param` if the caller may act on it: its ad is not deleted and is
 * the caller's (administrators: any). Anything else is 404, so others' orders are not revealed.
 */
export async function findActiveOrder(db: Database, c: Context<ApiEnv>, param = "id") {
  const id = parseId(c.req.param(param));
  if (!id) throw notFound();
  const row = await selectOrder(
    db,
    and(
      eq(publishmentOrders.id, id),
      eq(advertisements.isDeleted, false),
      visiblePosts(currentIdentity(c)),
    ),
  );
  if (!row) throw notFound();
  return row;
}

/**
 * An order's ad title with its owner's company and login e-mail (for its mails and documents);
 * the ad gone → 404.
 */
export async function findOrderOwner(db: Database, advertisementId: number) {
  const [owner] = await withOwnerLogin(
    db
      .select({
        title: advertisements.title,
        companyName: clients.companyName,
        email: userLogins.email,
      })
      .from(advertisements)
      .$dynamic(),
  )
    .where(eq(advertisements.id, advertisementId))
    .limit(1);
  if (!owner) throw notFound();
  return owner;
}

export const orderBody = (parts: OrderParts) => ({
  "@context": ORDER_CONTEXT,
  ...serializePublishmentOrder(parts),
});

/** "掲載期間: 2025/06/17〜2025/07/17" */
export const periodText = (start: string, end: string) =>
  `掲載期間: ${slashDate(start)}〜${slashDate(end)}`;

export function publishmentOrderRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /**
   * The caller's ad (administrators: any ad); another's, deleted or unknown → 400
   * `Item not found for "/api/adv/posts/7".`, the same for all three.
   */
  async function findVisibleAd(identity: Identity, id: number) {
    const [ad] = await deps.db
      .select({ id: advertisements.id, ownerId: advertisements.ownerId })
      .from(advertisements)
      .where(
        and(eq(advertisements.id, id), eq(advertisements.isDeleted, false), visiblePosts(identity)),
      )
      .limit(1);
    if (!ad) throw itemNotFound(iri("posts", id));
    return ad;
  }

  /** Every rule of SPEC §5 and ARCHITECTURE §6, all violations at once. */
  async function validateOrder(c: Context<ApiEnv>, input: Record<string, unknown>) {
    const identity = currentIdentity(c);
    // Relations are IRIs (400 otherwise) before any rule runs; an ad one may not see is a 400
    // `Item not found for "…".` (findVisibleAd), not a violation.
    assertRelations(input, { advertisement: "posts", ...ORDER_RELATIONS });
    const checks = new Checks(orderShape, input);
    const v = checks.values;
    const ad =
      v.advertisement === undefined ? null : await findVisibleAd(identity, v.advertisement);
    if (ad) {
      const [existing] = await deps.db
        .select({ id: publishmentOrders.id })
        .from(publishmentOrders)
        .where(eq(publishmentOrders.advertisementId, ad.id))
        .limit(1);
      if (existing)
        checks.add("advertisement", ORDER_MESSAGES.alreadyOrdered, ViolationCode.notUnique);
    }

    const course = await checkOrderFields(deps.db, checks, earliestStartDate(deps.clock()));

    const values = checks.result();
    return { ad: ad!, course: course!, values };
  }

  /** Whether the ad owner's orders skip review (ARCHITECTURE §6). */
  async function isAutoConfirmable(clientId: number) {
    const [client] = await deps.db
      .select({ isAutoConfirmable: clients.isAutoConfirmable })
      .from(clients)
      .where(eq(clients.id, clientId));
    return client?.isAutoConfirmable ?? false;
  }

  routes.post("/api/adv/publishment_orders/validate", async (c) => {
    await validateOrder(c, await readBody(c));
    return c.body(null, 204);
  });

  routes.post("/api/adv/publishment_orders", async (c) => {
    const { ad, course, values } = await validateOrder(c, await readBody(c));
    const now = deps.clock();
    const autoConfirm = await isAutoConfirmable(ad.ownerId);
    let orderId: number;
    try {
      orderId = await deps.db.transaction(async (tx) => {
        const id = await insertOrder(tx, {
          adId: ad.id,
          ownerId: ad.ownerId,
          region: values.region,
          locality: values.locality,
          course,
          publishesAt: values.publishesAt,
          autoConfirm,
          now,
        });
        await recordAudit(tx, c, deps, {
          action: "order.create",
          target: iri("publishment_orders", id),
          advertisementId: ad.id,
          changes: {
            publishmentStatus: { before: null, after: autoConfirm ? "confirmed" : "new" },
          },
        });
        return id;
      });
    } catch (error) {
      // Two applications for the same ad at once: the second meets the unique constraint.
      if (isUniqueViolation(error)) {
        throw violation("advertisement", ORDER_MESSAGES.alreadyOrdered, ViolationCode.notUnique);
      }
      throw error;
    }
    const row = await selectOrder(deps.db, eq(publishmentOrders.id, orderId));
    c.header("Location", iri("publishment_orders", orderId));
    return jsonLd(c, orderBody(row!), 201);
  });

  /** The order if its ad is visible to the caller (own, non-deleted; administrators: all). */
  async function findVisibleOrder(c: Context<ApiEnv>) {
    const id = parseId(c.req.param("id"));
    if (!id) throw notFound();
    const row = await selectOrder(
      deps.db,
      and(eq(publishmentOrders.id, id), visiblePosts(currentIdentity(c))),
    );
    if (!row) throw notFound();
    return row;
  }

  routes.get("/api/adv/publishment_orders/:id", async (c) => {
    return jsonLd(c, orderBody(await findVisibleOrder(c)));
  });

  // The body may carry the edited ad (the portal sends it); the ad itself is saved by PUT posts.
  routes.patch("/api/adv/publishment_orders/:id/reapply", async (c) => {
    const row = await findVisibleOrder(c);
    const now = deps.clock();
    const autoConfirm = await isAutoConfirmable(row.ownerId);
    const status = autoConfirm ? "confirmed" : "reapplying";
    const start = tokyoDate(row.order.publishesAt);
    const end = tokyoDate(row.order.unpublishesAt);
    await deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(publishmentOrders)
        .set({ publishmentStatus: status, updatedAt: now })
        .where(eq(publishmentOrders.id, row.order.id))
        .returning();
      // Back in review, the ad leaves the site; approved at once, its new content goes up.
      if (after) await schedulePublication(tx, deps, after);
      await tx.insert(messageBoxes).values({
        clientId: row.ownerId,
        advertisementId: row.order.advertisementId,
        sender: "system",
        subject: REAPPLIED_SUBJECT,
        body: [
          periodText(start, end),
          autoConfirm ? "原稿は承認済みです。" : "原稿の再審査をお待ちください。",
        ].join("\n"),
        createdAt: now,
      });
      await recordAudit(tx, c, deps, {
        action: "order.reapply",
        target: iri("publishment_orders", row.order.id),
        advertisementId: row.order.advertisementId,
        changes:
          row.order.publishmentStatus === status
            ? {}
            : { publishmentStatus: { before: row.order.publishmentStatus, after: status } },
      });
    });
    deps.kickJobs?.();
    return jsonLd(c, orderBody({ ...row, order: { ...row.order, publishmentStatus: status } }));
  });

  return routes;
}
