// What each kind of publication job does (ADR 0010). Every step is idempotent and re-reads the
// order: a period step whose payload period is no longer the order's, or whose order is not
// confirmed and paid (or whose ad is deleted), does nothing and is marked done.
import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { slashDate } from "../../shared/calendar-days";
import { sendAfterCommit, type Mail } from "../adapters/mail";
import type { ApiDeps } from "../context";
import {
  advertisements,
  dailyReports,
  jobs,
  messageBoxes,
  publishmentOrders,
  userLogins,
} from "../db/schema";
import {
  figureLines,
  LIFECYCLE_SUBJECTS,
  publicationEndedMail,
  publicationEndingSoonMail,
  publicationStartedMail,
  type PeriodFigures,
} from "../domain/mails";
import { isPublishableOrder } from "../domain/publishment";
import { withOwnerLogin } from "../resources/ad-owners";
import type { JobRow } from "./jobs";
import { expireQuarantine } from "./quarantine";
import { reconcile } from "./reconcile";

// As the order's messages write it (publishment-order-routes.ts periodText), without importing
// the routes (they import the queue).
const periodText = (start: string, end: string) =>
  `掲載期間: ${slashDate(start)}〜${slashDate(end)}`;

/** Runs one claimed job; throws to have it retried. */
export async function runStep(deps: ApiDeps, job: JobRow): Promise<void> {
  if (job.kind === "quarantine_expiry") return expireQuarantine(deps, job.payload);
  if (job.kind === "sandbox_push") return redeliverSandboxPush(deps, job.payload);
  const adId = job.advertisementId;
  if (adId === null) return;
  if (job.kind === "sync") {
    const result = await reconcile(deps, adId);
    if (!result.ok) throw new Error("sync failed (see public_advertisements.sync_error)");
    return;
  }
  const current = await currentOrder(deps, adId, job);
  if (!current) return;
  switch (job.kind) {
    case "takedown": {
      const result = await reconcile(deps, adId);
      if (!result.ok) throw new Error("takedown failed (see public_advertisements.sync_error)");
      return;
    }
    case "mail_start":
    case "mail_end_soon":
    case "mail_end":
      await lifecycleMail(deps, job, current);
      return;
    default:
      // An unknown kind (a newer version's job): done, so it does not block the queue.
      return;
  }
}

/**
 * The sandbox's durable push (issue 28 #9): sent again until the merchant answers 2xx (the push
 * handler dedupes repeats). Without a mounted sandbox (it was turned off) there is nobody to push.
 */
async function redeliverSandboxPush(deps: ApiDeps, payload: Record<string, unknown>) {
  const paymentKey = typeof payload.paymentKey === "string" ? payload.paymentKey : null;
  if (!paymentKey || !deps.sandboxPush) return;
  if (!(await deps.sandboxPush(paymentKey))) throw new Error("the merchant did not acknowledge");
}

/** The ad's order and owner when the job's period is still the order's live period; else null. */
async function currentOrder(deps: ApiDeps, adId: number, job: JobRow) {
  const [row] = await withOwnerLogin(
    deps.db
      .select({
        order: publishmentOrders,
        title: advertisements.title,
        isDeleted: advertisements.isDeleted,
        ownerId: advertisements.ownerId,
        email: userLogins.email,
      })
      .from(publishmentOrders)
      .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
      .$dynamic(),
  )
    .where(eq(publishmentOrders.advertisementId, adId))
    .limit(1);
  if (!row || row.isDeleted) return null;
  const { order } = row;
  if (!isPublishableOrder(order)) return null;
  const payload = job.payload as { publishesAt?: string; unpublishesAt?: string };
  if (
    payload.publishesAt !== order.publishesAt.toISOString() ||
    payload.unpublishesAt !== order.unpublishesAt.toISOString()
  ) {
    return null;
  }
  return row;
}

type Current = NonNullable<Awaited<ReturnType<typeof currentOrder>>>;

/** The figures of the period, summed from daily_reports (Tokyo dates, both ends included). */
export async function periodFigures(
  deps: ApiDeps,
  adId: number,
  order: Pick<typeof publishmentOrders.$inferSelect, "publishesAt" | "unpublishesAt">,
): Promise<PeriodFigures> {
  const r = dailyReports;
  const [sum] = await deps.db
    .select({
      imp: sql<number>`coalesce(sum(${r.imp}), 0)`.mapWith(Number),
      clk: sql<number>`coalesce(sum(${r.clk}), 0)`.mapWith(Number),
      pv: sql<number>`coalesce(sum(${r.pv}), 0)`.mapWith(Number),
      linkClicks: sql<number>`coalesce(sum(${r.link1} + ${r.link2} + ${r.link3}), 0)`.mapWith(
        Number,
      ),
    })
    .from(r)
    .where(
      and(
        eq(r.advertisementId, adId),
        gte(r.date, tokyoDate(order.publishesAt)),
        lte(r.date, tokyoDate(order.unpublishesAt)),
      ),
    );
  return sum ?? { imp: 0, clk: 0, pv: 0, linkClicks: 0 };
}

/**
 * A lifecycle mail and its system message. The message and the job's done mark are written in one
 * transaction (a job that already wrote its message is not run again); the mail follows.
 */
async function lifecycleMail(deps: ApiDeps, job: JobRow, current: Current) {
  const { order } = current;
  const adId = order.advertisementId;
  const ad = { formattedAdvertisementId: formatAdvertisementId(adId), title: current.title };
  const period = periodText(tokyoDate(order.publishesAt), tokyoDate(order.unpublishesAt));
  const base = { to: current.email, ad, period, loginUrl: deps.config.loginUrl };
  let subject: string;
  let body: string[];
  let mail: Mail;
  if (job.kind === "mail_start") {
    subject = LIFECYCLE_SUBJECTS.started;
    body = [period];
    mail = publicationStartedMail(base);
  } else if (job.kind === "mail_end_soon") {
    subject = LIFECYCLE_SUBJECTS.endingSoon;
    body = [period];
    mail = publicationEndingSoonMail(base);
  } else {
    const figures = await periodFigures(deps, adId, order);
    subject = LIFECYCLE_SUBJECTS.ended;
    body = [period, "", "掲載期間中の実績:", ...figureLines(figures)];
    mail = publicationEndedMail({ ...base, figures });
  }
  const now = deps.clock();
  const wrote = await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(jobs)
      .set({ doneAt: now, lastError: null })
      .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)))
      .returning({ id: jobs.id });
    if (!marked) return false;
    await tx.insert(messageBoxes).values({
      clientId: current.ownerId,
      advertisementId: adId,
      sender: "system",
      subject,
      body: body.join("\n"),
      createdAt: now,
    });
    return true;
  });
  if (wrote) await sendAfterCommit(deps.mailer, [mail]);
}
