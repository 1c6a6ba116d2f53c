// The outbox viewer (ARCHITECTURE §6): in demo mode nothing is sent unless SMTP_URL is set, so
// administrators read the mails here (the portal's /administrator/mails). Outside demo mode the
// route answers 404: real mail does not belong on a screen.
import { count, desc } from "drizzle-orm";
import { Hono } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { mailOutbox } from "../db/schema";
import { collectionResponse, notFound, readPage } from "../hydra";

const DEFAULT_ITEMS_PER_PAGE = 20;
const MAX_ITEMS_PER_PAGE = 100;

export function mailOutboxRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/mail_outbox", requireAdministrator, async (c) => {
    if (!deps.config.demo) throw notFound();
    const url = new URL(c.req.url);
    const page = readPage(url.searchParams, DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
    const rows = await deps.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.itemsPerPage)
      .offset(page.offset);
    const [total] = await deps.db.select({ n: count() }).from(mailOutbox);
    const members = rows.map((row) => ({
      "@type": "MailOutbox",
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      body: row.body,
      createdAt: toTokyoIso(row.createdAt),
      sentAt: row.sentAt ? toTokyoIso(row.sentAt) : null,
    }));
    return collectionResponse(c, "/api/contexts/MailOutbox", "/mail_outbox", members, {
      page,
      totalItems: total?.n ?? 0,
    });
  });

  return routes;
}
