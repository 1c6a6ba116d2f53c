// What an operator sees of the portal (issue 31): a request id per request (a sane incoming one
// kept, else made), answered in X-Request-Id and sent upstream on every call; one JSON log line
// per request naming the route id (never the path's ids, a token, a cookie or an e-mail); and
// Prometheus metrics on METRICS_PORT only. Through the real server (production build) with an
// upstream that records what it is sent and answers 500.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { metricsServerOf } from "../../server/app";
import { startPortalOnly } from "./stack";

type Received = { call: string; requestId: string | undefined };
type RequestLine = Record<string, unknown> & { msg: string };

let upstream: Server;
let upstreamUrl: string;
const received: Received[] = [];
const lines: string[] = [];

beforeAll(async () => {
  upstream = createServer((req: IncomingMessage, res) => {
    received.push({
      call: `${req.method} ${req.url}`,
      requestId: req.headers["x-request-id"] as string,
    });
    req.resume();
    res.writeHead(500, { "Content-Type": "application/ld+json" }).end("{}");
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
beforeEach(() => {
  received.length = 0;
  lines.length = 0;
  // Every line the portal writes, at any level: none may carry a token, a cookie or an e-mail.
  const keep = (line: unknown) => void lines.push(String(line));
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => upstream.close(resolve));
});

/** The request log line of the request that answered with `requestId`, once it is written. */
async function requestLine(requestId: string): Promise<RequestLine> {
  return vi.waitFor(() => {
    const found = lines
      .map((line) => JSON.parse(line) as RequestLine)
      .find((line) => line.msg === "request" && line.requestId === requestId);
    if (!found) throw new Error(`no request line for ${requestId}`);
    return found;
  });
}

/** Servers listening in this process (the public port, the metrics port, the fake upstream…). */
const listeningServers = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === "TCPServerWrap").length;

describe("with METRICS_PORT", () => {
  let portal: Awaited<ReturnType<typeof startPortalOnly>>;
  let metricsUrl: string;
  let serversBefore: number;
  beforeAll(async () => {
    serversBefore = listeningServers();
    portal = await startPortalOnly({ METRICS_PORT: "0" }, undefined, upstreamUrl);
    const metrics = metricsServerOf(portal.server)!;
    if (!metrics.listening) await new Promise((resolve) => metrics.once("listening", resolve));
    metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`;
  });
  afterAll(() => portal.close());

  it("keeps a sane incoming request id, answers it and sends it on every upstream call", async () => {
    const response = await fetch(`${portal.base}/advertiser/advertisements/4711`, {
      headers: { Cookie: await portal.advertiserCookie(), "X-Request-Id": "lb-7f3a.42:1" },
    });
    await response.arrayBuffer();
    expect(response.headers.get("x-request-id")).toBe("lb-7f3a.42:1");
    expect(received.length).toBeGreaterThan(0);
    expect(received.map((r) => r.requestId)).toEqual(received.map(() => "lb-7f3a.42:1"));
  });

  it("makes a fresh id for a request without one, or with one too long or odd", async () => {
    for (const incoming of [undefined, "x".repeat(65), "a b", "<script>"]) {
      const response = await fetch(`${portal.base}/login`, {
        headers: incoming === undefined ? {} : { "X-Request-Id": incoming },
      });
      await response.arrayBuffer();
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect((await requestLine(id!)).requestId).toBe(id);
    }
  });

  it("logs one line per request: method, route id, status, duration, upstream calls; no personal data", async () => {
    const cookie = await portal.advertiserCookie();
    const response = await fetch(`${portal.base}/advertiser/email?token=secret-in-query`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: portal.base,
        Cookie: cookie,
        "X-Request-Id": "form-post-1",
      },
      body: new URLSearchParams({ intent: "next", newEmail: "typed@example.com" }).toString(),
    });
    await response.arrayBuffer();

    const line = await requestLine("form-post-1");
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      requestId: "form-post-1",
      method: "POST",
      route: "routes/advertiser.email",
      status: response.status,
      upstreamCalls: received.length,
    });
    expect(received.length).toBeGreaterThan(0);
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(line.upstreamMs).toEqual(expect.any(Number));
    expect(lines.filter((l) => l.includes("form-post-1") && l.includes('"request"'))).toHaveLength(
      1,
    );
    const written = lines.join("\n");
    const cookieValue = cookie.split("=").slice(1).join("=");
    for (const secret of [
      "typed@example.com",
      "@example.com",
      cookieValue,
      "secret-in-query",
      "/advertiser/email",
    ]) {
      expect(written).not.toContain(secret);
    }
  });

  it("names a page by its route id, never by the id in its path", async () => {
    const response = await fetch(`${portal.base}/advertiser/advertisements/4711`, {
      headers: { Cookie: await portal.advertiserCookie(), "X-Request-Id": "ad-page" },
    });
    await response.arrayBuffer();
    const line = await requestLine("ad-page");
    expect(line.route).toBe("routes/advertiser.advertisements.$id");
    const texts = Object.values(line).filter((value) => typeof value === "string");
    expect(texts.filter((text) => text.includes("4711"))).toEqual([]);
  });

  it.each([
    ["/%", "bare-percent"],
    ["/%E0%A4%A", "cut-sequence"],
    ["/advertiser/advertisements/%zz", "bad-hex"],
  ])("answers the malformed path %s with 400 and one JSON line without it", async (path, id) => {
    const response = await fetch(`${portal.base}${path}`, {
      headers: { Cookie: await portal.advertiserCookie(), "X-Request-Id": id },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("URLを読み取れませんでした");
    const line = await requestLine(id);
    expect(line).toMatchObject({ level: "info", route: "(middleware)", status: 400 });
    const raw = path.slice(path.lastIndexOf("/") + 1);
    // Every line the request wrote is JSON (no router warning in plain text), none with the path.
    const mine = lines.filter((text) => text.includes(id) || text.includes(raw));
    expect(mine).toHaveLength(1);
    expect(mine.map((text) => JSON.parse(text) as RequestLine)[0]!.requestId).toBe(id);
  });

  it("answers a `?_data=` request of Remix 2 as the page, without an error line", async () => {
    const query = `_data=${encodeURIComponent("routes/advertiser._index")}`;
    const response = await fetch(`${portal.base}/advertiser?${query}`, {
      headers: { "X-Request-Id": "legacy-data" },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/\?redirectTo=/);
    const line = await requestLine("legacy-data");
    expect(line.route).toBe("routes/advertiser._index");
    expect(lines.filter((text) => !text.startsWith("{"))).toEqual([]);
    expect(lines.filter((text) => /"level":"(error|warn)"/.test(text))).toEqual([]);
  });

  it("leaves a static file out of the info log, but counts it", async () => {
    const response = await fetch(`${portal.base}/favicon.svg`, {
      headers: { "X-Request-Id": "asset-1" },
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("asset-1");
    await vi.waitFor(async () => {
      const text = await (await fetch(metricsUrl)).text();
      expect(text).toMatch(
        /portal_http_request_duration_seconds_count\{route="\(middleware\)",status_class="2xx"\} [1-9]/,
      );
    });
    expect(lines.filter((line) => line.includes("asset-1"))).toEqual([]);
  });

  it("serves request durations and upstream call times and errors on the metrics port", async () => {
    const response = await fetch(`${portal.base}/advertiser/advertisements/4711`, {
      headers: { Cookie: await portal.advertiserCookie() },
    });
    await response.arrayBuffer();
    await requestLine(response.headers.get("x-request-id")!);

    const metrics = await fetch(metricsUrl);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toContain("text/plain");
    const text = await metrics.text();
    const statusClass = `${String(response.status)[0]}xx`;
    expect(text).toMatch(
      new RegExp(
        `portal_http_request_duration_seconds_count\\{route="routes/advertiser\\.advertisements\\.\\$id",status_class="${statusClass}"\\} [1-9]`,
      ),
    );
    expect(text).toMatch(
      /portal_upstream_call_duration_seconds_count\{call="GET \/api\/adv\/posts\/\{id\}"\} [1-9]/,
    );
    expect(text).toMatch(
      /portal_upstream_call_errors_total\{call="GET \/api\/adv\/posts\/\{id\}",kind="server_error"\} [1-9]/,
    );
    expect(text).toContain("process_cpu_user_seconds_total");
    // No label names the ad's id (the values of process metrics are numbers that may hold 4711).
    const labels = [...text.matchAll(/\{([^}]*)\}/g)].map(([, inside]) => inside);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((inside) => inside!.includes("4711"))).toEqual([]);
  });

  it("counts an unreachable upstream as an error of its call", async () => {
    const down = await startPortalOnly({}, undefined, "http://127.0.0.1:9");
    try {
      const response = await fetch(`${down.base}/advertiser/advertisements/4712`, {
        headers: { Cookie: await down.advertiserCookie() },
      });
      await response.arrayBuffer();
    } finally {
      await down.close();
    }
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(
      /portal_upstream_call_errors_total\{call="GET \/api\/adv\/posts\/\{id\}",kind="unreachable"\} [1-9]/,
    );
  });

  it("opens the metrics port beside the public port, which does not serve them", async () => {
    expect(listeningServers()).toBe(serversBefore + 2);
    const response = await fetch(`${portal.base}/metrics`);
    expect(await response.text()).not.toContain("portal_http_request_duration_seconds");
  });
});

describe("without METRICS_PORT", () => {
  it("nothing but the public port listens", async () => {
    const before = listeningServers();
    const portal = await startPortalOnly({}, undefined, upstreamUrl);
    try {
      expect(metricsServerOf(portal.server)).toBeUndefined();
      expect(listeningServers()).toBe(before + 1);
    } finally {
      await portal.close();
    }
  });
});
