// The reference-data cache never shares one caller's load: a token that cannot be refreshed
// sends only its own user to Login (finding 12); loaded data is shared.
import { redirect } from "react-router";
import { http, HttpResponse } from "msw";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { advertiserClaims, makeToken } from "../../tests/fixtures/tokens";
import { publishmentAreasHandlers } from "../../tests/mocks/publishment-areas";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM, api } from "../../tests/mocks/upstream";
import {
  clearReferenceData,
  prefectureOptions,
  prefectureValue,
  publishmentChoices,
} from "./reference-data";
import { UpstreamUnavailableError } from "./upstream/errors";
import { createUpstreamClient, type TokenSource } from "./upstream/client";

startMockUpstream();

let goodToken: string;
beforeAll(async () => {
  goodToken = await makeToken(advertiserClaims({ username: "second@example.com" }));
});
beforeEach(() => {
  clearReferenceData();
  server.use(...publishmentAreasHandlers());
});

// msw patches the global fetch once it listens: look it up per call.
const viaMsw: typeof fetch = (input, init) => fetch(input, init);

/** A user whose token the upstream refuses and whose refresh fails: the guard's redirect. */
function expiredUser(): TokenSource {
  return {
    current: async () => "expired-token",
    renew: async () => {
      throw redirect("/?expired=first-user");
    },
  };
}
const validUser = (): TokenSource => ({
  current: async () => goodToken,
  renew: async () => {
    throw new Error("a valid token needs no renewal");
  },
});
const clientOf = (tokens: TokenSource) =>
  createUpstreamClient({ baseUrl: UPSTREAM, tokens, fetch: viaMsw, log: () => undefined });

describe("publishmentChoices", () => {
  it("a second caller waiting at the same time gets data with its own token, not the first's redirect", async () => {
    const requests = recordRequests();
    const [first, second] = await Promise.allSettled([
      publishmentChoices(clientOf(expiredUser()), UPSTREAM),
      publishmentChoices(clientOf(validUser()), UPSTREAM),
    ]);

    expect(first.status).toBe("rejected");
    const thrown = (first as PromiseRejectedResult).reason as Response;
    expect(thrown.headers.get("Location")).toBe("/?expired=first-user");

    expect(second.status).toBe("fulfilled");
    const choices = (
      second as PromiseFulfilledResult<Awaited<ReturnType<typeof publishmentChoices>>>
    ).value;
    expect(choices.regions.map((r) => r.label)).toEqual(["東京"]);
    expect(choices.courses.map((c) => c.name)).toEqual(["1ヶ月コース"]);
    // The second user's data came with the second user's token.
    expect(requests.filter((r) => r.token === goodToken)).toHaveLength(3);
  });

  it("a failed load is not kept: the next caller loads afresh", async () => {
    await expect(publishmentChoices(clientOf(expiredUser()), UPSTREAM)).rejects.toBeInstanceOf(
      Response,
    );
    const requests = recordRequests();
    await expect(publishmentChoices(clientOf(validUser()), UPSTREAM)).resolves.toBeTruthy();
    expect(requests.map((r) => r.token)).toEqual([goodToken, goodToken, goodToken]);
  });

  it("loaded data is shared for a while, without asking the upstream again", async () => {
    await publishmentChoices(clientOf(validUser()), UPSTREAM);
    const requests = recordRequests();
    const again = await publishmentChoices(clientOf(expiredUser()), UPSTREAM);
    expect(again.regions).toHaveLength(1);
    expect(requests).toHaveLength(0);
  });
});

// Issue 16, risk 3: API Platform pages every collection (30 items by default) and may refuse a
// larger itemsPerPage; the portal must follow the next link until there is none.
const PAGE_SIZE = 30;

/** A paged collection as API Platform writes it: `hydra:` keys (3.x) or plain ones (4.x), with
 * totalItems or, under partial pagination, only a next link. */
function pagedList(
  path: string,
  members: unknown[],
  { style = "hydra", partial = false }: { style?: "hydra" | "plain"; partial?: boolean } = {},
) {
  return http.get(api(path), ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
    const slice = members.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const hasNext = page * PAGE_SIZE < members.length;
    const p = style === "hydra" ? "hydra:" : "";
    const view: Record<string, unknown> = {
      "@id": `${path}?page=${page}`,
      "@type": `${p}PartialCollectionView`,
    };
    if (hasNext) view[`${p}next`] = `${path}?page=${page + 1}`;
    if (!partial) {
      view[`${p}first`] = `${path}?page=1`;
      view[`${p}last`] = `${path}?page=${Math.ceil(members.length / PAGE_SIZE)}`;
    }
    return HttpResponse.json({
      "@context": "/api/contexts/X",
      "@id": path,
      "@type": `${p}Collection`,
      [`${p}member`]: slice,
      ...(partial ? {} : { [`${p}totalItems`]: members.length }),
      [`${p}view`]: view,
    });
  });
}

const PREFECTURES = Array.from({ length: 47 }, (_, i) => ({
  "@id": `/api/adv/prefectures/${i + 1}`,
  "@type": "Prefecture",
  name: `県${i + 1}`,
}));

describe("reference lists follow the next link", () => {
  it("all 47 prefectures (hydra: keys, no id on the items) over two pages", async () => {
    server.use(pagedList("/api/adv/prefectures", PREFECTURES));
    const options = await prefectureOptions({ baseUrl: UPSTREAM });
    expect(options).toHaveLength(47);
    // SPEC §3: the name is the value that goes upstream; the IRI finds a saved bare reference.
    expect(options[46]).toEqual({ value: "県47", label: "県47", iri: "/api/adv/prefectures/47" });
  });

  it("partial pagination without totalItems, unprefixed keys (API Platform 4)", async () => {
    server.use(pagedList("/api/adv/prefectures", PREFECTURES, { style: "plain", partial: true }));
    expect(await prefectureOptions({ baseUrl: UPSTREAM })).toHaveLength(47);
  });

  it("regions, localities and courses beyond one page, ids derived from @id", async () => {
    const regions = Array.from({ length: 35 }, (_, i) => ({
      "@id": `/api/adv/publishment_regions/${i + 1}`,
      name: `地域${i + 1}`,
    }));
    const localities = Array.from({ length: 70 }, (_, i) => ({
      "@id": `/api/adv/publishment_localities/${i + 1}`,
      name: `地区${i + 1}`,
      region: `/api/adv/publishment_regions/${(i % 35) + 1}`,
    }));
    const courses = Array.from({ length: 31 }, (_, i) => ({
      "@id": `/api/adv/publishment_courses/${i + 1}`,
      name: `コース${i + 1}`,
      price: 1000,
      isActive: true,
      periodType: "day",
      days: i + 1,
    }));
    server.use(
      pagedList("/api/adv/publishment_regions", regions),
      pagedList("/api/adv/publishment_localities", localities, { partial: true }),
      pagedList("/api/adv/publishment_courses", courses, { style: "plain" }),
    );
    const choices = await publishmentChoices(clientOf(validUser()), UPSTREAM);
    expect(choices.regions).toHaveLength(35);
    expect(choices.regions[34]!.localities.map((l) => l.label)).toEqual(["地区35", "地区70"]);
    expect(choices.courses).toHaveLength(31);
    expect(choices.courses[30]!.id).toBe(31);
  });

  it("stops at a bound instead of following an endless next chain", async () => {
    const requests = recordRequests();
    server.use(
      http.get(api("/api/adv/prefectures"), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
        return HttpResponse.json({
          "hydra:member": [{ "@id": `/api/adv/prefectures/${page}`, name: `県${page}` }],
          "hydra:view": { "hydra:next": `/api/adv/prefectures?page=${page + 1}` },
        });
      }),
    );
    await expect(prefectureOptions({ baseUrl: UPSTREAM })).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
    expect(requests.length).toBeLessThanOrEqual(20);
  });

  it("does not send the token to a next link outside the collection", async () => {
    let followed = false;
    server.use(
      http.get("http://elsewhere.test/*", () => {
        followed = true;
        return HttpResponse.json({ member: [] });
      }),
      pagedList("/api/adv/publishment_regions", [
        { "@id": "/api/adv/publishment_regions/1", name: "東京" },
      ]),
      pagedList("/api/adv/publishment_courses", []),
      http.get(api("/api/adv/publishment_localities"), () =>
        HttpResponse.json({
          member: [],
          view: { next: "http://elsewhere.test/api/adv/publishment_localities?page=2" },
        }),
      ),
    );
    await expect(publishmentChoices(clientOf(validUser()), UPSTREAM)).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
    expect(followed).toBe(false);
  });

  it("a cached list is cleared by clearReferenceData", async () => {
    server.use(pagedList("/api/adv/prefectures", PREFECTURES.slice(0, 2)));
    expect(await prefectureOptions({ baseUrl: UPSTREAM })).toHaveLength(2);
    server.use(pagedList("/api/adv/prefectures", PREFECTURES));
    expect(await prefectureOptions({ baseUrl: UPSTREAM })).toHaveLength(2);
    clearReferenceData();
    expect(await prefectureOptions({ baseUrl: UPSTREAM })).toHaveLength(47);
  });
});

describe("prefectureValue (a saved prefecture as the select's value)", () => {
  const options = [{ value: "東京都", label: "東京都", iri: "/api/adv/prefectures/13" }];
  it("is the record's name, or the list's name for a bare IRI, or empty", () => {
    expect(prefectureValue({ "@id": "/api/adv/prefectures/13", name: "東京都" }, [])).toBe(
      "東京都",
    );
    expect(prefectureValue({ "@id": "/api/adv/prefectures/13" }, options)).toBe("東京都");
    expect(prefectureValue({ "@id": "/api/adv/prefectures/99" }, options)).toBe("");
    expect(prefectureValue(null, options)).toBe("");
  });
});
