// The audit trail (issue 10 contract: GET /api/adv/audit_logs, administrators only), newest first.
import { z } from "zod";
import type { UpstreamClient } from "./client";

const person = z.object({ id: z.number(), email: z.string() });
const change = z.object({ before: z.unknown(), after: z.unknown() });

export const auditLogSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  occurredAt: z.string(),
  actor: person.nullish(),
  impersonator: person.nullish(),
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

export const listAuditLogs = (api: UpstreamClient, query: AuditLogQuery) =>
  api.getCollection("/api/adv/audit_logs", auditLogSchema, query);
