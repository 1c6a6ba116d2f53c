// While PostgreSQL is away: a request is a 503 (not a 500) asking the client to come back, the
// API's /readyz says so, and the worker loop (jobs and mails) keeps polling with one log line per
// outage rather than one per poll. (Stopping and restarting a real server: tests/routes/database-restart.)
import { createServer, type Server } from "node:net";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiApp, createApiDeps } from "../app";
import { loadApiConfig } from "../config";
import { createJobWorker } from "../publishing/jobs";
import { createTestApi, TEST_NOW } from "../testing/db";
import { databaseAnswers, isDatabaseUnavailable, outageLog } from "./availability";
import type { Database } from "./client";
import * as schema from "./schema";

function databaseError(code: string, message: string) {
  const error = new pg.DatabaseError(message, 0, "error");
  error.code = code;
  return error;
}

function socketError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

/** As Drizzle reports a failed query: its own error, the driver's as the cause. */
const failedQuery = (cause: Error) => new DrizzleQueryError("select 1", [], cause);

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "admin_shutdown (pg_ctl stop)",
      databaseError("57P01", "terminating connection due to administrator command"),
    ],
    ["cannot_connect_now (starting)", databaseError("57P03", "the database system is starting up")],
    ["a connection exception", databaseError("08006", "connection failure")],
    ["connection refused", socketError("ECONNREFUSED")],
    ["a connection ended", new Error("Connection terminated unexpectedly")],
    ["a pool wait run out", new Error("timeout exceeded when trying to connect")],
  ])("is true for %s, bare or as a query's cause", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
  });

  it("is true for refused connections to every address of a host (AggregateError)", () => {
    const error = new AggregateError([socketError("ECONNREFUSED"), socketError("ECONNREFUSED")]);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
  });

  it.each([
    ["a unique violation", databaseError("23505", "duplicate key value")],
    ["a syntax error", databaseError("42601", "syntax error at or near")],
    ["a program error", new TypeError("Cannot read properties of undefined")],
    ["a non-error", "Connection terminated"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(failedQuery(error))).toBe(false);
  });
});

describe("outageLog", () => {
  it("logs the first failure of an outage and its end, once each; other errors are the caller's", () => {
    const lines: string[] = [];
    const outage = outageLog("job worker", (line) => lines.push(line));
    expect(outage.failed(socketError("ECONNREFUSED"))).toBe(true);
    expect(outage.failed(socketError("ECONNREFUSED"))).toBe(true);
    expect(outage.failed(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(outage.failed(new Error("the publisher said no"))).toBe(false);
    outage.succeeded();
    outage.succeeded();
    expect(lines).toEqual([
      "[api] job worker: the database cannot be reached; retrying on every poll",
      "[api] job worker: the database answers again",
    ]);
  });
});

/**
 * A "PostgreSQL" that accepts each connection and drops it at once (as a server going down
 * does): the driver reports "Connection terminated unexpectedly". Counts the connections, so a
 * test sees each poll of a worker reach it.
 */
async function droppingServer() {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const pool = new pg.Pool({ connectionString: `postgres://omise@127.0.0.1:${port}/omise` });
  return {
    db: drizzle({ client: pool, schema }) as unknown as Database,
    connections: () => connections,
    async close() {
      await pool.end();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("the API while its database is away", () => {
  let down: Awaited<ReturnType<typeof droppingServer>>;
  beforeAll(async () => {
    down = await droppingServer();
  });
  afterAll(async () => {
    await down?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it("answers a request 503 Service Unavailable with Retry-After, not a 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApiApp({ db: down.db, config: await loadApiConfig({}) });
    const response = await app.request("/api/adv/prefectures");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body["@type"]).toBe("hydra:Error");
    expect(body["hydra:description"]).toBe("Service Unavailable");
    expect(JSON.stringify(body)).not.toMatch(/Connection terminated|select|127\.0\.0\.1/);
    // One line naming the request, nothing of the query or the server's address.
    expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([
      "[api] GET /api/adv/prefectures: the database cannot be reached",
    ]);
  });

  it("says so on /readyz (503), and 200 on a database that answers", async () => {
    const config = await loadApiConfig({});
    const response = await createApiApp({ db: down.db, config }).request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "unavailable",
      checks: { database: "down" },
    });
    expect(await databaseAnswers(down.db)).toBe(false);

    const api = await createTestApi();
    try {
      const ok = await api.app.request("/readyz");
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ status: "ok" });
    } finally {
      await api.close();
    }
  });

  it("keeps the job worker polling, with one log line for the whole outage", async () => {
    const lines: string[] = [];
    const deps = createApiDeps({
      db: down.db,
      config: await loadApiConfig({}),
      clock: () => TEST_NOW,
    });
    const worker = createJobWorker({ deps, log: (line) => lines.push(line) });
    const before = down.connections();
    worker.start(5);
    try {
      await vi.waitFor(() => expect(down.connections() - before).toBeGreaterThanOrEqual(5));
    } finally {
      await worker.stop();
    }
    expect(lines).toEqual([
      "[api] job worker: the database cannot be reached; retrying on every poll",
    ]);
  });
});
