// The editors' review of ads (ARCHITECTURE §6, SPEC §7 admin side): approve, remand, move the
// start date, write to the advertiser about an ad, delete an ad. Administrators only. Each action
// writes, in one transaction, the change, the advertiser's message box entry and the audit row;
// the mail to the advertiser follows the commit.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AuditAction } from "../../shared/wire";
import { tokyoDate, toTokyoIso } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import type { CoursePeriod, PublishmentStatus } from "../../shared/wire";
import { MESSAGE_MAX } from "../domain/limits";
import { isCalendarDate } from "../../shared/calendar-days";
import { sendAfterCommit, type Mail } from "../adapters/mail";
import { recordAudit, type AuditChanges } from "../audit";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { advertisements, messageBoxes, publishmentOrders, userLogins } from "../db/schema";
import {
  approvedMail,
  editorsMessageMail,
  remandedMail,
  startDateChangedMail,
} from "../domain/mails";
import {
  isConfirmable,
  isRemandable,
  NEEDS_REVIEW,
  periodPhase,
  publicationPeriod,
  REMANDABLE,
} from "../domain/publishment";
import { iri, jsonLd, notFound, parseId, readBody } from "../hydra";
import { enqueueSync, schedulePublication } from "../publishing/jobs";
import {
  blankToUndefined,
  Checks,
  maxChars,
  MESSAGES,
  typedString,
  violation,
} from "../validation";
import { withOwnerLogin } from "./ad-owners";
import { serializeMessageBox } from "./message-boxes";
import {
  latestStartDate,
  orderBody,
  ORDER_MESSAGES,
  periodText,
  selectOrder,
} from "./publishment-order-routes";

export const REVIEW_MESSAGES = {
  startBeforeToday: "掲載開始日には本日以降の日付を指定してください。",
  notConfirmable: "この広告は承認できない状態です。",
  notRemandable: "この広告は差し戻しできない状態です。",
  periodEnded: "掲載が終了した広告の開始日は変更できません。",
  remandReasonRequired: "差し戻しの理由を入力してください。",
} as const;

export const REVIEW_SUBJECTS = {
  confirmed: "原稿を承認しました",
  remanded: "原稿が差し戻されました",
  startDateChanged: "掲載開始日が変更されました",
  contact: (formattedAdvertisementId: string) =>
    `編集部からのお知らせ（申込ID ${formattedAdvertisementId}）`,
} as const;

/** Trimmed text, undefined when blank, so "required" reads the same for "" and a missing key. */

const noteText = (requiredMessage: string = MESSAGES.required) =>
  maxChars(typedString(requiredMessage), MESSAGE_MAX);

const requiredNote = (message?: string) => z.preprocess(blankToUndefined, noteText(message));
const optionalNote = () => z.preprocess(blankToUndefined, noteText().optional());

const publishesAtField = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ required_error: MESSAGES.required, invalid_type_error: MESSAGES.invalidValue })
      .refine(isCalendarDate, ORDER_MESSAGES.invalidDate),
  );

export const startShape = { publishesAt: publishesAtField(), note: optionalNote() };
export const remandShape = { note: requiredNote(REVIEW_MESSAGES.remandReasonRequired) };
export const contactShape = { note: requiredNote() };

/** Instants in audit rows as on the wire (Tokyo offset), so the trail reads like the API. */
const auditInstant = (value: Date) => toTokyoIso(value);

export function orderReviewRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /** The order of a non-deleted ad; unknown or deleted → 404. */
  async function findOrder(c: Context<ApiEnv>) {
    const id = parseId(c.req.param("id"));
    if (!id) throw notFound();
    const row = await selectOrder(
      deps.db,
      and(eq(publishmentOrders.id, id), eq(advertisements.isDeleted, false)),
    );
    if (!row) throw notFound();
    return row;
  }

  /** A non-deleted ad with what a mail to its owner needs; unknown or deleted → 404. */
  async function findAd(id: number | null) {
    if (!id) throw notFound();
    const [ad] = await withOwnerLogin(
      deps.db
        .select({
          id: advertisements.id,
          title: advertisements.title,
          ownerId: advertisements.ownerId,
          ownerEmail: userLogins.email,
        })
        .from(advertisements)
        .$dynamic(),
    )
      .where(and(eq(advertisements.id, id), eq(advertisements.isDeleted, false)))
      .limit(1);
    if (!ad) throw notFound();
    return ad;
  }

  /** A start date an administrator may choose: today (Tokyo) or later, up to two years ahead. */
  function checkStart(checks: Checks<typeof startShape>) {
    const date = checks.values.publishesAt;
    const today = tokyoDate(deps.clock());
    if (date !== undefined && date < today) {
      checks.add("publishesAt", REVIEW_MESSAGES.startBeforeToday);
    } else if (date !== undefined && date > latestStartDate(today)) {
      checks.add("publishesAt", ORDER_MESSAGES.invalidDate);
    }
    return checks.result();
  }

  /** The body's new start date (checked), the order's period from it, its line and the note. */
  async function readNewPeriod(c: Context<ApiEnv>, order: CoursePeriod) {
    const { publishesAt, note } = checkStart(new Checks(startShape, await readBody(c)));
    const period = publicationPeriod(publishesAt, order);
    const periodLine = periodText(publishesAt, tokyoDate(period.unpublishesAt));
    return { period, periodLine, note };
  }

  interface Transition {
    c: Context<ApiEnv>;
    action: AuditAction;
    /** Statuses the order may be in; re-checked in the update so two editors cannot both win. */
    from: readonly PublishmentStatus[] | null;
    refusal: { propertyPath: string; message: string };
    set: Partial<typeof publishmentOrders.$inferInsert>;
    /** Only while the period has not ended (publishes_at). */
    notEndedAt?: Date;
    message: { subject: string; body: string };
    mail: (ad: { to: string; formattedAdvertisementId: string; title: string }) => Mail;
  }

  /** Update, message and audit row in one transaction; then the mail; answers the order. */
  async function transition(row: Awaited<ReturnType<typeof findOrder>>, t: Transition) {
    const ad = await findAd(row.order.advertisementId);
    const now = deps.clock();
    const conditions: SQL[] = [eq(publishmentOrders.id, row.order.id)];
    if (t.from) conditions.push(inArray(publishmentOrders.publishmentStatus, t.from));
    const refused = () => violation(t.refusal.propertyPath, t.refusal.message);

    const updated = await deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(publishmentOrders)
        .set({ ...t.set, updatedAt: now })
        .where(and(...conditions))
        .returning();
      if (!after) throw refused();
      if (t.notEndedAt && periodPhase(row.order, t.notEndedAt) === "ended") throw refused();
      // Approval, remand and a moved start all change what the site shows (ADR 0010).
      await schedulePublication(tx, deps, after);
      const [message] = await tx
        .insert(messageBoxes)
        .values({
          clientId: ad.ownerId,
          advertisementId: ad.id,
          sender: "system",
          subject: t.message.subject,
          body: t.message.body,
          createdAt: now,
        })
        .returning({ id: messageBoxes.id });
      await recordAudit(tx, t.c, deps, {
        action: t.action,
        target: iri("publishment_orders", row.order.id),
        advertisementId: ad.id,
        changes: {
          ...orderChanges(row.order, after),
          messageBox: { before: null, after: iri("message_boxes", message!.id) },
        },
      });
      return after;
    });
    deps.kickJobs?.();
    await sendAfterCommit(deps.mailer, [
      t.mail({
        to: ad.ownerEmail,
        formattedAdvertisementId: formatAdvertisementId(ad.id),
        title: ad.title,
      }),
    ]);
    return jsonLd(t.c, orderBody({ ...row, order: updated }));
  }

  const reviewedAd = (ad: { formattedAdvertisementId: string; title: string }) => ({
    formattedAdvertisementId: ad.formattedAdvertisementId,
    title: ad.title,
  });

  /** The system message's body: the period, then the editors' words under a heading. */
  const messageBody = (period: string, heading: string, note: string | undefined) =>
    [period, ...(note ? ["", `${heading}:`, note] : [])].join("\n");

  routes.patch("/api/adv/publishment_orders/:id/confirm", requireAdministrator, async (c) => {
    const row = await findOrder(c);
    if (!isConfirmable(row.order.publishmentStatus)) {
      throw violation("publishmentStatus", REVIEW_MESSAGES.notConfirmable);
    }
    const { period, periodLine, note } = await readNewPeriod(c, row.order);
    return transition(row, {
      c,
      action: "order.confirm",
      from: NEEDS_REVIEW,
      refusal: { propertyPath: "publishmentStatus", message: REVIEW_MESSAGES.notConfirmable },
      set: { publishmentStatus: "confirmed", ...period },
      message: {
        subject: REVIEW_SUBJECTS.confirmed,
        body: messageBody(periodLine, "編集部からのコメント", note),
      },
      mail: (ad) =>
        approvedMail({
          to: ad.to,
          ad: reviewedAd(ad),
          period: periodLine,
          note: note ?? null,
          loginUrl: deps.config.loginUrl,
        }),
    });
  });

  routes.patch("/api/adv/publishment_orders/:id/remand", requireAdministrator, async (c) => {
    const row = await findOrder(c);
    if (!isRemandable(row.order.publishmentStatus)) {
      throw violation("publishmentStatus", REVIEW_MESSAGES.notRemandable);
    }
    const { note } = new Checks(remandShape, await readBody(c)).result();
    const periodLine = periodText(
      tokyoDate(row.order.publishesAt),
      tokyoDate(row.order.unpublishesAt),
    );
    return transition(row, {
      c,
      action: "order.remand",
      from: REMANDABLE,
      refusal: { propertyPath: "publishmentStatus", message: REVIEW_MESSAGES.notRemandable },
      set: { publishmentStatus: "remanded" },
      message: {
        subject: REVIEW_SUBJECTS.remanded,
        body: messageBody(periodLine, "差し戻しの理由", note),
      },
      mail: (ad) =>
        remandedMail({
          to: ad.to,
          ad: reviewedAd(ad),
          reasons: note,
          loginUrl: deps.config.loginUrl,
        }),
    });
  });

  routes.patch("/api/adv/publishment_orders/:id/publishes_at", requireAdministrator, async (c) => {
    const row = await findOrder(c);
    const now = deps.clock();
    if (periodPhase(row.order, now) === "ended") {
      throw violation("publishmentStatus", REVIEW_MESSAGES.periodEnded);
    }
    const { period, periodLine, note } = await readNewPeriod(c, row.order);
    return transition(row, {
      c,
      action: "order.publishes_at",
      from: null,
      refusal: { propertyPath: "publishmentStatus", message: REVIEW_MESSAGES.periodEnded },
      set: period,
      notEndedAt: now,
      message: {
        subject: REVIEW_SUBJECTS.startDateChanged,
        body: messageBody(periodLine, "編集部からのコメント", note),
      },
      mail: (ad) =>
        startDateChangedMail({
          to: ad.to,
          ad: reviewedAd(ad),
          period: periodLine,
          note: note ?? null,
          loginUrl: deps.config.loginUrl,
        }),
    });
  });

  routes.post("/api/adv/posts/:id/contact", requireAdministrator, async (c) => {
    const ad = await findAd(parseId(c.req.param("id")));
    const { note } = new Checks(contactShape, await readBody(c)).result();
    const formattedId = formatAdvertisementId(ad.id);
    const message = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(messageBoxes)
        .values({
          clientId: ad.ownerId,
          advertisementId: ad.id,
          sender: "administrator",
          subject: REVIEW_SUBJECTS.contact(formattedId),
          body: note,
          createdAt: deps.clock(),
        })
        .returning();
      await recordAudit(tx, c, deps, {
        action: "post.contact",
        target: iri("posts", ad.id),
        advertisementId: ad.id,
        changes: { messageBox: { before: null, after: iri("message_boxes", inserted!.id) } },
      });
      return inserted!;
    });
    await sendAfterCommit(deps.mailer, [
      editorsMessageMail({
        to: ad.ownerEmail,
        ad: { formattedAdvertisementId: formattedId, title: ad.title },
        note,
        loginUrl: deps.config.loginUrl,
      }),
    ]);
    c.header("Location", iri("message_boxes", message.id));
    return jsonLd(
      c,
      {
        "@context": "/api/contexts/MessageBox",
        ...serializeMessageBox({ message, ad: { id: ad.id, title: ad.title } }),
      },
      201,
    );
  });

  // A soft delete: the ad, its order and its messages stay for the records; advertisers stop
  // seeing it, administrators see it flagged isDeleted.
  routes.delete("/api/adv/posts/:id", requireAdministrator, async (c) => {
    const ad = await findAd(parseId(c.req.param("id")));
    await deps.db.transaction(async (tx) => {
      const [deleted] = await tx
        .update(advertisements)
        .set({ isDeleted: true, updatedAt: deps.clock() })
        .where(and(eq(advertisements.id, ad.id), eq(advertisements.isDeleted, false)))
        .returning({ id: advertisements.id });
      if (!deleted) throw notFound();
      await recordAudit(tx, c, deps, {
        action: "post.delete",
        target: iri("posts", ad.id),
        advertisementId: ad.id,
        changes: { isDeleted: { before: false, after: true } },
      });
      // A deleted ad leaves the site.
      await enqueueSync(tx, deps, ad.id);
    });
    deps.kickJobs?.();
    return c.body(null, 204);
  });

  return routes;
}

/** What an order action changed: status and period, instants as on the wire. */
function orderChanges(
  before: typeof publishmentOrders.$inferSelect,
  after: typeof publishmentOrders.$inferSelect,
): AuditChanges {
  const changes: AuditChanges = {};
  if (before.publishmentStatus !== after.publishmentStatus) {
    changes.publishmentStatus = {
      before: before.publishmentStatus,
      after: after.publishmentStatus,
    };
  }
  for (const key of ["publishesAt", "unpublishesAt"] as const) {
    if (before[key].getTime() !== after[key].getTime()) {
      changes[key] = { before: auditInstant(before[key]), after: auditInstant(after[key]) };
    }
  }
  return changes;
}
