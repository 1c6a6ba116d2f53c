// The portal's proxy to the API worker: the API must see what it saw in-process (the browser's
// Host, the browser's address through X-Forwarded-For) and the browser what the API sent.
import http, { type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../api/testing/db";
import { apiProxy } from "./api-proxy";

let api: Server;
let portal: Server;
let received: { headers: IncomingHttpHeaders; url?: string; body: string }[] = [];

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  api = http.createServer((req, res) => {
    if (req.url === "/api/refused") {
      // As the API refuses a body too large: at once, unread, closing its connection.
      res.writeHead(413, { "Content-Type": "application/json", Connection: "close" });
      res.end("{}");
      return;
    }
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, url: req.url, body });
      res.writeHead(201, {
        "Content-Type": "application/json",
        "Content-Security-Policy": "default-src 'none'; img-src 'self'",
        "Set-Cookie": ["a=1; HttpOnly", "b=2"],
      });
      res.end(JSON.stringify({ echoed: body }));
    });
  });
  const apiPort = await listen(api);
  const app = express();
  app.use(apiProxy(() => apiPort));
  portal = http.createServer(app);
  await listen(portal);
});

afterAll(() => {
  api.close();
  portal.close();
});

const portalUrl = (path: string) =>
  `http://127.0.0.1:${(portal.address() as AddressInfo).port}${path}`;

describe("apiProxy", () => {
  it("passes method, path, query, body and the browser's Host; appends the peer to X-Forwarded-For", async () => {
    received = [];
    // fetch() may not set Host: a plain request does, as a browser would.
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = http.request(
        portalUrl("/api/authentication_token?x=1"),
        {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Host: "portal.example.jp",
            "X-Forwarded-For": "203.0.113.7",
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ email: "a@example.jp" }));
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ echoed: '{"email":"a@example.jp"}' });
    expect(received[0]!.url).toBe("/api/authentication_token?x=1");
    expect(received[0]!.headers.host).toBe("portal.example.jp");
    // The API trusts loopback and walks on: the peer, then whatever a proxy it trusts vouched for.
    expect(received[0]!.headers["x-forwarded-for"]).toBe("203.0.113.7, 127.0.0.1");
  });

  it("a browser's request without X-Forwarded-For names the browser's own address", async () => {
    received = [];
    await fetch(portalUrl("/media/1.jpg"));
    expect(received[0]!.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  it("the API's own headers (its CSP, every cookie) reach the browser untouched", async () => {
    const response = await fetch(portalUrl("/site/ads/1"));
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; img-src 'self'",
    );
    expect(response.headers.getSetCookie()).toEqual(["a=1; HttpOnly", "b=2"]);
  });

  it("a body the API refused unread closes the browser's connection; its next request works", async () => {
    received = [];
    const refused = await fetch(portalUrl("/api/refused"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // Small enough to sit in the socket buffers: the API's early answer is not lost to a reset.
      body: "x".repeat(64 * 1024),
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.get("connection")).toBe("close");
    const next = await fetch(portalUrl("/api/next"), { method: "POST", body: "{}" });
    expect(next.status).toBe(201);
  });

  it("the real API's 413 for a 5 MiB body reaches the browser (not a 502); its next request works", async () => {
    const testApi = await createTestApi();
    const server = serve({ fetch: testApi.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const app = express();
    app.use(apiProxy(() => (server.address() as AddressInfo).port));
    const proxy = http.createServer(app);
    const port = await listen(proxy);
    const login = (body: string) =>
      fetch(`http://127.0.0.1:${port}/api/authentication_token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
    try {
      // A few times: the reset that turned it into a 502 was a race.
      for (let i = 0; i < 3; i++) {
        const refused = await login(`{"email":"${"x".repeat(5 * 1024 * 1024)}"}`);
        expect(refused.status).toBe(413);
        expect(refused.headers.get("connection")).toBe("close");
        await refused.text();
        const next = await login('{"email":"a@example.com","password":"x"}');
        expect(next.status).toBe(401);
      }
    } finally {
      proxy.close();
      server.close();
      await testApi.close();
    }
  });

  it("answers 502 when the API cannot be reached", async () => {
    const app = express();
    app.use(apiProxy(() => 1));
    const server = http.createServer(app);
    const port = await listen(server);
    const response = await fetch(`http://127.0.0.1:${port}/api/adv`);
    expect(response.status).toBe(502);
    server.close();
  });
});
