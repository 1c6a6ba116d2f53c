// Finding 28.6: every body the portal's pages are sent is capped, by its Content-Length before
// anything is read, and while it streams; the refusal is a short Japanese 413 page that closes
// the connection, so the client's next request (on a new one) works.
import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_TOO_LARGE } from "../../app/.server/uploads";
import { BODY_TOO_LARGE } from "../../app/domain/error-texts";
import { FORM_BODY_MAX_BYTES, MULTIPART_BODY_MAX_BYTES } from "../../server/form-body";
import { startPortalOnly } from "./stack";

let portal: Awaited<ReturnType<typeof startPortalOnly>>;
let sockets: Socket[] = [];

beforeAll(async () => {
  portal = await startPortalOnly();
  portal.server.on("connection", (socket: Socket) => sockets.push(socket));
});
afterAll(() => portal.close());

/** What the portal read from its clients' connections since the last call. */
function bytesRead() {
  const total = sockets.reduce((sum, socket) => sum + socket.bytesRead, 0);
  sockets = [];
  return total;
}

/** A chunked body that does not end by itself: `sent()` says how much the server pulled. */
function endlessBody(prefix: string, max = 64 * 1024 * 1024) {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
      if (sent >= max) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, sent: () => sent };
}

const post = (pathname: string, contentType: string, body: BodyInit) =>
  fetch(`${portal.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: portal.base, "Content-Type": contentType },
    body,
    duplex: "half",
  } as RequestInit);

async function expectRefused(response: Response) {
  expect(response.status).toBe(413);
  expect(response.headers.get("connection")).toBe("close");
  const html = await response.text();
  expect(html).toContain(BODY_TOO_LARGE.title);
  expect(html).not.toMatch(/at .+\.(js|ts):\d+/);
}

describe("the portal's body cap", () => {
  it("a 5 MiB login body is refused by its length; the client's next request works", async () => {
    const body = `email=a%40example.com&password=${"x".repeat(5 * 1024 * 1024)}`;
    await expectRefused(await post("/?index", "application/x-www-form-urlencoded", body));
    // The same client (undici's pool) goes on: on a new connection, not after the unread body.
    const next = await fetch(`${portal.base}/`);
    expect(next.status).toBe(200);
  });

  it("a chunked url-encoded body is refused once it passes 256 KiB, not read to its end", async () => {
    bytesRead();
    const { stream, sent } = endlessBody("email=a%40example.com&password=");
    await expectRefused(await post("/?index", "application/x-www-form-urlencoded", stream));
    // What the server accepted: the cap, plus what the socket and stream buffers held.
    expect(bytesRead()).toBeLessThan(FORM_BODY_MAX_BYTES + 512 * 1024);
    expect(sent()).toBeLessThan(64 * 1024 * 1024);
    expect((await fetch(`${portal.base}/`)).status).toBe(200);
  });

  it("a url-encoded form under the cap still reaches its page", async () => {
    const body = `email=a%40example.com&password=${"x".repeat(FORM_BODY_MAX_BYTES - 100)}`;
    const response = await post("/?index", "application/x-www-form-urlencoded", body);
    // Read and handled: the login action went on to the upstream, which this stack lacks.
    expect(response.status).toBe(503);
  });

  it.each([
    ["/?index", "application/x-www-form-urlencoded", 100 * 1024 * 1024],
    ["/trial/", "multipart/form-data; boundary=zzz", MULTIPART_BODY_MAX_BYTES + 1],
  ])(
    "POST %s as %s announced at %d bytes is refused before it is sent",
    async (path, type, size) => {
      const answer = await new Promise<{ status?: number; connection?: string }>((resolve) => {
        const req = http.request(`${portal.base}${path}`, {
          method: "POST",
          headers: { Origin: portal.base, "Content-Type": type, "Content-Length": String(size) },
        });
        req.on("response", (res) => {
          res.resume();
          resolve({ status: res.statusCode, connection: res.headers.connection });
          req.destroy();
        });
        req.on("error", () => undefined);
        // Only the first part: the answer comes without waiting for the other 51 MB.
        req.write('--zzz\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n');
      });
      expect(answer).toEqual({ status: 413, connection: "close" });
    },
  );

  it("the image field's upload over the cap gets the JSON its script shows", async () => {
    const answer = await new Promise<{ status?: number; body: string }>((resolve) => {
      const req = http.request(`${portal.base}/uploads`, {
        method: "POST",
        headers: {
          Origin: portal.base,
          Accept: "application/json",
          "Content-Type": "multipart/form-data; boundary=zzz",
          "Content-Length": String(MULTIPART_BODY_MAX_BYTES + 1),
        },
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (text: string) => (body += text));
        res.on("end", () => {
          resolve({ status: res.statusCode, body });
          req.destroy();
        });
      });
      req.on("error", () => undefined);
      req.write('--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, message: UPLOAD_TOO_LARGE });
  });

  it("a chunked multipart body is refused once it passes the upload cap", async () => {
    bytesRead();
    const head = '--zzz\r\nContent-Disposition: form-data; name="title"\r\n\r\n';
    const { stream, sent } = endlessBody(head, MULTIPART_BODY_MAX_BYTES + 32 * 1024 * 1024);
    await expectRefused(await post("/trial/", "multipart/form-data; boundary=zzz", stream));
    expect(bytesRead()).toBeLessThan(MULTIPART_BODY_MAX_BYTES + 1024 * 1024);
    expect(sent()).toBeLessThan(MULTIPART_BODY_MAX_BYTES + 32 * 1024 * 1024);
  });
});
