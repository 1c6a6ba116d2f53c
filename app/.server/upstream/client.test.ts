import { delay, http, HttpResponse } from "msw";
import { z } from "zod";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { newUpstreamBudget } from "./budget";
import { buildUrl, createUpstreamClient, type TokenSource } from "./client";
import {
  UpstreamError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
  UpstreamUnreadableError,
  UpstreamViolationError,
} from "./errors";
import { rethrowAsHttpError } from "../http-errors";
import { runInRequestScope } from "../request-scope";
import { getClient, listPosts, postSummarySchema } from "./resources";
import { advertiserClaims, makeToken } from "../../../tests/fixtures/tokens";
import { clientsHandlers } from "../../../tests/mocks/clients";
import { postFixture, postsHandlers } from "../../../tests/mocks/posts";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM, api, hydraError, jwtError } from "../../../tests/mocks/upstream";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(advertiserClaims());
});

/** A token source that always has the same valid token and must never need to renew it. */
function fixedToken(value: () => string = () => token): TokenSource {
  return {
    current: vi.fn(async () => value()),
    renew: vi.fn(async () => {
      throw new Error("renew must not be called");
    }),
  };
}

function clientWith(
  options: { tokens?: TokenSource; memo?: Map<string, Promise<unknown>>; memoScope?: string } = {},
) {
  const log = vi.fn<(line: string) => void>();
  const client = createUpstreamClient({ baseUrl: UPSTREAM, tokens: fixedToken(), log, ...options });
  return { client, log };
}

const postTitle = z.object({ id: z.number(), title: z.string().nullable() });

describe("collections", () => {
  it.each(["hydra", "plain"] as const)(
    "reads members and the total from a %s collection",
    async (style) => {
      server.use(
        ...postsHandlers({ style, posts: [postFixture(12), postFixture(11), postFixture(10)] }),
      );
      const { client } = clientWith();

      const page = await listPosts(
        client,
        { owner: 1, "order[id]": "desc" },
        { page: 1, itemsPerPage: 2 },
      );

      expect(page.member.map((p) => p.id)).toEqual([12, 11]);
      expect(page.totalItems).toBe(3);
      expect(page.member[0]?.publishmentOrder?.locality?.name).toBe("新宿");
    },
  );

  it("sends paging, sort and filter parameters as the query, leaving out empty ones", async () => {
    server.use(...postsHandlers());
    const requests = recordRequests();
    const { client } = clientWith();

    await listPosts(
      client,
      { owner: 1, "order[id]": "desc", title: "", status: undefined },
      { page: 2, itemsPerPage: 10 },
    );

    const query = requests[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      owner: "1",
      page: "2",
      itemsPerPage: "10",
      "order[id]": "desc",
    });
  });

  it("rejects a member that does not match the schema instead of trusting it", async () => {
    server.use(
      http.get(api("/api/adv/posts"), () =>
        HttpResponse.json({ "hydra:member": [{ id: "twelve" }], "hydra:totalItems": 1 }),
      ),
    );
    const { client } = clientWith();

    await expect(client.getCollection("/api/adv/posts", postSummarySchema)).rejects.toBeInstanceOf(
      UpstreamUnreadableError,
    );
  });
});

describe("unreadable answers", () => {
  it("names the call and the failing field in one log line, never the value", async () => {
    server.use(
      http.get(api("/api/adv/posts"), () =>
        HttpResponse.json({
          "hydra:member": [{ id: "twelve-secret", title: null }],
          "hydra:totalItems": 1,
        }),
      ),
    );
    const { client, log } = clientWith();

    const error = await client.getCollection("/api/adv/posts", postTitle).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 502, path: "/api/adv/posts", field: "0.id" });
    expect(log.mock.calls).toEqual([
      ["upstream GET /api/adv/posts answer unreadable at 0.id: invalid_type"],
    ]);
    expect(String(log.mock.calls)).not.toContain("twelve-secret");
  });

  it("reads an item, a sent call's answer and a body that is not JSON the same way", async () => {
    server.use(
      http.get(api("/api/adv/clients/3"), () => HttpResponse.json({ id: 3 })),
      http.post(api("/api/adv/things"), () => new HttpResponse("<html>oops</html>")),
    );
    const { client, log } = clientWith();

    await expect(
      client.get("/api/adv/clients/3", z.object({ id: z.number(), name: z.string() })),
    ).rejects.toMatchObject({ name: "UpstreamUnreadableError", field: "name" });
    await expect(
      client.send("POST", "/api/adv/things", {}, z.object({ id: z.number() })),
    ).rejects.toMatchObject({ name: "UpstreamUnreadableError", field: "" });
    expect(log.mock.calls).toEqual([
      ["upstream GET /api/adv/clients/{id} answer unreadable at name: invalid_type"],
      ["upstream POST /api/adv/things answer unreadable: not JSON"],
    ]);
  });

  it("becomes a 502 page, distinct from an outage's 503", () => {
    const thrown = (error: unknown) => {
      try {
        rethrowAsHttpError(error);
      } catch (response) {
        return (response as Response).status;
      }
    };
    expect(thrown(new UpstreamUnreadableError("/api/adv/posts", "0.id"))).toBe(502);
    expect(thrown(new UpstreamUnavailableError(503, "/api/adv/posts"))).toBe(503);
  });

  it("lets a schema that accepts no answer read a 204", async () => {
    server.use(http.post(api("/api/adv/things"), () => new HttpResponse(null, { status: 204 })));
    const { client } = clientWith();
    await expect(client.send("POST", "/api/adv/things", {}, z.unknown())).resolves.toBeUndefined();
  });
});

describe("violations", () => {
  it.each(["jsonld", "problem"] as const)(
    "turns a %s 422 into an UpstreamViolationError with propertyPath and message",
    async (format) => {
      server.use(...postsHandlers({ violations: format }));
      const { client } = clientWith();

      const error = await client
        .send("POST", "/api/adv/posts/validate", { title: "" }, z.unknown())
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(UpstreamViolationError);
      expect(error).toMatchObject({
        status: 422,
        path: "/api/adv/posts/validate",
        violations: [{ propertyPath: "title", message: "タイトルを入力してください。" }],
      });
    },
  );

  it("keeps nested property paths such as advertisement.title (trial form)", async () => {
    server.use(
      http.post(api("/api/adv/posts/validate_trial"), () =>
        HttpResponse.json(
          {
            "@context": "/api/contexts/ConstraintViolationList",
            "@type": "ConstraintViolationList",
            violations: [
              { propertyPath: "advertisement.title", message: "タイトルを入力してください。" },
              { propertyPath: "", message: "この組み合わせは登録できません。" },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const { client } = clientWith();

    const error = await client
      .send("POST", "/api/adv/posts/validate_trial", {}, z.unknown())
      .catch((e: unknown) => e);

    expect((error as UpstreamViolationError).violations).toEqual([
      { propertyPath: "advertisement.title", message: "タイトルを入力してください。" },
      { propertyPath: "", message: "この組み合わせは登録できません。" },
    ]);
  });

  it("treats a 422 without a violation list as a plain UpstreamError", async () => {
    server.use(http.post(api("/api/adv/posts"), () => hydraError(422, "Unprocessable")));
    const { client } = clientWith();

    const error = await client
      .send("POST", "/api/adv/posts", {}, z.unknown())
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(UpstreamViolationError);
    expect(error).toMatchObject({ status: 422 });
  });
});

describe("failures", () => {
  it.each([500, 502, 503])(
    "turns a %i into UpstreamUnavailableError and logs the status and path, never the token",
    async (status) => {
      server.use(
        http.get(api("/api/adv/clients/1"), () => hydraError(status, "Internal Server Error")),
      );
      const { client, log } = clientWith();

      const error = await getClient(client, 1).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(UpstreamUnavailableError);
      expect(error).toMatchObject({ status, path: "/api/adv/clients/1" });
      expect(log).toHaveBeenCalledWith(expect.stringContaining(String(status)));
      expect(log).toHaveBeenCalledWith(expect.stringContaining("/api/adv/clients/{id}"));
      expect(log.mock.calls.join("\n")).not.toContain(token);
    },
  );

  it("turns a network failure into UpstreamUnavailableError with status 0", async () => {
    server.use(http.get(api("/api/adv/clients/1"), () => HttpResponse.error()));
    const { client, log } = clientWith();

    const error = await getClient(client, 1).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ status: 0, path: "/api/adv/clients/1" });
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls.join("\n")).not.toContain(token);
  });

  it("gives up after the timeout with UpstreamUnavailableError", async () => {
    server.use(
      http.get(api("/api/adv/clients/1"), async () => {
        await delay(2_000);
        return HttpResponse.json({});
      }),
    );
    const client = createUpstreamClient({
      baseUrl: UPSTREAM,
      tokens: fixedToken(),
      timeoutMs: 50,
      log: () => {},
    });

    await expect(getClient(client, 1)).rejects.toBeInstanceOf(UpstreamUnavailableError);
  });

  it("spends one budget per request: after a hung call, the next one is not even sent", async () => {
    const requests = recordRequests();
    server.use(
      http.all(`${UPSTREAM}/*`, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    // Two clients of one request (e.g. the form's check and the page's loader) share the budget;
    // each call alone would be allowed far longer.
    const budget = newUpstreamBudget(100);
    const options = { baseUrl: UPSTREAM, tokens: fixedToken(), timeoutMs: 60_000, budget };
    const log = vi.fn<(line: string) => void>();
    const first = createUpstreamClient({ ...options, log });
    const second = createUpstreamClient({ ...options, log });

    await expect(getClient(first, 1)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    await expect(getClient(second, 2)).rejects.toMatchObject({
      status: 0,
      path: "/api/adv/clients/2",
    });

    expect(requests.map((r) => r.path)).toEqual(["/api/adv/clients/1"]);
    expect(log.mock.calls.at(-1)?.[0]).toContain("budget is spent");
  });

  it("counts only the time spent waiting on the upstream, not the time between calls", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      server.use(...clientsHandlers());
      // Time is measured in fractions of a millisecond: what is left is one too.
      const budget = newUpstreamBudget(1_000.25);
      const clientOf = () =>
        createUpstreamClient({ baseUrl: UPSTREAM, tokens: fixedToken(), budget });
      await getClient(clientOf(), 1);
      // The browser takes a minute to send the next file: not the upstream's time.
      vi.advanceTimersByTime(60_000);
      await expect(getClient(clientOf(), 1)).resolves.toMatchObject({ id: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the status of other errors such as 404", async () => {
    server.use(...clientsHandlers());
    const { client } = clientWith();

    const error = await getClient(client, 2).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ status: 404, path: "/api/adv/clients/2" });
  });
});

describe("request format", () => {
  it("sends the bearer token and asks for JSON-LD", async () => {
    server.use(...clientsHandlers());
    const requests = recordRequests();
    const { client } = clientWith();

    const record = await getClient(client, 1);

    expect(record.companyName).toBe("株式会社お店ニュース商店");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get("Authorization")).toBe(`Bearer ${token}`);
    expect(requests[0]?.headers.get("Accept")).toMatch(/^application\/ld\+json/);
  });

  it("sends no Authorization header without a token source (login, refresh)", async () => {
    server.use(
      http.get(api("/api/adv/prefectures"), () => HttpResponse.json({ member: [], totalItems: 0 })),
    );
    const requests = recordRequests();
    const client = createUpstreamClient({ baseUrl: UPSTREAM });

    await client.getCollection("/api/adv/prefectures", z.unknown());

    expect(requests[0]?.headers.has("Authorization")).toBe(false);
  });

  it("PATCHes with application/merge-patch+json", async () => {
    server.use(...postsHandlers());
    const requests = recordRequests();
    const { client } = clientWith();

    const updated = await client.send(
      "PATCH",
      "/api/adv/posts/12",
      { title: "冬の大売り出し" },
      postTitle,
    );

    expect(updated).toEqual({ id: 12, title: "冬の大売り出し" });
    expect(requests[0]?.headers.get("Content-Type")).toBe("application/merge-patch+json");
  });

  it("POSTs JSON-LD", async () => {
    server.use(...postsHandlers());
    const requests = recordRequests();
    const { client } = clientWith();

    await client.send("POST", "/api/adv/posts/validate", { title: "冬の大売り出し" }, z.unknown());

    expect(requests[0]?.headers.get("Content-Type")).toBe("application/ld+json");
  });
});

describe("401 and token renewal", () => {
  it("renews the token once after a 401 and retries with the new token", async () => {
    const fresh = await makeToken(advertiserClaims());
    server.use(...clientsHandlers());
    server.use(
      http.get(api("/api/adv/clients/1"), () => jwtError("Expired JWT Token"), { once: true }),
    );
    const requests = recordRequests();
    const tokens: TokenSource = {
      current: vi.fn(async () => token),
      renew: vi.fn(async () => fresh),
    };
    const { client } = clientWith({ tokens });

    const record = await getClient(client, 1);

    expect(record.id).toBe(1);
    expect(tokens.renew).toHaveBeenCalledOnce();
    expect(tokens.renew).toHaveBeenCalledWith(token);
    expect(requests.map((r) => r.token)).toEqual([token, fresh]);
  });

  it("does not retry a second time when the renewed token is refused too", async () => {
    server.use(http.get(api("/api/adv/clients/1"), () => jwtError("Invalid JWT Token")));
    const requests = recordRequests();
    const tokens: TokenSource = {
      current: vi.fn(async () => "stale"),
      renew: vi.fn(async () => "also-refused"),
    };
    const { client } = clientWith({ tokens });

    await expect(getClient(client, 1)).rejects.toBeInstanceOf(UpstreamUnauthorizedError);
    expect(tokens.renew).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(2);
  });

  it("replays the JSON body on the retry", async () => {
    const fresh = await makeToken(advertiserClaims());
    server.use(...postsHandlers());
    server.use(
      http.patch(api("/api/adv/posts/12"), () => jwtError("Expired JWT Token"), { once: true }),
    );
    const tokens: TokenSource = { current: async () => token, renew: async () => fresh };
    const { client } = clientWith({ tokens });

    const updated = await client.send(
      "PATCH",
      "/api/adv/posts/12",
      { title: "再送されたタイトル" },
      postTitle,
    );

    expect(updated.title).toBe("再送されたタイトル");
  });
});

describe("per-request GET memo", () => {
  it("makes identical GETs of one request once, for every loader sharing the memo and scope", async () => {
    server.use(...clientsHandlers());
    const requests = recordRequests();
    const memo = new Map<string, Promise<unknown>>();
    const layoutLoader = clientWith({ memo, memoScope: "main" }).client;
    const pageLoader = clientWith({ memo, memoScope: "main" }).client;

    const [a, b] = await Promise.all([getClient(layoutLoader, 1), getClient(pageLoader, 1)]);
    const c = await getClient(pageLoader, 1);

    expect(requests).toHaveLength(1);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it("does not share GETs between different credentials (main and impersonation)", async () => {
    server.use(...clientsHandlers());
    const requests = recordRequests();
    const memo = new Map<string, Promise<unknown>>();
    const admin = clientWith({ memo, memoScope: "main" }).client;
    const impersonated = clientWith({ memo, memoScope: "impersonation" }).client;

    await Promise.all([getClient(admin, 1), getClient(impersonated, 1)]);

    expect(requests).toHaveLength(2);
  });

  it("treats different queries as different GETs", async () => {
    server.use(...clientsHandlers());
    const requests = recordRequests();
    const { client } = clientWith();

    await client.get("/api/adv/clients/1", z.unknown(), { groups: "a" });
    await client.get("/api/adv/clients/1", z.unknown(), { groups: "b" });

    expect(requests).toHaveLength(2);
  });

  it("forgets a failed GET so that a later call tries again", async () => {
    server.use(...clientsHandlers());
    server.use(
      http.get(api("/api/adv/clients/1"), () => hydraError(503, "Service Unavailable"), {
        once: true,
      }),
    );
    const requests = recordRequests();
    const { client } = clientWith({ memo: new Map(), memoScope: "main" });

    await expect(getClient(client, 1)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    await expect(getClient(client, 1)).resolves.toMatchObject({ id: 1 });
    expect(requests).toHaveLength(2);
  });
});

describe("buildUrl", () => {
  it("repeats the key of a list value and leaves out empty values", () => {
    const url = new URL(
      buildUrl(UPSTREAM, "/api/adv/posts", {
        "status[]": ["new", "reapplying"],
        title: "",
        owner: null,
        page: 2,
      }),
    );
    expect(url.searchParams.getAll("status[]")).toEqual(["new", "reapplying"]);
    expect([...url.searchParams.keys()].sort()).toEqual(["page", "status[]", "status[]"]);
  });
});

describe("what the operator sees of a call", () => {
  const previewPath = `/api/adv/posts/7/preview/${"s3cret".repeat(10)}abcd`;

  it("sends the request's id as X-Request-Id on every call, and none outside a request", async () => {
    server.use(http.get(api("/api/adv/posts"), () => HttpResponse.json({ "hydra:member": [] })));
    const requests = recordRequests();
    const { client } = clientWith();
    await runInRequestScope({ requestId: "page-req-1" }, async () => {
      await client.request("GET", "/api/adv/posts");
      await client.request("GET", "/api/adv/posts", { query: { page: 2 } });
    });
    await client.request("GET", "/api/adv/posts");
    expect(requests.map((r) => r.headers.get("X-Request-Id"))).toEqual([
      "page-req-1",
      "page-req-1",
      null,
    ]);
  });

  it("names a failed call by its template: no id, token or query in the line", async () => {
    server.use(http.get(`${UPSTREAM}${previewPath}`, () => hydraError(503, "Service Unavailable")));
    const { client, log } = clientWith();
    await expect(client.request("GET", previewPath)).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
    expect(log.mock.calls).toEqual([
      ["upstream GET /api/adv/posts/{id}/preview/{id} answered 503"],
    ]);
  });
});
