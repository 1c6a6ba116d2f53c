// The embedded API's worker thread: it answers on the port it reports, stops on close leaving its
// database directory usable, and a start-up error reaches the host with its reason (one line, no stack).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../api/db/client";
import { startApiWorker } from "./embedded-api";
import { HEAP_FLAGS } from "./heap-flags";

const dataDir = mkdtempSync(path.join(tmpdir(), "omise-api-worker-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const noCrash = (reason: string) => {
  throw new Error(`unexpected crash: ${reason}`);
};

describe("startApiWorker", () => {
  it("serves the API on its loopback port; after close it is gone and its directory reopens", async () => {
    const worker = await startApiWorker({ dataDir, demo: false, env: {} }, noCrash);
    const response = await fetch(`http://127.0.0.1:${worker.port}/api/adv/prefectures`);
    expect(response.status).toBe(200);
    await worker.close();
    await expect(fetch(`http://127.0.0.1:${worker.port}/api/adv/prefectures`)).rejects.toThrow();
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  }, 60_000);

  it("starts under production's heap flags, which node refuses in a worker's own flags", async () => {
    const inherited = [...process.execArgv];
    process.execArgv.push(...HEAP_FLAGS);
    try {
      const worker = await startApiWorker({ dataDir, demo: false, env: {} }, noCrash);
      const response = await fetch(`http://127.0.0.1:${worker.port}/api/adv/prefectures`);
      expect(response.status).toBe(200);
      await worker.close();
    } finally {
      process.execArgv.splice(0, process.execArgv.length, ...inherited);
    }
  }, 60_000);

  it("rejects with the API's own reason, one line without the stack, when it cannot start", async () => {
    const reason = await startApiWorker(
      { dataDir, demo: false, env: { API_FORMAT: "apip9" } },
      noCrash,
    ).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(reason).toMatch(/Invalid reference API configuration: API_FORMAT/);
    expect(reason).not.toMatch(/\n\s+at /);
  }, 60_000);
});
