// Test databases: a migrated, demo-seeded PGlite template is built once (cached on disk, keyed by
// the schema and seed sources) and every test file gets its own in-memory copy in about a second,
// instead of paying PGlite's ~3 s initdb per file.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { asc, type Logger } from "drizzle-orm";
import type { Mailer } from "../adapters/mail";
import type { OutboundGuard } from "../adapters/outbound-guard";
import type { PaymentProvider } from "../adapters/payment";
import { createApiApp, createApiDeps } from "../app";
import { loadApiConfig, type Env } from "../config";
import { fromPglite, type Database, type OpenedDatabase } from "../db/client";
import { mailOutbox } from "../db/schema";
import { seedDemo, seedPrefectures } from "../db/seed";
import type { PublisherFactory } from "../publication/publishers";

/** "Now" of the seeded demo data and of the test app's clock: Sunday 15 June 2025, 12:00 in Tokyo. */
export const TEST_NOW = new Date("2025-06-15T03:00:00Z");

const dbSourceDir = fileURLToPath(new URL("../db", import.meta.url));
const cacheDir = path.resolve(
  fileURLToPath(new URL("../..", import.meta.url)),
  "node_modules/.cache/pglite-template",
);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
    ),
  );
  return files.flat().sort();
}

/** Changes to the migrations or the seed (everything in api/db) make a new template. */
async function templateKey(): Promise<string> {
  const hash = createHash("sha256").update(TEST_NOW.toISOString());
  for (const file of await sourceFiles(dbSourceDir)) {
    if (file.endsWith(".test.ts")) continue;
    hash.update(path.relative(dbSourceDir, file)).update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

async function buildTemplate(file: string) {
  const client = await PGlite.create();
  const { db } = await fromPglite(client);
  await seedPrefectures(db);
  // Without the site showcase ads: the tests' fixed ids and counts predate them.
  await seedDemo(db, TEST_NOW, { siteShowcase: false });
  const dump = await client.dumpDataDir("none");
  await client.close();
  await mkdir(path.dirname(file), { recursive: true });
  // Parallel test workers may build it at the same time: write aside, then rename atomically.
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  await removeStaleTemplates(path.dirname(file));
}

/** A day: checkouts of other branches share the cache (node_modules), each with its own key. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/** Templates of earlier schema or seed versions are 40 MB each: dropped once unused for a day. */
async function removeStaleTemplates(dir: string) {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const touched = await stat(file).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - touched > STALE_TEMPLATE_MS) await rm(file, { force: true });
  }
}

/** This process's template build, shared by the files that ask for it at the same time. */
const building = new Map<string, Promise<void>>();

/** A fresh in-memory database, migrated and seeded with the demo data as of TEST_NOW. */
export async function createTestDatabase(opts: { logger?: Logger } = {}): Promise<OpenedDatabase> {
  const file = path.join(cacheDir, `${await templateKey()}.tar`);
  if (!existsSync(file)) {
    if (!building.has(file)) building.set(file, buildTemplate(file));
    await building.get(file);
  }
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
