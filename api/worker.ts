// The API's one worker loop (ADR 0007, 0010, 0014): durable rows in `jobs` of several kinds
// (publication steps, trial quarantine, sandbox pushes, and the mail outbox's sends), claimed,
// run and recorded the same way whatever the kind. A kind runs only in a loop given its handler:
// without SMTP_URL no handler sends mail, so the `mail` rows wait (demo mode reads the outbox).
//
// Claiming is one statement, `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, that
// counts the attempt and leases the row (run_at moves past the longest run). The handler then
// runs outside any transaction, so a slow SMTP server or publisher never holds a lock (PGlite has
// one connection), and a second loop, in this process or another on the same PostgreSQL, skips
// the locked or leased rows: a job runs once. A process that dies mid-run leaves its lease to run
// out, and the job runs again (at least once, never twice in normal operation). Failures back off
// 1 min, doubling, at most 6 h; after 10 attempts the row stays with its last_error for an
// operator.
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { outageLog } from "./db/availability";
import type { Database } from "./db/client";
import { jobs } from "./db/schema";

export type JobRow = typeof jobs.$inferSelect;

/** Runs one claimed job; throws to have it retried. Must be idempotent (a lease can run out). */
export type JobHandler = (job: JobRow) => Promise<void>;

/** Longer than a run can last (SMTP and publisher HTTP calls time out well before). */
export const JOB_LEASE_MS = 10 * 60_000;
/** After this many failed attempts a job stays undone for an operator to look at. */
export const JOB_MAX_ATTEMPTS = 10;
/** A minute after the first failure, doubling each time, at most six hours (all ten: about 17 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

export interface WorkerOptions {
  db: Database;
  clock: () => Date;
  /** The kinds this loop runs, and how; rows of other kinds are left for another loop. */
  handlers: Partial<Record<string, JobHandler>>;
  /** Rows claimed per run. */
  batchSize?: number;
  /** Strings that must never reach last_error or the log (the SMTP credentials). */
  secrets?: string[];
  log?: (message: string) => void;
}

export interface JobRunResult {
  done: number;
  failed: number;
}

export interface Worker {
  /** Claims the due jobs, runs them, records each outcome. Tests call it with their clock. */
  runOnce(): Promise<JobRunResult>;
  /** Runs `runOnce` every `intervalMs` until `stop`. */
  start(intervalMs: number): void;
  /** A run soon, without waiting for the next poll (after a request queued a sync). */
  kick(): void;
  /** No further runs; waits for the one in progress. */
  stop(): Promise<void>;
}

export function createWorker(opts: WorkerOptions): Worker {
  const { db, clock, handlers } = opts;
  const kinds = Object.keys(handlers).filter((kind) => handlers[kind]);
  const batchSize = opts.batchSize ?? 20;
  const log = opts.log ?? ((message: string) => console.error(message));
  const secrets = (opts.secrets ?? []).filter((s) => s.length >= 3);

  /** The error's message for last_error and the log: no stack, no credentials, kept short. */
  const describe = (error: unknown) => {
    let message = error instanceof Error ? error.message : String(error);
    for (const secret of secrets) message = message.split(secret).join("***");
    return message.slice(0, 500);
  };

  async function claim(now: Date) {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, now),
          lt(jobs.attempts, JOB_MAX_ATTEMPTS),
          inArray(jobs.kind, kinds),
        ),
      )
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
    return rows.sort((a, b) => a.id - b.id);
  }

  async function runJob(job: JobRow, result: JobRunResult) {
    try {
      await handlers[job.kind]!(job);
    } catch (error) {
      const message = describe(error);
      const retry = job.attempts < JOB_MAX_ATTEMPTS;
      await db
        .update(jobs)
        .set({
          lastError: message,
          runAt: new Date(clock().getTime() + retryDelayMs(job.attempts)),
        })
        .where(eq(jobs.id, job.id));
      log(
        `[api] job ${job.id} (${job.kind}) failed (attempt ${job.attempts}${retry ? "" : ", giving up"}): ${message}`,
      );
      result.failed += 1;
      return;
    }
    await db
      .update(jobs)
      .set({ doneAt: clock(), lastError: null })
      .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)));
    result.done += 1;
  }

  async function runOnce(): Promise<JobRunResult> {
    const result: JobRunResult = { done: 0, failed: 0 };
    if (kinds.length === 0) return result;
    for (const job of await claim(clock())) await runJob(job, result);
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
