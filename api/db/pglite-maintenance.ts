// PGlite has no autovacuum (one session, no background workers): without VACUUM its tables keep
// every dead row version the API's updates leave (sessions, counts, jobs) and never set the
// visibility map that index-only scans read. The embedded API on PGlite vacuums when it starts
// and then daily, as autovacuum does on PostgreSQL (ADR 0013).
import { sql } from "drizzle-orm";
import type { Database } from "./client";

export const VACUUM_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type Maintenance = {
  /** No more vacuums; waits for the one running. */
  stop(): Promise<void>;
};

/**
 * Vacuums and analyzes the whole database now (in the background: requests queue behind it in
 * PGlite's one session) and every `intervalMs`. A failure is logged and tried again next time.
 */
export function maintainPglite(
  db: Database,
  opts: { intervalMs?: number; log?: (line: string) => void } = {},
): Maintenance {
  const log = opts.log ?? ((line: string) => console.log(line));
  let running: Promise<void> = Promise.resolve();
  const vacuum = () => {
    const started = performance.now();
    running = db.execute(sql`vacuum (analyze)`).then(
      () => log(`database: vacuumed in ${Math.round(performance.now() - started)} ms`),
      (error: unknown) => log(`database: vacuum failed (${(error as Error).message})`),
    );
  };
  vacuum();
  const timer = setInterval(vacuum, opts.intervalMs ?? VACUUM_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
