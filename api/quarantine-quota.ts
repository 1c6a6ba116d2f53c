// Byte quotas on the trial quarantine (ADR 0012, issue 28 #11): anonymous uploads wait up to a day
// for create_trial, so their count limit alone let one address park gigabytes. Before a trial file
// is written, its bytes must fit both the address's quota over the last 24 hours and the quota of
// every file still in quarantine.
import { createHash } from "node:crypto";
import { and, eq, gte, isNotNull, sql, sum } from "drizzle-orm";
import type { ApiDeps } from "./context";
import type { Database } from "./db/client";
import { mediaObjects, rateLimitHits } from "./db/schema";

/** The address's bytes are counted in hourly windows; the quota looks at the last 24 of them. */
const WINDOW_MS = 3600_000;
const WINDOWS = 24;

/** The address as stored and logged: a hash, never the address itself. */
export const addressTag = (address: string) =>
  createHash("sha256").update(address).digest("hex").slice(0, 32);

const counterKey = (address: string) => `trial:bytes:${addressTag(address)}`;

function currentWindow(now: Date) {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
}

/** Bytes this address put into quarantine during the last 24 hours (this hour included). */
async function addressBytes(deps: Pick<ApiDeps, "db" | "clock">, address: string) {
  const since = new Date(currentWindow(deps.clock()).getTime() - (WINDOWS - 1) * WINDOW_MS);
  const [row] = await deps.db
    .select({ bytes: sum(rateLimitHits.hits) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, counterKey(address)), gte(rateLimitHits.windowStart, since)));
  return Number(row?.bytes ?? 0);
}

/**
 * Bytes of every file still in quarantine: unclaimed rows, expired ones included until their job
 * has removed the files (they are still on disk).
 */
async function quarantinedBytes(deps: Pick<ApiDeps, "db">) {
  const [row] = await deps.db
    .select({ bytes: sum(mediaObjects.size) })
    .from(mediaObjects)
    .where(isNotNull(mediaObjects.trialKeyHash));
  return Number(row?.bytes ?? 0);
}

export type QuotaVerdict = "ok" | "address" | "total";

/** Whether `bytes` more may go into quarantine for this address. */
export async function checkQuarantineQuota(
  deps: Pick<ApiDeps, "db" | "clock" | "config">,
  address: string,
  bytes: number,
): Promise<QuotaVerdict> {
  const { perAddressBytes, totalBytes } = deps.config.quarantineQuota;
  if ((await addressBytes(deps, address)) + bytes > perAddressBytes) return "address";
  if ((await quarantinedBytes(deps)) + bytes > totalBytes) return "total";
  return "ok";
}

/** Counts a stored trial file against its address (in the transaction that records the file). */
export async function countQuarantinedBytes(
  db: Database,
  now: Date,
  address: string,
  bytes: number,
) {
  await db
    .insert(rateLimitHits)
    .values({ key: counterKey(address), windowStart: currentWindow(now), hits: bytes })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + ${bytes}` },
    });
}
