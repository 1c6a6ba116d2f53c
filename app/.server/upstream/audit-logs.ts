// The audit trail (issue 10 contract: GET /api/adv/audit_logs, administrators only), newest first.
import { z } from "zod";
import type { UpstreamClient } from "./client";
import { identified, relation, resolveIfAllowed } from "./relations";

/** A login that acted; a bare IRI (issue 16) is fetched for its e-mail by listAuditLogs. */
const person = identified(z.object({ id: z.number(), email: z.string() }));
const change = z.object({ before: z.unknown(), after: z.unknown() });

export const auditLogSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  occurredAt: z.string(),
  actor: relation(person).nullish(),
  impersonator: relation(person).nullish(),
  action: z.string(),
  target: z.string().nullish(),
  advertisement: z.string().nullish(),
  changes: z.record(change).nullish(),
  clientIp: z.string().nullish(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export type AuditLogQuery = {
  page: number;
  itemsPerPage: number;
  actor?: string;
  action?: string;
  target?: string;
  /** Every entry about this ad (an IRI), whatever its own target: our addition to the contract. */
  advertisement?: string;
};

/**
 * A page of the trail, who acted fetched when only named by IRI (each login once per request: the
 * client's memo). A login the upstream will not show stays a reference, labelled by its id.
 */
export async function listAuditLogs(api: UpstreamClient, query: AuditLogQuery) {
  const page = await api.getCollection("/api/adv/audit_logs", auditLogSchema, query);
  const member = await Promise.all(
    page.member.map(async (log) => {
      const [actor, impersonator] = await Promise.all([
        resolveIfAllowed(api, log.actor, person),
        resolveIfAllowed(api, log.impersonator, person),
      ]);
      return { ...log, actor, impersonator };
    }),
  );
  return { ...page, member };
}
