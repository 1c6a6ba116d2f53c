// Contract tests (issue 16, Deliver 3): payloads recorded from API Platform's own repositories
// (tests/fixtures/api-platform/, each with a *.source.md naming repo, path and commit) served by
// msw and read through the portal's upstream client, the way the portal reads its upstream.
import { readFileSync } from "node:fs";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { advertiserClaims, makeTokenPair } from "../../../tests/fixtures/tokens";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM, api } from "../../../tests/mocks/upstream";
import { SESSION_EXPIRED_MESSAGE, logout, upstreamFor } from "../auth";
import { createPortalContext } from "../context";
import { readClaims } from "../identity";
import { clearReferenceData, prefectureOptions } from "../reference-data";
import { RequestSession, type TokenPair } from "../session";
import { requestToken } from "./authentication";
import { createUpstreamClient } from "./client";
import {
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamViolationError,
} from "./errors";
import { getAllMembers } from "./hydra";
import { identified, relation, resolve } from "./relations";
import { getFullPost, getPost } from "./resources";

startMockUpstream();
beforeEach(() => clearReferenceData());

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(path.resolve("tests/fixtures/api-platform", `${name}.json`), "utf8"),
  ) as Record<string, unknown>;

const JSON_LD = { "Content-Type": "application/ld+json; charset=utf-8" };
const PROBLEM = { "Content-Type": "application/problem+json; charset=utf-8" };
const serve = (at: string, body: Record<string, unknown>, status = 200, headers = JSON_LD) =>
  http.get(api(at), () => HttpResponse.json(body, { status, headers }));

const client = () =>
  createUpstreamClient({
    baseUrl: UPSTREAM,
    tokens: { current: async () => "token", renew: async () => "token" },
    log: () => undefined,
  });

const book = z.object({ "@id": z.string(), name: z.string() }).passthrough();

describe("collections", () => {
  it("API Platform 3 (hydra: prefix): members, totalItems, and the next page followed", async () => {
    const page1 = fixture("collection-hydra-prefixed");
    // The docs' page 2 of the same collection: the last page, without next.
    const page2 = {
      ...page1,
      "hydra:member": [{ "@id": "/books/2", "@type": "http://schema.org/Book", name: "Two" }],
      "hydra:view": {
        "@id": "/books?page=2",
        "@type": "hydra:PartialCollectionView",
        "hydra:first": "/books?page=1",
        "hydra:last": "/books?page=2",
        "hydra:previous": "/books?page=1",
      },
    };
    server.use(
      http.get(api("/books"), ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get("page") === "2" ? page2 : page1, {
          headers: JSON_LD,
        }),
      ),
    );
    const one = await client().getCollection("/books", book);
    expect(one.member.map((b) => b.name)).toEqual(["My awesome book"]);
    expect(one.totalItems).toBe(50);
    const all = await getAllMembers(client(), "/books", book);
    expect(all.map((b) => b["@id"])).toEqual(["/books/1", "/books/2"]);
  });

  it("API Platform 4 partial pagination (no prefix, no totalItems, only next)", async () => {
    const pages = {
      "1": fixture("collection-plain-partial-page1"),
      "2": fixture("collection-plain-partial-page2"),
    };
    server.use(
      http.get(api("/books"), ({ request }) => {
        const page = (new URL(request.url).searchParams.get("page") ?? "1") as "1" | "2";
        return HttpResponse.json(pages[page], { headers: JSON_LD });
      }),
    );
    const first = await client().getCollection("/books", book);
    expect(first.member).toHaveLength(2);
    // No totalItems: page 1 of at least 3 items, so a table offers page 2.
    expect(first.totalItems).toBe(3);
    const all = await getAllMembers(client(), "/books", book);
    expect(all.map((b) => b.name)).toEqual(["My awesome book", "My second book", "My third book"]);
  });
});

describe("relations", () => {
  const thirdLevel = identified(z.object({ "@id": z.string(), id: z.number(), level: z.number() }));
  const relatedDummy = z.object({
    "@id": z.string(),
    id: z.number(),
    thirdLevel: relation(thirdLevel).nullish(),
  });

  it("a bare IRI parses to its reference and is fetched when needed", async () => {
    server.use(
      serve("/related_dummies/1", fixture("related-dummy-iri-relation")),
      serve("/third_levels/1", fixture("third-level")),
    );
    const api = client();
    const dummy = await api.get("/related_dummies/1", relatedDummy);
    expect(dummy.thirdLevel).toEqual({ "@id": "/third_levels/1", id: 1 });
    const level = await resolve(api, dummy.thirdLevel, thirdLevel);
    expect(level?.level).toBe(3);
  });

  it("embedded relations without id get the id of their @id", async () => {
    server.use(serve("/relation_embedders/1", fixture("relation-embedder-without-ids")));
    const embedder = await client().get(
      "/relation_embedders/1",
      z.object({
        related: relation(
          identified(
            z.object({ "@id": z.string(), id: z.number(), thirdLevel: relation(thirdLevel) }),
          ),
        ).nullish(),
        anotherRelated: relation(z.object({ "@id": z.string() })).nullish(),
      }),
    );
    expect(embedder.related?.id).toBe(1);
    expect(embedder.related?.thirdLevel).toMatchObject({ id: 1, level: 3 });
    expect(embedder.anotherRelated).toBeNull();
  });

  it("a post with bare relations: the list call and the detail call both read it", async () => {
    server.use(
      serve("/api/adv/posts/12", fixture("portal-post-iri-relations")),
      serve("/api/adv/publishment_orders/5", fixture("portal-order-iri-relations")),
      serve("/api/adv/publishment_regions/1", {
        "@id": "/api/adv/publishment_regions/1",
        name: "関東",
      }),
      serve("/api/adv/publishment_localities/3", {
        "@id": "/api/adv/publishment_localities/3",
        name: "新宿",
      }),
      serve("/api/adv/media_objects/7", {
        "@id": "/api/adv/media_objects/7",
        contentUrl: "/m/7.png",
      }),
    );
    const post = await getPost(client(), 12);
    expect(post.publishmentOrder).toMatchObject({
      id: 5,
      publishmentStatus: "reapplying",
      paymentStatus: "waiting",
      region: { id: 1, name: "関東" },
      locality: { id: 3, name: "新宿" },
    });
    const full = await getFullPost(client(), 12);
    expect(full.image1?.contentUrl).toBe("/m/7.png");
    expect(full.eyeCatch?.["@id"]).toBe("/api/adv/media_objects/7");
  });
});

describe("prefectures as SPEC §3 lists them (name, @id)", () => {
  it("become options whose value is the name (SPEC §3: prefecture by name)", async () => {
    server.use(serve("/api/adv/prefectures", fixture("portal-prefectures-without-id")));
    expect(await prefectureOptions({ baseUrl: UPSTREAM })).toEqual([
      { value: "北海道", label: "北海道", iri: "/api/adv/prefectures/1" },
      { value: "沖縄県", label: "沖縄県", iri: "/api/adv/prefectures/47" },
    ]);
  });
});

describe("422 violations", () => {
  const post = (body: Record<string, unknown>) =>
    server.use(
      http.post(api("/things"), () => HttpResponse.json(body, { status: 422, headers: PROBLEM })),
    );
  const violationsOf = async () => {
    const error = await client()
      .send("POST", "/things", {}, z.unknown())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamViolationError);
    return (error as UpstreamViolationError).violations;
  };

  it("JSON-LD ConstraintViolation (hydra:title / hydra:description)", async () => {
    post(fixture("violations-jsonld"));
    const violations = await violationsOf();
    expect(violations.map((v) => v.propertyPath)).toEqual([
      "baz",
      "qux",
      "foo",
      "bar",
      "uuid",
      "relatedDummy",
      "relatedDummies",
    ]);
    expect(violations[0]).toEqual({
      propertyPath: "baz",
      message: "This value should be of type string.",
      code: "ba785a8c-82cb-4283-967c-3cf342181b40",
    });
  });

  it("problem+json (type, title, detail, status, violations)", async () => {
    post(fixture("violations-problem"));
    expect(await violationsOf()).toEqual([
      {
        propertyPath: "title",
        message: "This value should not be blank.",
        code: "c1051bb4-d103-4f74-8988-acbcafc7fdc3",
      },
    ]);
  });
});

describe("token endpoints (LexikJWT and gesdinet's refresh tokens)", () => {
  const LOGIN = "/api/authentication_token";
  const REFRESH = "/api/authentication_token/refresh";
  // The bundles' failure answers carry this header (JWTAuthenticationFailureResponse).
  const BEARER = { "WWW-Authenticate": "Bearer" };
  const answer = (at: string, name: string, status = 200, headers: Record<string, string> = {}) =>
    http.post(api(at), () => HttpResponse.json(fixture(name), { status, headers }));
  const gesdinetPair = (): TokenPair => {
    const body = fixture("gesdinet-login-success") as { token: string; refresh_token: string };
    return { token: body.token, refreshToken: body.refresh_token };
  };
  const loggedIn = (main: TokenPair) =>
    createPortalContext({
      nonce: "n",
      session: new RequestSession({ main }, { secrets: ["s"], secure: false }),
      upstreamUrl: UPSTREAM,
    });
  const clientRecord = z.object({ "@id": z.string() });
  /** The call answers lexik's "Expired JWT Token" to `expired`, and the record to any other. */
  const callExpiringFor = (expired: string) =>
    http.get(api("/api/adv/clients/1"), ({ request }) =>
      request.headers.get("Authorization") === `Bearer ${expired}`
        ? HttpResponse.json(fixture("lexik-jwt-expired"), { status: 401, headers: BEARER })
        : HttpResponse.json({ "@id": "/api/adv/clients/1" }, { headers: JSON_LD }),
    );

  it("login: gesdinet's body (lexik's token plus refresh_token) is the session's pair", async () => {
    server.use(answer(LOGIN, "gesdinet-login-success"));
    expect(await requestToken({ baseUrl: UPSTREAM }, "a@example.com", "pw")).toEqual(
      gesdinetPair(),
    );
  });

  it("login refused: lexik's 401 Invalid credentials. is UpstreamUnauthorizedError", async () => {
    server.use(answer(LOGIN, "lexik-invalid-credentials", 401, BEARER));
    await expect(requestToken({ baseUrl: UPSTREAM }, "a@example.com", "x")).rejects.toBeInstanceOf(
      UpstreamUnauthorizedError,
    );
  });

  it.each(["lexik-jwt-expired", "lexik-jwt-invalid", "lexik-jwt-not-found"])(
    "a call answered %s is retried once with the pair gesdinet's refresh returns",
    async (name) => {
      const old = await makeTokenPair(advertiserClaims());
      const fresh = gesdinetPair();
      server.use(
        http.get(api("/api/adv/clients/1"), ({ request }) =>
          request.headers.get("Authorization") === `Bearer ${fresh.token}`
            ? HttpResponse.json({ "@id": "/api/adv/clients/1" }, { headers: JSON_LD })
            : HttpResponse.json(fixture(name), { status: 401, headers: BEARER }),
        ),
        answer(REFRESH, "gesdinet-login-success"),
      );
      const context = loggedIn(old);
      const requests = recordRequests();

      const record = await upstreamFor(context, "main").get("/api/adv/clients/1", clientRecord);

      expect(record["@id"]).toBe("/api/adv/clients/1");
      expect(requests.map((r) => [r.path, r.token])).toEqual([
        ["/api/adv/clients/1", old.token],
        [REFRESH, undefined],
        ["/api/adv/clients/1", fresh.token],
      ]);
      expect(context.session.main).toEqual(fresh);
    },
  );

  it.each(["gesdinet-refresh-not-found", "gesdinet-refresh-invalid", "gesdinet-refresh-missing"])(
    "a refresh refused with %s logs out with the spec's message (SPEC §8)",
    async (name) => {
      const old = await makeTokenPair(advertiserClaims());
      server.use(callExpiringFor(old.token), answer(REFRESH, name, 401));
      const context = loggedIn(old);

      const thrown = await upstreamFor(context, "main")
        .get("/api/adv/clients/1", clientRecord)
        .catch((e: unknown) => e);

      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("Location")).toBe("/");
      expect(context.session.main).toBeUndefined();
      expect(context.session.takeFlash()?.message).toBe(SESSION_EXPIRED_MESSAGE);
    },
  );

  it("a refresh refused with gesdinet's 429 keeps the session: not a credentials problem", async () => {
    const old = await makeTokenPair(advertiserClaims());
    server.use(
      callExpiringFor(old.token),
      answer(REFRESH, "gesdinet-refresh-too-many", 429, { "Retry-After": "42" }),
    );
    const context = loggedIn(old);

    const thrown = await upstreamFor(context, "main")
      .get("/api/adv/clients/1", clientRecord)
      .catch((e: unknown) => e);

    expect(thrown).toBeInstanceOf(UpstreamRateLimitedError);
    expect((thrown as UpstreamRateLimitedError).retryAfter).toBe(42);
    expect(context.session.main).toEqual(old);
    expect(context.session.setCookieHeader()).toBeUndefined();
  });

  it.each([
    ["gesdinet-invalidate-done", 200],
    ["gesdinet-invalidate-already", 200],
    ["gesdinet-invalidate-none", 400],
  ] as const)(
    "logout ends the session whatever the invalidation answers (%s)",
    async (name, status) => {
      server.use(answer("/api/token/invalidate", name, status));
      const context = loggedIn(await makeTokenPair(advertiserClaims()));

      expect((await logout(context)).headers.get("Location")).toBe("/");
      expect(context.session.main).toBeUndefined();
    },
  );

  it("reads a token whose iat is a string, as in lexik's documented answer", () => {
    const documented = (fixture("lexik-login-success") as { token: string }).token;
    const [header, payload] = documented.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as object;
    // The documented claims (exp, username, iat "1434641136") plus the ones the portal needs.
    const ours = { ...claims, roles: ["ROLE_ADVERTISER"], user_login_id: 2 };
    const token = `${header}.${Buffer.from(JSON.stringify(ours)).toString("base64url")}.sig`;
    expect(readClaims(token)).toMatchObject({ exp: 1434727536, username: "korleon" });
  });
});
