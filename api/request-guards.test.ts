// @vitest-environment node
// Request bodies: at most 1 MiB (counted while streaming, the image upload excepted), and a JSON
// object or nothing on every write, also where the handler ignores its body.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { advertisements, clients, messageBoxes, publishmentOrders } from "./db/schema";
import { BODY_TOO_LARGE, JSON_BODY_MAX_BYTES } from "./request-guards";
import { body, get, patchJson } from "./testing/http";
import { hydraError } from "./testing/violations";
import { openDemoApi, type TestApi } from "./testing/demo-api";

let api: TestApi;
let shop: string;
let mediaDir: string;
beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "request-guards-"));
  ({ api, shop } = await openDemoApi({ env: { MEDIA_DIR: mediaDir } }));
});
afterAll(async () => {
  await api.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const tooLarge = hydraError(BODY_TOO_LARGE);

/** A login body of exactly `size` bytes. */
const loginOfSize = (size: number) => {
  const head = '{"email":"shop@example.com","password":"';
  return head + "x".repeat(size - head.length - 2) + '"}';
};

/**
 * A chunked body with no Content-Length that never ends by itself (64 KiB chunks, up to `max`
 * bytes); `sent()` says how much the server pulled.
 */
function endlessBody(max = 200 * 1024 * 1024) {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"email":"'));
      if (sent >= max) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, sent: () => sent };
}

const streamed = (path: string, stream: ReadableStream<Uint8Array>, token?: string) =>
  api.app.request(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: stream,
      // Node's fetch needs it for a stream body.
      duplex: "half",
    } as RequestInit),
  );

describe("body size", () => {
  test("a body of 1 MiB is read; one byte more is 413 with the limit named, before reading", async () => {
    const ok = await api.app.request("/api/authentication_token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: loginOfSize(JSON_BODY_MAX_BYTES),
    });
    expect(ok.status).toBe(401); // read and checked: a wrong password
    const response = await api.app.request("/api/authentication_token", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(JSON_BODY_MAX_BYTES + 1),
      },
      body: loginOfSize(JSON_BODY_MAX_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
    expect(await body(response)).toEqual(tooLarge);
    expect(BODY_TOO_LARGE).toBe("Request body too large (max 1 MiB).");
  });

  test("an anonymous chunked login body is cut off after 1 MiB, not read to its end", async () => {
    const { stream, sent } = endlessBody();
    const response = await streamed("/api/authentication_token", stream);
    expect(response.status).toBe(413);
    expect(await body(response)).toEqual(tooLarge);
    expect(sent()).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES + 2 * 64 * 1024);
  });

  test("a signed-in chunked write is limited too", async () => {
    const { stream, sent } = endlessBody();
    const response = await streamed("/api/adv/posts/validate", stream, shop);
    expect(response.status).toBe(413);
    expect(sent()).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES + 2 * 64 * 1024);
  });

  test("an anonymous body to a non-public route is not read at all", async () => {
    const { stream, sent } = endlessBody();
    const response = await streamed("/api/adv/posts", stream);
    expect(response.status).toBe(401);
    expect(sent()).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  test("over real HTTP, a refused body ends the connection and the client's next request works", async () => {
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refused = await fetch(`${base}/api/authentication_token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: loginOfSize(5 * 1024 * 1024),
      });
      expect(refused.status).toBe(413);
      expect(refused.headers.get("Connection")).toBe("close");
      expect(await refused.json()).toEqual(tooLarge);
      // The same client (undici's pool) sends its next request: on a new connection, not on the
      // one still holding 5 MiB of unread body ("fetch failed").
      const next = await fetch(`${base}/api/authentication_token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "shop@example.com", password: "wrong" }),
      });
      expect(next.status).toBe(401);
    } finally {
      server.close();
      (server as import("node:http").Server).closeAllConnections();
    }
  });

  test("the image upload keeps its own, larger limit", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(2 * 1024 * 1024)]), "big.png");
    const response = await api.app.request("/api/adv/media_objects", {
      method: "POST",
      headers: { Authorization: `Bearer ${shop}` },
      body: form,
    });
    // Read and judged by the upload's own rules (not an image), not refused for its size.
    expect(response.status).toBe(422);
    expect((await body(response)).violations[0].propertyPath).toBe("file");
  });
});

describe("body shape", () => {
  // Each write with the media type its operation accepts (a PATCH is a merge patch).
  const send = (
    method: string,
    path: string,
    raw: string,
    type = method === "PATCH" ? "application/merge-patch+json" : "application/json",
  ) =>
    api.app.request(path, {
      method,
      headers: { "Content-Type": type, Authorization: `Bearer ${shop}` },
      body: raw,
    });

  const orderOfAd = async (adId: number) => {
    const [row] = await api.db
      .select({ id: publishmentOrders.id, status: publishmentOrders.publishmentStatus })
      .from(publishmentOrders)
      .where(eq(publishmentOrders.advertisementId, adId));
    return row!;
  };
  const messageCount = async () => (await api.db.select().from(messageBoxes)).length;

  test("reapply with unparsable JSON is 400 and changes nothing", async () => {
    const before = await orderOfAd(3);
    const messages = await messageCount();
    const path = `/api/adv/publishment_orders/${before.id}/reapply`;
    for (const raw of ["{", '{"title":', "not json", "{'a':1}"]) {
      const response = await send("PATCH", path, raw, "application/merge-patch+json");
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual(hydraError("Syntax error"));
    }
    expect((await orderOfAd(3)).status).toBe(before.status);
    expect(await messageCount()).toBe(messages);
  });

  test("a JSON body that is not an object is 400 on PATCH clients/{id}; the client is unchanged", async () => {
    const [before] = await api.db.select().from(clients).where(eq(clients.id, 1));
    for (const raw of ["[]", "null", '"str"', "1", "true", '[{"companyName":"x"}]']) {
      const response = await send(
        "PATCH",
        "/api/adv/clients/1",
        raw,
        "application/merge-patch+json",
      );
      expect(response.status, raw).toBe(400);
      expect(await body(response)).toEqual(hydraError("The input data is misformatted."));
    }
    const [after] = await api.db.select().from(clients).where(eq(clients.id, 1));
    expect(after).toEqual(before);
  });

  test("duplicate, which ignores its body, refuses a malformed one and copies nothing", async () => {
    const count = async () => (await api.db.select().from(advertisements)).length;
    const ads = await count();
    expect((await send("POST", "/api/adv/posts/duplicate/from/1", "{")).status).toBe(400);
    expect((await send("POST", "/api/adv/posts/duplicate/from/1", "[]")).status).toBe(400);
    expect(await count()).toBe(ads);
  });

  test("every JSON write refuses a malformed body", async () => {
    const writes: Array<[string, string]> = [
      ["POST", "/api/authentication_token"],
      ["POST", "/api/authentication_token/refresh"],
      ["POST", "/api/adv/advertiser_entries/validate"],
      ["POST", "/api/adv/posts"],
      ["PUT", "/api/adv/posts/1"],
      ["PUT", "/api/adv/posts/1/preview_token"],
      ["POST", "/api/adv/message_boxes"],
      ["POST", "/api/adv/publishment_orders"],
      ["POST", "/api/adv/clients/1/validate"],
      ["PATCH", "/api/adv/user_logins/2/update_email"],
      ["PATCH", "/api/adv/user_logins/2/update_password"],
    ];
    for (const [method, path] of writes) {
      expect((await send(method, path, "{")).status, `${method} ${path}`).toBe(400);
      expect((await send(method, path, "null")).status, `${method} ${path}`).toBe(400);
    }
  });

  test("an empty body still reads as {} where none is needed, and forms are still read", async () => {
    const { id } = await orderOfAd(5);
    const response = await api.app.request(`/api/adv/publishment_orders/${id}/reapply`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${shop}` },
    });
    expect(response.status).toBe(200);
    const form = await api.app.request("/api/authentication_token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=shop%40example.com&password=shop-password",
    });
    expect(form.status).toBe(200);
    expect((await patchJson(api.app, "/api/adv/clients/1", {}, shop)).status).toBe(200);
    expect((await get(api.app, "/api/adv/clients/1", shop)).status).toBe(200);
  });
});
