// SPEC §6: the owner of a new ad is the logged-in advertiser's record. An upstream that is API
// Platform alone takes the owner from the body, so the portal names it: the advertiser's client
// IRI (the token's `advertiser` claim) goes with posts/validate and the create, new or copied.
// Through the real server (production build) in front of an upstream that records what it gets.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortalOnly } from "./stack";

type Received = { method: string; path: string; body: Record<string, unknown> };

let upstream: Server;
let portal: Awaited<ReturnType<typeof startPortalOnly>>;
let cookie: string;
const received: Received[] = [];

/** Answers posts/validate (204) and the create (201); 404 for anything else. */
function recordingUpstream() {
  return createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ method: req.method ?? "", path, body: raw ? JSON.parse(raw) : {} });
      if (req.method === "POST" && path === "/api/adv/posts/validate") {
        res.writeHead(204).end();
      } else if (req.method === "POST" && path === "/api/adv/posts") {
        res
          .writeHead(201, { "Content-Type": "application/ld+json" })
          .end(JSON.stringify({ "@id": "/api/adv/posts/77", id: 77 }));
      } else {
        res.writeHead(404, { "Content-Type": "application/ld+json" }).end("{}");
      }
    });
  });
}

beforeAll(async () => {
  upstream = recordingUpstream();
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  portal = await startPortalOnly({}, undefined, `http://127.0.0.1:${port}`);
  // advertiserClaims: the advertiser claim is client 1.
  cookie = await portal.advertiserCookie();
});
afterAll(async () => {
  await portal?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

const AD = {
  title: "冬の限定ラテ",
  image1: "/api/adv/media_objects/3",
  image1Url: "/media/3.png",
  eyecatchIndex: "1",
  body1: "寒い日に温まる一杯です。",
  storeName: "カフェ・ド・デモ",
  storeAddress: "東京都渋谷区神宮前1-2-3",
  storeTel: "03-1234-5678",
};

function send(path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(`${portal.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: portal.base, Cookie: cookie },
    body,
  });
}

const calls = (path: string) => received.filter((r) => r.method === "POST" && r.path === path);

describe("creating an ad names its owner", () => {
  it("next (posts/validate) and submit (POST posts) both carry the advertiser's client IRI", async () => {
    received.length = 0;
    const next = await send("/advertiser/advertisements/new", { ...AD, intent: "next" });
    expect(next.status).toBe(200);
    const submit = await send("/advertiser/advertisements/new", { ...AD, intent: "submit" });
    expect(submit.status).toBe(302);
    expect(submit.headers.get("Location")).toBe("/advertiser/advertisements/77/publishment");

    const [validated] = calls("/api/adv/posts/validate");
    expect(validated?.body).toMatchObject({ owner: "/api/adv/clients/1", title: AD.title });
    const [created] = calls("/api/adv/posts");
    expect(created?.body).toMatchObject({ owner: "/api/adv/clients/1", title: AD.title });
  });

  it("a copy (?from=) is created with the owner too", async () => {
    received.length = 0;
    const submit = await send("/advertiser/advertisements/new?from=5", { ...AD, intent: "submit" });
    expect(submit.status).toBe(302);
    expect(calls("/api/adv/posts")[0]?.body).toMatchObject({ owner: "/api/adv/clients/1" });
  });

  it("a form that fails its own rules still names the owner in the partial validate", async () => {
    received.length = 0;
    const reply = await send("/advertiser/advertisements/new", {
      ...AD,
      storeTel: "",
      intent: "next",
    });
    expect(reply.status).toBe(400);
    expect(calls("/api/adv/posts/validate")[0]?.body).toMatchObject({
      owner: "/api/adv/clients/1",
    });
  });
});
