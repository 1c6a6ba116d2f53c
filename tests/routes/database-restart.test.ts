// A PostgreSQL restart under the real server (`node build/node/server.mjs`, the production build,
// the embedded API in its worker thread) on a cluster of this test's own: with idle pooled
// connections, `pg_ctl stop -m fast` ends them (57P01). The process stays up, pages and the API
// answer 503 (the friendly page, no trace), /readyz says 503, the workers log the outage once;
// when PostgreSQL is back on the same port everything recovers without a restart.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PG_BIN, startTestCluster, type TestCluster } from "../../api/testing/pg-cluster";
import { adminQuery } from "../../api/testing/postgres";
import { encodeSessionCookie } from "../../app/.server/session";
import { UPSTREAM_DOWN_MESSAGE } from "../../app/domain/error-texts";

const SECRET = "database-restart-test-secret";
const REASON = PG_BIN
  ? ""
  : " (skipped: PostgreSQL's server binaries, initdb and pg_ctl, are missing)";

describe.skipIf(!PG_BIN)(`the server across a PostgreSQL restart${REASON}`, () => {
  let cluster: TestCluster;
  let server: ChildProcess;
  let base = "";
  let dataDir = "";
  const output: string[] = [];
  const log = () => output.join("");

  beforeAll(async () => {
    cluster = await startTestCluster();
    dataDir = mkdtempSync(path.join(tmpdir(), "omise-restart-"));
    // Node itself on the build, as `npm start` runs it: the signals below reach the server.
    server = spawn(process.execPath, ["build/node/server.mjs"], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        DEMO: "true",
        SESSION_SECRET: SECRET,
        // Both poll loops run every second, so each meets the outage more than once.
        JOB_POLL_INTERVAL: "1",
        MAIL_POLL_INTERVAL: "1",
        SMTP_URL: "smtp://127.0.0.1:9",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    await vi.waitFor(
      () => {
        if (server.exitCode !== null) throw new Error(`the server stopped:\n${log()}`);
        const port = /お店News 広告管理: http:\/\/[^:]+:(\d+)/.exec(log())?.[1];
        if (!port) throw new Error("not listening yet");
        base = `http://127.0.0.1:${port}`;
      },
      { timeout: 90_000, interval: 200 },
    );
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const get = (pathname: string, cookie?: string) =>
    fetch(`${base}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

  async function shopCookie() {
    const response = await fetch(`${base}/api/authentication_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "shop@example.com", password: "shop-password" }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; refresh_token: string };
    const main = { token: body.token, refreshToken: body.refresh_token };
    return encodeSessionCookie({ main }, { secrets: [SECRET], secure: false }).split(";")[0]!;
  }

  const count = (text: string) => log().split(text).length - 1;

  it("answers 503 while PostgreSQL is down and recovers by itself when it is back", async () => {
    const cookie = await shopCookie();
    expect((await get("/advertiser", cookie)).status).toBe(200);
    expect((await get("/readyz")).status).toBe(200);
    // The pool holds connections, idle between requests: those the shutdown ends.
    const [pooled] = await adminQuery(
      cluster.url,
      "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    expect(pooled.n).toBeGreaterThan(0);

    await cluster.stop();

    await vi.waitFor(
      async () => {
        expect(server.exitCode, log()).toBeNull();
        // One worker loop runs the jobs and, with SMTP_URL, the mails (api/worker.ts).
        expect(log()).toContain("job worker: the database cannot be reached");
      },
      { timeout: 20_000, interval: 200 },
    );
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", checks: { upstream: "down" } });
    expect((await get("/healthz")).status).toBe(200);

    const page = await get("/advertiser", cookie);
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("ただいま接続できません");
    expect(html).toContain(UPSTREAM_DOWN_MESSAGE);
    expect(html).not.toMatch(/57P01|terminat|ECONNREFUSED|postgres|\bat \S+:\d+/i);

    const api = await get("/api/adv/prefectures");
    expect(api.status).toBe(503);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await api.json()).toMatchObject({
      "@type": "hydra:Error",
      "hydra:description": "Service Unavailable",
    });
    expect(server.exitCode).toBeNull();

    await cluster.start();

    await vi.waitFor(async () => expect((await get("/readyz")).status).toBe(200), {
      timeout: 30_000,
      interval: 250,
    });
    expect((await get("/advertiser", cookie)).status).toBe(200);
    expect((await get("/api/adv/prefectures")).status).toBe(200);
    await vi.waitFor(
      () => {
        expect(log()).toContain("job worker: the database answers again");
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(server.exitCode).toBeNull();

    // One line per worker for the whole outage, whatever the number of polls it lasted; no
    // stack and no connection string in the logs.
    expect(count("job worker: the database cannot be reached")).toBe(1);
    expect(log()).toContain("[api] database connection lost:");
    expect(log()).not.toMatch(/^\s+at /m);
    expect(log()).not.toContain(cluster.url);
  }, 180_000);
});
