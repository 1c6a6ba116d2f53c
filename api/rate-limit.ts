// Fixed-window rate limits stored in the database, so every API process shares them (login
// throttling, registration): one row per key and window, counted with one upsert.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { ApiDeps } from "./context";
import { rateLimitHits } from "./db/schema";
import { errorResponse, jsonLd } from "./hydra";

export interface Limit {
  /** Names the counter, e.g. "login:account"; keys are prefixed with it. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface LimitState {
  exceeded: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

function windowOf(limit: Limit, now: Date) {
  const ms = limit.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return {
    start: new Date(start),
    retryAfter: Math.max(1, Math.ceil((start + ms - now.getTime()) / 1000)),
  };
}

const keyOf = (limit: Limit, key: string) => `${limit.name}:${key}`;

/** Reads a counter without counting (login: only failures count). */
export async function peek(deps: ApiDeps, limit: Limit, key: string): Promise<LimitState> {
  const { start, retryAfter } = windowOf(limit, deps.clock());
  const [row] = await deps.db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, keyOf(limit, key)), eq(rateLimitHits.windowStart, start)));
  return { exceeded: (row?.hits ?? 0) >= limit.max, retryAfter };
}

/** Counts one hit and says whether the limit is now passed (this hit included). */
export async function hit(deps: ApiDeps, limit: Limit, key: string): Promise<LimitState> {
  const now = deps.clock();
  const { start, retryAfter } = windowOf(limit, now);
  const [row] = await deps.db
    .insert(rateLimitHits)
    .values({ key: keyOf(limit, key), windowStart: start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return { exceeded: row!.hits > limit.max, retryAfter };
}

/** Forgets a counter (a successful login clears its account's failures). */
export async function reset(deps: ApiDeps, limit: Limit, key: string) {
  await deps.db.delete(rateLimitHits).where(eq(rateLimitHits.key, keyOf(limit, key)));
}

/** Drops windows that ended long ago; called at natural moments, not from a timer. */
export async function pruneRateLimits(deps: ApiDeps) {
  const dayAgo = new Date(deps.clock().getTime() - 86_400_000);
  await deps.db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, dayAgo));
}

/** 429 with Retry-After: a hydra error, or the given body (the login speaks LexikJWT's shape). */
export function tooManyRequests(c: Context, state: LimitState, body?: object) {
  c.header("Retry-After", String(state.retryAfter));
  return body ? jsonLd(c, body, 429) : errorResponse(c, 429, "Too Many Requests");
}
