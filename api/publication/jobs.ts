// The publication job queue (ADR 0010): durable rows in `jobs`, enqueued in the transaction of
// the change that calls for them, run by a worker in the API process.
//
// Dedupe keys:
// - period steps: `{kind}:{adId}:{date}` (mail_start: the start date; mail_end_soon, takedown,
//   mail_end: the end date). Touching an order again queues nothing new; moving the start date
//   queues new steps, and the old ones find their payload period no longer the order's (stale)
//   and do nothing.
// - sync: `sync:{adId}:{uuid}`, a new row per request, because syncing again is always wanted.
//   A request is skipped when a sync of the ad is already queued and not yet claimed (attempts
//   0): that row reads the ad when it runs, so it covers this change too.
//
// Claiming is one statement, `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, that
// counts the attempt and leases the row (run_at moves past the longest run), as the mail outbox
// does: two workers on one PostgreSQL never run a job twice, and a crashed run is retried when
// its lease ends. Failures back off 1 min, doubling, at most 6 h; after 10 attempts the row stays
// with its last_error for an operator.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { addCalendarDays, startOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";
import { retryDelayMs } from "../adapters/mail-delivery";
import type { ApiDeps } from "../context";
import { outageLog } from "../db/availability";
import type { Database } from "../db/client";
import { jobs, type publishmentOrders } from "../db/schema";
import { runStep } from "./steps";

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
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobRow = typeof jobs.$inferSelect;
type OrderRow = typeof publishmentOrders.$inferSelect;

/** Longer than a run can last (a publisher's HTTP calls time out well before). */
export const JOB_LEASE_MS = 10 * 60_000;
export const JOB_MAX_ATTEMPTS = 10;
/** The end steps run this long after 23:59:59 of the end date: at 00:00 of the next day. */
const AFTER_END_MS = 1000;

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
  if (order.publishmentStatus !== "confirmed" || order.paymentStatus !== "paid") return;
  const payload = periodPayload(order);
  const start = tokyoDate(order.publishesAt);
  const end = tokyoDate(order.unpublishesAt);
  const afterEnd = new Date(order.unpublishesAt.getTime() + AFTER_END_MS);
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
  /** Rows claimed per run. */
  batchSize?: number;
  log?: (message: string) => void;
}

export interface JobRunResult {
  done: number;
  failed: number;
}

export interface JobWorker {
  /** Claims the due jobs, runs them, records each outcome. Tests call it with their clock. */
  runOnce(): Promise<JobRunResult>;
  /** Runs `runOnce` every `intervalMs` until `stop`. */
  start(intervalMs: number): void;
  /** A run soon, without waiting for the next poll (after a request queued a sync). */
  kick(): void;
  /** No further runs; waits for the one in progress. */
  stop(): Promise<void>;
}

/** The job's error for last_error and the log: a message only, no stack, kept short. */
const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const { deps } = opts;
  const { db } = deps;
  const batchSize = opts.batchSize ?? 20;
  const log = opts.log ?? ((message: string) => console.error(message));

  async function claim(now: Date) {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), lt(jobs.attempts, JOB_MAX_ATTEMPTS)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(jobs)
      .set({
        attempts: sql`${jobs.attempts} + 1`,
        runAt: new Date(now.getTime() + JOB_LEASE_MS),
      })
      .where(inArray(jobs.id, due))
      .returning();
    return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  }

  async function runOnce(): Promise<JobRunResult> {
    const result: JobRunResult = { done: 0, failed: 0 };
    for (const job of await claim(deps.clock())) {
      try {
        await runStep(deps, job);
      } catch (error) {
        const message = describe(error);
        const retry = job.attempts < JOB_MAX_ATTEMPTS;
        await db
          .update(jobs)
          .set({
            lastError: message,
            runAt: new Date(deps.clock().getTime() + retryDelayMs(job.attempts)),
          })
          .where(eq(jobs.id, job.id));
        log(
          `[api] job ${job.id} (${job.kind}) failed (attempt ${job.attempts}${retry ? "" : ", giving up"}): ${message}`,
        );
        result.failed += 1;
        continue;
      }
      await db
        .update(jobs)
        .set({ doneAt: deps.clock(), lastError: null })
        .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)));
      result.done += 1;
    }
    return result;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  // While PostgreSQL is away every poll fails alike: one line when it goes, one when it is back.
  const outage = outageLog("job worker", log);
  let again = false;

  /** One run at a time in this process; a kick during a run asks for one more after it. */
  function run() {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .then(
        () => outage.succeeded(),
        (error: unknown) => {
          if (!outage.failed(error)) log(`[api] job worker failed: ${describe(error)}`);
        },
      )
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  function schedule(intervalMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(() => schedule(intervalMs));
    }, intervalMs);
    // A pending poll never keeps the process alive on its own.
    timer.unref?.();
  }

  return {
    runOnce,
    start(intervalMs) {
      stopped = false;
      schedule(intervalMs);
    },
    kick() {
      if (stopped) return;
      void run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
