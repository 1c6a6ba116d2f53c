// Login sessions of the reference API: a session per login (or switch_user), its rotating refresh
// tokens, and revocation. Access tokens name their session (`sid`), so ending a session ends
// every token issued to it at once (ARCHITECTURE §4 "A session ends for real").
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { ApiDeps } from "./context";
import type { Database } from "./db/client";
import { authSessions, refreshTokens } from "./db/schema";

/**
 * A rotated refresh token still refreshes this long after it was exchanged: the browser's
 * parallel requests at expiry all carry the old one, and none of them may log the user out.
 * Presented later, it is taken for a stolen copy and the whole session ends.
 */
export const REUSE_WINDOW_MS = 30_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type SessionRow = typeof authSessions.$inferSelect;

/** Opens a session for a login (administrators impersonating: with their login id). */
export async function openSession(
  deps: ApiDeps,
  userLoginId: number,
  impersonatorUserLoginId: number | null = null,
): Promise<SessionRow> {
  const now = deps.clock();
  // Housekeeping at a natural moment: this login's ended sessions are useless.
  await deps.db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userLoginId, userLoginId),
        or(lt(authSessions.expiresAt, now), sql`${authSessions.revokedAt} is not null`),
      ),
    );
  const [row] = await deps.db
    .insert(authSessions)
    .values({
      userLoginId,
      impersonatorUserLoginId,
      expiresAt: new Date(now.getTime() + deps.config.sessionTtl * 1000),
    })
    .returning();
  return row!;
}

/** A new opaque refresh token (64 hex) of a session; only its hash is stored. */
export async function createRefreshToken(deps: ApiDeps, session: SessionRow): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await deps.db.insert(refreshTokens).values({
    tokenHash: sha256(token),
    sessionId: session.id,
    expiresAt: refreshTokenExpiry(deps, session),
  });
  return token;
}

/** When a refresh token issued now expires: its idle lifetime, never beyond its session's end. */
export function refreshTokenExpiry(deps: ApiDeps, session: Pick<SessionRow, "expiresAt">): Date {
  const idleEnd = deps.clock().getTime() + deps.config.refreshTokenTtl * 1000;
  return new Date(Math.min(idleEnd, session.expiresAt.getTime()));
}

export const isLive = (session: SessionRow, now: Date) =>
  session.revokedAt === null && session.expiresAt > now;

/** The live session an access token names, or null (revoked, expired, someone else's). */
export async function findLiveSession(
  deps: ApiDeps,
  sessionId: number,
  userLoginId: number,
): Promise<SessionRow | null> {
  const [row] = await deps.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userLoginId, userLoginId)))
    .limit(1);
  return row && isLive(row, deps.clock()) ? row : null;
}

/**
 * Exchanges a refresh token for a successor in the same session. Returns the session to issue a
 * new pair for, or null when the token is unknown, expired, of an ended session, or reused after
 * the window (which ends the session: someone else holds a copy).
 */
export async function rotateRefreshToken(
  deps: ApiDeps,
  token: string,
): Promise<{ session: SessionRow; refreshToken: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const now = deps.clock();
  const [row] = await deps.db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.token.expiresAt <= now || !isLive(row.session, now)) return null;

  if (row.token.rotatedAt === null) {
    // Conditional, so two parallel exchanges agree on one first rotation; both still succeed.
    await deps.db
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.rotatedAt)));
  } else if (now.getTime() - row.token.rotatedAt.getTime() > REUSE_WINDOW_MS) {
    await revokeSession(deps.db, row.session.id, now);
    return null;
  }
  return { session: row.session, refreshToken: await createRefreshToken(deps, row.session) };
}

/** Logout: ends the session a refresh token belongs to. False when the token is unknown. */
export async function revokeSessionOf(
  deps: ApiDeps,
  token: string,
  /** Runs in the revocation's transaction when this call ended the session (e.g. its audit row). */
  onRevoked?: (tx: Database, session: RevokedSession) => Promise<void>,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(token)) return false;
  const [row] = await deps.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return false;
  await deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(authSessions)
      .set({ revokedAt: deps.clock() })
      .where(and(eq(authSessions.id, row.sessionId), isNull(authSessions.revokedAt)))
      .returning({
        userLoginId: authSessions.userLoginId,
        impersonatorUserLoginId: authSessions.impersonatorUserLoginId,
      });
    if (revoked && onRevoked) await onRevoked(tx, revoked);
  });
  return true;
}

export interface RevokedSession {
  userLoginId: number;
  impersonatorUserLoginId: number | null;
}

async function revokeSession(db: Database, sessionId: number, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/**
 * Ends every session of a login, and every impersonation an administrator login opened, except
 * `keep` (the caller's own session after a password or e-mail change). Run it in the transaction
 * of the change it follows.
 */
export async function revokeSessionsOf(
  db: Database,
  userLoginId: number,
  now: Date,
  keep: number | null = null,
) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(
      and(
        or(
          eq(authSessions.userLoginId, userLoginId),
          eq(authSessions.impersonatorUserLoginId, userLoginId),
        ),
        isNull(authSessions.revokedAt),
        keep === null ? undefined : ne(authSessions.id, keep),
      ),
    );
}
