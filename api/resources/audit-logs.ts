// AuditLog: the administrators' trail of who did what (ARCHITECTURE §6), newest first, filtered
// by actor (e-mail, partial), action (code) and target (IRI). Advertisers never see it.
import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { auditLogs, userLogins } from "../db/schema";
import { iri, parseIdOrIri } from "../hydra";
import { pagedCollectionResponse, type PagedCollection } from "./paged-collection";

const AUDIT_LOGS: PagedCollection = {
  context: "/api/contexts/AuditLog",
  path: "/audit_logs",
  itemsPerPage: 30,
  maxItemsPerPage: 100,
};

const actors = alias(userLogins, "actor");
const impersonators = alias(userLogins, "impersonator");

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function auditFilters(params: URLSearchParams): SQL[] {
  const conditions: SQL[] = [];
  const value = (name: string) => params.get(name)?.trim() || null;
  const actor = value("actor");
  if (actor) conditions.push(ilike(actors.email, `%${escapeLike(actor)}%`));
  const action = value("action");
  if (action) conditions.push(eq(auditLogs.action, action));
  const target = value("target");
  if (target) conditions.push(eq(auditLogs.target, target));
  // Everything about one ad, whatever the row's own target (its order, its messages): the
  // 操作履歴 screen's 申込ID filter. An unreadable id matches nothing.
  const advertisement = value("advertisement");
  if (advertisement) {
    const id = parseIdOrIri(advertisement, "posts");
    conditions.push(id === null ? sql`false` : eq(auditLogs.advertisementId, id));
  }
  return conditions;
}

type Row = {
  log: typeof auditLogs.$inferSelect;
  /** Null when no login acted (the payment provider's push). */
  actor: { id: number; email: string } | null;
  impersonator: { id: number; email: string } | null;
};

const person = (login: { id: number; email: string }) => ({ id: login.id, email: login.email });

export function serializeAuditLog({ log, actor, impersonator }: Row) {
  return {
    "@id": iri("audit_logs", log.id),
    "@type": "AuditLog",
    id: log.id,
    occurredAt: toTokyoIso(log.occurredAt),
    actor: actor ? person(actor) : null,
    impersonator: impersonator ? person(impersonator) : null,
    action: log.action,
    target: log.target,
    advertisement: log.advertisementId === null ? null : iri("posts", log.advertisementId),
    changes: log.changes ?? {},
    clientIp: log.clientIp,
  };
}

export function auditLogRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/audit_logs", requireAdministrator, (c) => {
    const where = and(...auditFilters(new URL(c.req.url).searchParams));
    return pagedCollectionResponse(
      c,
      AUDIT_LOGS,
      deps.db
        .select({
          log: auditLogs,
          actor: { id: actors.id, email: actors.email },
          impersonator: { id: impersonators.id, email: impersonators.email },
        })
        .from(auditLogs)
        .leftJoin(actors, eq(actors.id, auditLogs.actorUserLoginId))
        .leftJoin(impersonators, eq(impersonators.id, auditLogs.impersonatorUserLoginId))
        .where(where)
        .orderBy(desc(auditLogs.occurredAt), desc(auditLogs.id))
        .$dynamic(),
      deps.db
        .select({ n: count() })
        .from(auditLogs)
        .leftJoin(actors, eq(actors.id, auditLogs.actorUserLoginId))
        .where(where),
      serializeAuditLog,
    );
  });

  return routes;
}
