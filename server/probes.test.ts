// The portal's probes through its real middleware stack: /healthz answers while the process lives
// and asks nothing; /readyz answers 503 while the upstream (embedded: the API's database) is away,
// with a body that names nothing internal; neither needs the Host check, a session or a page.
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiApp } from "../api/app";
import { loadApiConfig } from "../api/config";
import type { Database } from "../api/db/client";
import * as schema from "../api/db/schema";
import { createTestApi } from "../api/testing/db";
import { parseEnv } from "../app/.server/env";
import { createPortalApp } from "./app";
import { embeddedApiReady, upstreamAnswers, type Readiness } from "./probes";

/** Loopback port 9 (discard): nothing listens, so every connection is refused at once. */
const REFUSED = "127.0.0.1:9";
const DOWN = { status: "unavailable", checks: { upstream: "down" } };

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/**
 * The portal without pages: probes answer before the router: its build is never loaded (a request
 * that reached it would fail). PUBLIC_ORIGIN is set, so every other path is refused for our Host.
 */
function portal(options: { upstreamUrl?: string; ready?: Readiness; adv?: boolean }) {
  const upstreamUrl = options.upstreamUrl ?? `http://${REFUSED}`;
  const env = parseEnv({
    NODE_ENV: "production",
    SESSION_SECRET: "probe-test-secret",
    DATA_DIR: "/tmp/unused",
    PUBLIC_ORIGIN: "https://ads.example.jp",
    ...(options.adv ? { ADV_API_URL: upstreamUrl } : {}),
  });
  const app = createPortalApp({
    env,
    build: () => Promise.reject(new Error("no pages in this test")),
    upstreamUrl: () => upstreamUrl,
    ready: options.ready,
  });
  return listen(app);
}

async function probe(base: string, path: string) {
  const response = await fetch(`${base}${path}`);
  return { response, text: await response.text() };
}

/** An API whose PostgreSQL cannot be reached (connection refused). */
async function apiWithoutDatabase() {
  const pool = new pg.Pool({ connectionString: `postgres://omise@${REFUSED}/omise` });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return { app: createApiApp({ db, config: await loadApiConfig({}) }), close: () => pool.end() };
}

describe("GET /healthz", () => {
  it("answers 200 without asking the upstream, past the Host check, without a session", async () => {
    const ready = vi.fn(() => Promise.resolve(false));
    const base = await portal({ ready });
    const { response, text } = await probe(base, "/healthz");
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(ready).not.toHaveBeenCalled();
    // Any other path is refused for this Host: the probe is answered before that check.
    expect((await fetch(`${base}/`)).status).toBe(400);
  });
});

describe("GET /readyz with an upstream of its own (ADV_API_URL)", () => {
  it("answers 503 when the upstream cannot be reached, naming nothing internal", async () => {
    const base = await portal({ adv: true });
    const { response, text } = await probe(base, "/readyz");
    expect(response.status).toBe(503);
    expect(JSON.parse(text)).toEqual(DOWN);
    expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch failed/);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers 200 when the upstream answers HTTP below 500, even a 401 or 404", async () => {
    for (const status of [200, 401, 404]) {
      const upstream = await listen((_req, res) => res.writeHead(status).end());
      const { response, text } = await probe(
        await portal({ adv: true, upstreamUrl: upstream }),
        "/readyz",
      );
      expect(response.status, `upstream ${status}`).toBe(200);
      expect(JSON.parse(text)).toEqual({ status: "ok" });
    }
  });

  it("answers 503 when the upstream answers 5xx", async () => {
    const upstream = await listen((_req, res) => res.writeHead(503).end("database down"));
    const { response, text } = await probe(
      await portal({ adv: true, upstreamUrl: upstream }),
      "/readyz",
    );
    expect(response.status).toBe(503);
    expect(JSON.parse(text)).toEqual(DOWN);
  });

  it("calls an upstream that does not answer in time down", async () => {
    const upstream = await listen(() => {});
    expect(await upstreamAnswers(() => upstream, 50)()).toBe(false);
  });
});

describe("GET /readyz with the embedded API", () => {
  let api: Awaited<ReturnType<typeof createTestApi>>;
  let down: Awaited<ReturnType<typeof apiWithoutDatabase>>;
  beforeAll(async () => {
    api = await createTestApi();
    down = await apiWithoutDatabase();
  });
  afterAll(async () => {
    await api?.close();
    await down?.close();
  });

  const readyOver = (app: { fetch: (request: Request) => Response | Promise<Response> }) =>
    embeddedApiReady(async (path, init) => app.fetch(new Request(`http://127.0.0.1${path}`, init)));

  it("answers 200 while the API's database answers", async () => {
    const { response, text } = await probe(await portal({ ready: readyOver(api.app) }), "/readyz");
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: "ok" });
  });

  it("answers 503 when the API cannot reach its database", async () => {
    const { response, text } = await probe(await portal({ ready: readyOver(down.app) }), "/readyz");
    expect(response.status).toBe(503);
    expect(JSON.parse(text)).toEqual(DOWN);
  });

  it("asks the API over loopback HTTP as well, as it reaches the worker thread", async () => {
    const overHttp = async (app: { fetch: (request: Request) => Response | Promise<Response> }) => {
      const url = await listen(getRequestListener(app.fetch));
      return embeddedApiReady((path, init) => fetch(`${url}${path}`, init))();
    };
    expect(await overHttp(api.app)).toBe(true);
    expect(await overHttp(down.app)).toBe(false);
  });
});
