// The audit trail (ARCHITECTURE §6): who did what to which record, from where, and whether an
// administrator was acting as an advertiser. Rows are written in the transaction of the change
// they describe, so a failed change leaves no row and a recorded change always has one.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AuditAction } from "../shared/wire";
import { currentIdentity } from "./auth";
import type { ApiDeps, ApiEnv, Identity } from "./context";
import type { Database } from "./db/client";
import { auditLogs, authSessions } from "./db/schema";

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntry {
  action: AuditAction;
  /** The IRI of what was acted on. */
  target: string;
  advertisementId?: number | null;
  changes?: AuditChanges | null;
}

/**
 * Who acted, when the caller's identity does not say it (impersonation end on a public route; the
 * payment provider's push, which is no login: userLoginId null).
 */
export interface AuditActor {
  userLoginId: number | null;
  impersonatorUserLoginId: number | null;
}

/** The payment provider, acting by its push (a refund needed). */
export const PROVIDER_ACTOR: AuditActor = { userLoginId: null, impersonatorUserLoginId: null };

/** Administrators always leave a trace; advertisers only while an administrator acts as them. */
export const isAudited = (identity: Identity) =>
  identity.role === "administrator" || identity.impersonator !== null;

/** The administrator behind an impersonation token, read from its session (not from the JWT). */
async function impersonatorOf(db: Database, identity: Identity): Promise<number | null> {
  if (identity.impersonator === null) return null;
  const [session] = await db
    .select({ impersonator: authSessions.impersonatorUserLoginId })
    .from(authSessions)
    .where(eq(authSessions.id, identity.sessionId));
  return session?.impersonator ?? null;
}

/**
 * The caller as an audit actor, for a change that is recorded whoever makes it (an e-mail change:
 * the path an account is taken over by, so an advertiser's own one is kept too).
 */
export async function callerActor(db: Database, c: Context<ApiEnv>): Promise<AuditActor> {
  const identity = currentIdentity(c);
  return {
    userLoginId: identity.userLoginId,
    impersonatorUserLoginId: await impersonatorOf(db, identity),
  };
}

/**
 * Writes one audit row for the current caller in `tx` (the change's transaction). A plain
 * advertiser's own writes are not audited: nothing is written for them, unless `actor` is given.
 */
export async function recordAudit(
  tx: Database,
  c: Context<ApiEnv>,
  deps: Pick<ApiDeps, "clock" | "clientAddress">,
  entry: AuditEntry,
  actor?: AuditActor,
): Promise<void> {
  let who = actor;
  if (!who) {
    if (!isAudited(currentIdentity(c))) return;
    who = await callerActor(tx, c);
  }
  await tx.insert(auditLogs).values({
    occurredAt: deps.clock(),
    actorUserLoginId: who.userLoginId,
    impersonatorUserLoginId: who.impersonatorUserLoginId,
    action: entry.action,
    target: entry.target,
    advertisementId: entry.advertisementId ?? null,
    changes: entry.changes ?? null,
    clientIp: deps.clientAddress(c),
  });
}

/** The fields of `after` whose values differ from `before`, as `{field: {before, after}}`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as Array<keyof T & string>) {
    const a = normalize(after[key]);
    const b = normalize(before[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: b, after: a };
  }
  return changes;
}

/** Instants as ISO strings, undefined as null: what JSON can keep. */
function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}
