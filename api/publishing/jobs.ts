// The job queue's kinds and the publication steps (ADR 0010): durable rows in `jobs`, enqueued in
// the transaction of the change that calls for them, run by the API's one worker loop
// (../worker.ts, which claims, leases, retries and backs off for every kind).
//
// Dedupe keys:
// - period steps: `{kind}:{adId}:{date}` (mail_start: the start date; mail_end_soon, takedown,
//   mail_end: the end date). Touching an order again queues nothing new; moving the start date
//   queues new steps, and the old ones find their payload period no longer the order's (stale)
//   and do nothing.
// - sync: `sync:{adId}:{uuid}`, a new row per request, because syncing again is always wanted.
//   A request is skipped when a sync of the ad is already queued and not yet claimed (attempts
//   0): that row reads the ad when it runs, so it covers this change too.
// - mail: `mail:{outboxId}`, queued with the outbox row (../adapters/mail.ts).
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte } from "drizzle-orm";
import { addCalendarDays } from "../../shared/calendar-days";
import { startOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";
import { MAIL_JOB_KIND } from "../adapters/mail";
import { createWorker, type JobHandler, type JobRow, type Worker } from "../worker";
import type { ApiDeps } from "../context";
import type { Database } from "../db/client";
import { jobs, type publishmentOrders } from "../db/schema";
import { isPublishableOrder, periodOverAt } from "../domain/publishment";
import { runStep } from "./steps";

export { JOB_LEASE_MS, JOB_MAX_ATTEMPTS, type JobRow, type JobRunResult } from "../worker";

export const JOB_KINDS = [
  "sync",
  "takedown",
  "mail_start",
  "mail_end_soon",
  "mail_end",
  // An unclaimed trial upload's end (ADR 0012): `quarantine_expiry:{mediaId}`, no ad.
  "quarantine_expiry",
  // The sandbox provider's push of a payment outcome, until the merchant acknowledged it
  // (issue 28 #9): `sandbox_push:{paymentKey}:{status}:{ms}`, no ad.
  "sandbox_push",
  // A mail of the outbox to send by SMTP (ADR 0007): `mail:{outboxId}`, no ad. Run only by a
  // loop given an SMTP transport; without one the row waits, as the mail does in the outbox.
  MAIL_JOB_KIND,
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
type OrderRow = typeof publishmentOrders.$inferSelect;

export interface NewJob {
  kind: JobKind;
  advertisementId: number | null;
  dedupeKey: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

/** Queues a job once per dedupe key; answers whether a row was added. */
export async function enqueueJob(tx: Database, job: NewJob): Promise<boolean> {
  const rows = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      advertisementId: job.advertisementId,
      dedupeKey: job.dedupeKey,
      runAt: job.runAt,
      payload: job.payload ?? {},
      createdAt: job.runAt,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Queues a sync of the ad now, unless one is already waiting unclaimed (see above). */
export async function enqueueSync(
  tx: Database,
  deps: Pick<ApiDeps, "clock">,
  advertisementId: number,
): Promise<void> {
  const now = deps.clock();
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, "sync"),
        eq(jobs.advertisementId, advertisementId),
        isNull(jobs.doneAt),
        eq(jobs.attempts, 0),
        lte(jobs.runAt, now),
      ),
    )
    .limit(1);
  if (waiting) return;
  await enqueueJob(tx, {
    kind: "sync",
    advertisementId,
    dedupeKey: `sync:${advertisementId}:${randomUUID()}`,
    runAt: now,
  });
}

/** The period a step belongs to, as its payload carries it. */
export const periodPayload = (order: Pick<OrderRow, "publishesAt" | "unpublishesAt">) => ({
  publishesAt: order.publishesAt.toISOString(),
  unpublishesAt: order.unpublishesAt.toISOString(),
});

/**
 * After a change to an order (paid, unpaid, approved, remanded, start moved): a sync now and,
 * while the order is confirmed and paid, the steps of its current period.
 */
export async function schedulePublication(
  tx: Database,
  deps: Pick<ApiDeps, "clock">,
  order: OrderRow,
): Promise<void> {
  const adId = order.advertisementId;
  await enqueueSync(tx, deps, adId);
  if (!isPublishableOrder(order)) return;
  const payload = periodPayload(order);
  const start = tokyoDate(order.publishesAt);
  const end = tokyoDate(order.unpublishesAt);
  // The end steps run when the period is over: 00:00 of the day after the end date.
  const afterEnd = periodOverAt(order.unpublishesAt);
  const endingSoon = startOfTokyoDay(addCalendarDays(end, -7));
  const steps: NewJob[] = [
    {
      kind: "mail_start",
      advertisementId: adId,
      dedupeKey: `mail_start:${adId}:${start}`,
      runAt: order.publishesAt,
      payload,
    },
    {
      kind: "takedown",
      advertisementId: adId,
      dedupeKey: `takedown:${adId}:${end}`,
      runAt: afterEnd,
      payload,
    },
    {
      kind: "mail_end",
      advertisementId: adId,
      dedupeKey: `mail_end:${adId}:${end}`,
      runAt: afterEnd,
      payload,
    },
  ];
  // A period of seven days or less has no "seven days before the end" after its start.
  if (endingSoon.getTime() > order.publishesAt.getTime()) {
    steps.push({
      kind: "mail_end_soon",
      advertisementId: adId,
      dedupeKey: `mail_end_soon:${adId}:${end}`,
      runAt: endingSoon,
      payload,
    });
  }
  for (const step of steps) await enqueueJob(tx, step);
}

export interface JobWorkerOptions {
  deps: ApiDeps;
  /** How to send the outbox's mails (SMTP_URL set); without it `mail` jobs are not run here. */
  sendMail?: JobHandler;
  /** Strings that must never reach last_error or the log (the SMTP credentials). */
  secrets?: string[];
  /** Rows claimed per run. */
  batchSize?: number;
  log?: (message: string) => void;
}

/** The API's one loop: every kind of job, and the outbox's mails when `sendMail` is given. */
export function createJobWorker(opts: JobWorkerOptions): Worker {
  const { deps } = opts;
  const step: JobHandler = (job: JobRow) => runStep(deps, job);
  const handlers: Partial<Record<JobKind, JobHandler>> = {};
  for (const kind of JOB_KINDS) handlers[kind] = kind === MAIL_JOB_KIND ? opts.sendMail : step;
  return createWorker({
    db: deps.db,
    clock: deps.clock,
    handlers,
    batchSize: opts.batchSize,
    secrets: opts.secrets,
    log: opts.log,
  });
}
