// @vitest-environment node
// Two job workers, each with its own connection pool as two API processes would have, on one
// PostgreSQL database: every job runs exactly once (FOR UPDATE SKIP LOCKED and the lease).
// Runs when TEST_DATABASE_URL points at a server (npm test starts one), as api/db/postgres.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiDeps } from "../app";
import { loadApiConfig } from "../config";
import { openDatabase, type OpenedDatabase } from "../db/client";
import { jobs } from "../db/schema";
import { TEST_NOW } from "../testing/db";
import { adminQuery, databaseUrlOf, dropTestDatabase } from "../testing/postgres";
import { createJobWorker } from "./jobs";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("job workers on PostgreSQL", () => {
  const name = `omise_jobs_${process.pid}_${Date.now()}`;
  const opened: OpenedDatabase[] = [];

  beforeAll(async () => {
    await adminQuery(serverUrl!, `create database ${name}`);
    opened.push(await openDatabase({ databaseUrl: databaseUrlOf(serverUrl!, name) }));
    opened.push(await openDatabase({ databaseUrl: databaseUrlOf(serverUrl!, name) }));
  });

  afterAll(async () => {
    await Promise.all(opened.map((o) => o.close()));
    await dropTestDatabase(serverUrl!, name);
  });

  test("two workers run each of 60 due jobs once", async () => {
    const [a, b] = opened;
    // Jobs without an ad finish at once: what is measured is the claiming.
    await a!.db.insert(jobs).values(
      Array.from({ length: 60 }, (_, i) => ({
        kind: "sync",
        advertisementId: null,
        dedupeKey: `sync:none:${i}`,
        runAt: TEST_NOW,
      })),
    );
    const config = await loadApiConfig({});
    const workerOf = (db: OpenedDatabase) =>
      createJobWorker({
        deps: createApiDeps({ db: db.db, config, clock: () => TEST_NOW }),
        batchSize: 7,
        log: () => {},
      });
    const [wa, wb] = [workerOf(a!), workerOf(b!)];
    let done = 0;
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all([wa.runOnce(), wb.runOnce(), wa.runOnce(), wb.runOnce()]);
      done += results.reduce((sum, r) => sum + r.done + r.failed, 0);
    }
    expect(done).toBe(60);
    const rows = await a!.db.select().from(jobs);
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.attempts === 1 && r.doneAt !== null)).toBe(true);
  });
});
