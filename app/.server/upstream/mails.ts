// The outbox viewer's call (GET /api/adv/mail_outbox): the reference API answers it in demo mode
// only, 404 otherwise.
import { z } from "zod";
import type { UpstreamClient } from "./client";

export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const listOutboxMails = (api: UpstreamClient, page: number, itemsPerPage: number) =>
  api.getCollection("/api/adv/mail_outbox", outboxMailSchema, { page, itemsPerPage });
