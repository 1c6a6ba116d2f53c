// AuditLog: the administrators' trail of who did what (ARCHITECTURE §6), newest first, filtered
// by actor (e-mail, partial), action (code) and target (IRI). Advertisers never see it.
import { and, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { auditLogs, userLogins } from "../db/schema";
import { iri, parseIdOrIri, readPage, collectionResponse } from "../hydra";

const AUDIT_LOG_CONTEXT = "/api/contexts/AuditLog";
const DEFAULT_ITEMS_PER_PAGE = 30;
const MAX_ITEMS_PER_PAGE = 100;

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

  routes.get("/api/adv/audit_logs", requireAdministrator, async (c) => {
    const url = new URL(c.req.url);
    const where = and(...auditFilters(url.searchParams));
    const page = readPage(url.searchParams, DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
    const rows = await deps.db
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
      .limit(page.itemsPerPage)
      .offset(page.offset);
    const [total] = await deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLogs)
      .leftJoin(actors, eq(actors.id, auditLogs.actorUserLoginId))
      .where(where);
    return collectionResponse(c, AUDIT_LOG_CONTEXT, "/audit_logs", rows.map(serializeAuditLog), {
      page,
      totalItems: total?.n ?? 0,
    });
  });

  return routes;
}
