// Contract tests (issue 16, Deliver 3): payloads recorded from API Platform's own repositories
// (tests/fixtures/api-platform/, each with a *.source.md naming repo, path and commit) served by
// msw and read through the portal's upstream client, the way the portal reads its upstream.
import { readFileSync } from "node:fs";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM, api } from "../../../tests/mocks/upstream";
import { clearReferenceData, prefectureOptions } from "../reference-data";
import { createUpstreamClient } from "./client";
import { UpstreamViolationError } from "./errors";
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
  it("become options whose value is the IRI", async () => {
    server.use(serve("/api/adv/prefectures", fixture("portal-prefectures-without-id")));
    expect(await prefectureOptions(UPSTREAM)).toEqual([
      { value: "/api/adv/prefectures/1", label: "北海道" },
      { value: "/api/adv/prefectures/47", label: "沖縄県" },
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
