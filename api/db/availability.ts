// Whether the database can be reached (ARCHITECTURE §10): a query that failed because PostgreSQL
// is away (stopped, restarting, network gone) is an outage the API answers with 503 and its
// workers wait out, not a fault of the request or the job.
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** Node's socket errors that mean the server cannot be reached or went away. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's codes for a server that is shutting down or not yet accepting connections
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now) and the class 08
 * connection exceptions.
 */
const UNAVAILABLE_SQLSTATE = /^(57P0[123]|08[0-9A-Z]{3})$/;

/** node-postgres's own errors for a connection that ended or could not be made in time. */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection timeout)/;

/** Whether `error`, or an error it wraps (Drizzle's query error, Node's AggregateError), says so. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    )
      return true;
    if (UNREACHABLE_MESSAGE.test(current.message)) return true;
    queue.push(current.cause);
    if (current instanceof AggregateError) queue.push(...(current.errors as unknown[]));
  }
  return false;
}

/** How long a readiness check waits for `select 1` before it calls the database down. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Whether the database answers `select 1` within `timeoutMs` (a readiness probe). */
export async function databaseAnswers(
  db: Database,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export interface OutageLog {
  /**
   * Reports a failed run: a database outage is logged on its first failure only and answers
   * true; any other error answers false (the caller logs it as before).
   */
  failed(error: unknown): boolean;
  /** Reports a run that reached the database: the end of an outage is logged once. */
  succeeded(): void;
}

/** One line when a poll loop (`who`) loses the database and one when it is back, not per tick. */
export function outageLog(who: string, log: (message: string) => void): OutageLog {
  let down = false;
  return {
    failed(error) {
      if (!isDatabaseUnavailable(error)) return false;
      if (!down) log(`[api] ${who}: the database cannot be reached; retrying on every poll`);
      down = true;
      return true;
    },
    succeeded() {
      if (down) log(`[api] ${who}: the database answers again`);
      down = false;
    },
  };
}
