// The outbox viewer (ARCHITECTURE §6): in demo mode nothing is sent unless SMTP_URL is set, so
// administrators read the mails here (the portal's /administrator/mails). Outside demo mode the
// route answers 404: real mail does not belong on a screen.
import { count, desc } from "drizzle-orm";
import { Hono } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { mailOutbox } from "../db/schema";
import { notFound } from "../hydra";
import { pagedCollectionResponse, type PagedCollection } from "./paged-collection";

const OUTBOX: PagedCollection = {
  context: "/api/contexts/MailOutbox",
  path: "/mail_outbox",
  itemsPerPage: 20,
  maxItemsPerPage: 100,
};

export function mailOutboxRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/mail_outbox", requireAdministrator, (c) => {
    if (!deps.config.demo) throw notFound();
    return pagedCollectionResponse(
      c,
      OUTBOX,
      deps.db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .$dynamic(),
      deps.db.select({ n: count() }).from(mailOutbox),
      (row) => ({
        "@type": "MailOutbox",
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        body: row.body,
        createdAt: toTokyoIso(row.createdAt),
        sentAt: row.sentAt ? toTokyoIso(row.sentAt) : null,
      }),
    );
  });

  return routes;
}
