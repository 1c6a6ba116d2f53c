// Test databases: every test file gets its own in-memory copy of the migrated, demo-seeded PGlite
// template (template.ts) in about a second, instead of paying PGlite's ~3 s initdb per file.
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { asc, type Logger } from "drizzle-orm";
import { inject } from "vitest";
import type { Mailer } from "../adapters/mail";
import type { OutboundGuard } from "../adapters/outbound-guard";
import type { PaymentProvider } from "../adapters/payment";
import { createApiApp, createApiDeps } from "../app";
import { loadApiConfig, type Env } from "../config";
import { fromPglite, type Database, type OpenedDatabase } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { PublisherFactory } from "../publishing/publishers";
import { ensureTemplate, TEST_NOW } from "./template";

export { TEST_NOW };

/** A fresh in-memory database, migrated and seeded with the demo data as of TEST_NOW. */
export async function createTestDatabase(opts: { logger?: Logger } = {}): Promise<OpenedDatabase> {
  const file = inject("pgliteTemplate") ?? (await ensureTemplate());
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(file)]) });
  return fromPglite(client, opts);
}

/** The API on a fresh test database, with a clock the test can move. */
export async function createTestApi(
  opts: {
    env?: Env;
    logger?: Logger;
    mailer?: Mailer;
    payments?: PaymentProvider;
    publisherFor?: PublisherFactory;
    outboundGuard?: OutboundGuard;
  } = {},
) {
  const database = await createTestDatabase({ logger: opts.logger });
  const config = await loadApiConfig(opts.env ?? {});
  let now = TEST_NOW;
  const clock = () => now;
  const deps = createApiDeps({
    db: database.db,
    config,
    clock,
    mailer: opts.mailer,
    payments: opts.payments,
    publisherFor: opts.publisherFor,
    outboundGuard: opts.outboundGuard,
  });
  const app = createApiApp({ db: database.db, config, deps });
  return {
    app,
    /** The handlers' dependencies (e.g. for a job worker on the same database and clock). */
    deps,
    db: database.db,
    config,
    close: database.close,
    /** Moves the clock, e.g. past a token's expiry. */
    setNow(value: Date) {
      now = value;
    },
  };
}

/** The mails written to the outbox so far, oldest first. */
export async function outboxMails(db: Database) {
  return db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, body: mailOutbox.body })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.id));
}
