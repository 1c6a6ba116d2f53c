// Opens the reference API's database (embedded PGlite or PostgreSQL) and brings its schema up to date.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { withStatementCache } from "./pglite-statements";
import * as schema from "./schema";

/** What every query module takes: satisfied by both drivers and by a transaction (`tx`). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any id will do, as long as every copy of the API uses the same one. */
const MIGRATION_LOCK_ID = 7_413_220_001;

export async function openDatabase(opts: {
  dataDir?: string;
  databaseUrl?: string;
}): Promise<OpenedDatabase> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.resolve(opts.dataDir, "pglite");
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  return fromPglite(client);
}

/**
 * PGlite's pages live in memory (its WebAssembly file system), so a random read costs what a
 * sequential one does: with PostgreSQL's default random_page_cost of 4 the planner walked the
 * primary key past 49,000 other ads instead of reading an advertiser's ten from its index
 * (ADR 0013). PGlite has one session, so the setting holds for as long as the database is open.
 */
export const PGLITE_PLANNER_SETTINGS = "SET random_page_cost = 1.1";

/** Wraps an already created PGlite (tests load a template into memory) and migrates it. */
export async function fromPglite(
  client: PGlite,
  opts: { logger?: Logger } = {},
): Promise<OpenedDatabase> {
  await client.exec(PGLITE_PLANNER_SETTINGS);
  const db = drizzlePglite({ client: withStatementCache(client), schema, logger: opts.logger });
  await migratePglite(db, { migrationsFolder });
  return { db: db as Database, kind: "pglite", close: () => client.close() };
}

/**
 * How long a query waits for a connection: a database host that does not answer (or a pool busy
 * for this long) fails the request with a 503 rather than hold it; the portal gives up at 10 s.
 */
const CONNECTION_TIMEOUT_MS = 10_000;

async function openPostgres(databaseUrl: string): Promise<OpenedDatabase> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
  });
  keepAliveThroughOutages(pool);
  // Several copies of the API may start together against one database: migrate under a lock
  // held on one connection, so only the first runs the migrations.
  const connection = await pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
  } finally {
    await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    connection.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return { db: db as Database, kind: "postgres", close: () => pool.end() };
}

/**
 * A restart of PostgreSQL ends every connection ("terminating connection due to administrator
 * command"): an error event without a listener would end the process. The pool drops a broken
 * idle connection itself and opens new ones once the server is back; the queries failing
 * meanwhile are the API's 503 (api/db/availability.ts). The line logged names the error only,
 * never the connection string.
 */
function keepAliveThroughOutages(pool: pg.Pool) {
  pool.on("error", (error) => console.error(`[api] database connection lost: ${errorLine(error)}`));
  // A connection lent out (a transaction between its queries) has no listener of the pool's; its
  // error also fails its next query, which is where it is reported, and the pool drops it when
  // it comes back.
  pool.on("connect", (client) => client.on("error", () => {}));
}

function errorLine(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return `${error.name}: ${error.message}${typeof code === "string" ? ` (${code})` : ""}`;
}
