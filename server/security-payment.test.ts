// The CSP of the payment choice page: POP's origin (script, frame, connect) there and nowhere else.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nonce, securityHeaders } from "./security";

const POP = "https://pay.veritrans.co.jp";
let withPop: Server;
let sandbox: Server;

function serve(paymentOrigin: string | null) {
  const app = express();
  app.use(nonce());
  app.use(securityHeaders({ dev: false, secure: false, paymentOrigin }));
  app.get("*", (_req, res) => {
    res.send("ok");
  });
  return new Promise<Server>((resolve) => {
    const server = createServer(app).listen(0, "127.0.0.1", () => resolve(server));
  });
}

beforeAll(async () => {
  withPop = await serve(POP);
  sandbox = await serve(null);
});
afterAll(() => {
  withPop?.close();
  sandbox?.close();
});

async function sources(server: Server, path: string, directive: string) {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  const csp = response.headers.get("content-security-policy") ?? "";
  const found = csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}

const PAGE = "/advertiser/advertisements/12/publishment/complete";

describe("payment provider CSP", () => {
  it.each(["script-src", "frame-src", "connect-src"])(
    "adds POP's origin to %s on the payment choice page",
    async (directive) => {
      expect(await sources(withPop, PAGE, directive)).toContain(POP);
      expect(await sources(withPop, `${PAGE}?payment=failure`, directive)).toContain(POP);
    },
  );

  it.each([
    "/advertiser/advertisements/12",
    "/advertiser",
    "/advertiser/advertisements/12/publishment",
  ])("adds nothing on %s", async (path) => {
    for (const directive of ["script-src", "frame-src", "connect-src"]) {
      expect(await sources(withPop, path, directive)).not.toContain(POP);
    }
  });

  it("adds nothing for the same-origin sandbox", async () => {
    expect(await sources(sandbox, PAGE, "script-src")).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-/),
    ]);
    expect(await sources(sandbox, PAGE, "frame-src")).toEqual(["'self'"]);
    expect(await sources(sandbox, PAGE, "connect-src")).toEqual(["'self'"]);
  });

  it("keeps the nonce and no empty source on other pages", async () => {
    const { port } = withPop.address() as AddressInfo;
    const csp =
      (await fetch(`http://127.0.0.1:${port}/advertiser`)).headers.get("content-security-policy") ??
      "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'[;\s]/);
    expect(csp).not.toMatch(/\s{2,}|\s;/);
  });
});
