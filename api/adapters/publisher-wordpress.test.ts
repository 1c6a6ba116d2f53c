// @vitest-environment node
// The WordPress publisher (ADR 0010) against WordPress's own answers (tests/fixtures/wordpress/,
// captured from a real WordPress 6.1) with msw: what is sent (Basic auth, the media bytes and
// headers, the post's fields), scheduling (future vs publish), update vs create, the reuse of an
// unchanged eye-catch, idempotent takedown, and errors an administrator can act on without secrets:
// a short category for editors, the remote status and code in the server log only. The requests go
// through the outbound guard (its own tests: outbound-guard.test.ts) with a fixed DNS table.
import { createHash } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import errorCannotCreate401 from "../../tests/fixtures/wordpress/error-cannot-create-401.json";
import errorCannotCreate403 from "../../tests/fixtures/wordpress/error-cannot-create-403.json";
import errorIncorrectPassword from "../../tests/fixtures/wordpress/error-incorrect-password.json";
import errorInvalidId from "../../tests/fixtures/wordpress/error-post-invalid-id.json";
import mediaCreated from "../../tests/fixtures/wordpress/media-created.json";
import postCreatedFuture from "../../tests/fixtures/wordpress/post-created-future.json";
import postCreatedPublish from "../../tests/fixtures/wordpress/post-created-publish.json";
import postUpdatedDraft from "../../tests/fixtures/wordpress/post-updated-draft.json";
import { tinyPng } from "../testing/images";
import { PublishError, type PublishableAd, type PublishedCopy } from "./publisher";
import { createOutboundGuard, type GuardedFetch } from "./outbound-guard";
import { wordpressPublisher, type WordPressSettings } from "./publisher-wordpress";

const REST = "https://news.example.jp/wp-json";
const USER = "editor";
const PASSWORD = "abcd EFGH ijkl MNOP qrst UVWX";
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`;
// 2026-11-24 13:00 Tokyo.
const NOW = new Date("2026-11-24T04:00:00Z");
const EYE = tinyPng(8, 8);
const EYE_TITLE = `ad-12-eyecatch-${createHash("sha256").update(EYE).digest("hex").slice(0, 16)}`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  logged.length = 0;
});
afterAll(() => server.close());

/** The hosts of these tests on public addresses; the metadata service's name on its own. */
const guard = createOutboundGuard({
  lookup: async (hostname) => {
    const address = { "metadata.example.jp": "169.254.169.254" }[hostname] ?? "93.184.215.14";
    return [{ address, family: 4 }];
  },
});
/** The fetch msw intercepts (the guard's own, undici's, is not). */
const viaMsw: GuardedFetch = (url, init) => fetch(url, init);
/** The server log's lines. */
const logged: string[] = [];

function settings(overrides: Partial<WordPressSettings> = {}): WordPressSettings {
  return {
    restUrl: REST,
    user: USER,
    password: PASSWORD,
    readImage: async (url) => {
      expect(url).toBe("https://ads.example.jp/media/eye.png");
      return { data: new Uint8Array(EYE), contentType: "image/png", filename: "eye.png" };
    },
    now: () => NOW,
    guard,
    fetch: viaMsw,
    log: (line) => logged.push(line),
    ...overrides,
  };
}

function ad(overrides: Partial<PublishableAd> = {}): PublishableAd {
  return {
    advertisementId: 12,
    localityId: 3,
    title: "春のセール",
    storeName: "喫茶さくら",
    storeAddress: "東京都千代田区1-2-3",
    storeTel: "03-1234-5678",
    businessHours: "10:00〜18:00\n水曜定休",
    homepage: "https://sakura.example.jp/",
    mapParameters: "",
    images: [
      { url: "https://ads.example.jp/media/1.png", body: "一番人気のケーキ" },
      null,
      { url: "javascript:alert(1)", body: "<b>手作り</b>" },
      null,
      null,
    ],
    eyeCatchUrl: "https://ads.example.jp/media/eye.png",
    links: [{ title: "予約する", url: "https://sakura.example.jp/reserve?a=1&b=2" }, null, null],
    // 2026-12-01 00:00 Tokyo, a week after NOW.
    publishesAt: new Date("2026-11-30T15:00:00Z"),
    unpublishesAt: new Date("2026-12-31T14:59:59Z"),
    ...overrides,
  };
}

type Seen = { method: string; url: URL; auth: string | null; headers: Headers; body: unknown };

/** Answers each matching request from the queue in order, recording what was sent. */
function wordpress(routes: Record<string, { status: number; json: unknown }[]>) {
  const seen: Seen[] = [];
  const handler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const queue = routes[key];
    const answer = queue?.shift();
    if (!answer) throw new Error(`unexpected ${key}`);
    const type = request.headers.get("Content-Type") ?? "";
    const body = type.startsWith("application/json")
      ? await request.json()
      : request.method === "POST"
        ? new Uint8Array(await request.arrayBuffer())
        : null;
    seen.push({
      method: request.method,
      url,
      auth: request.headers.get("Authorization"),
      headers: request.headers,
      body,
    });
    return HttpResponse.json(answer.json as Record<string, unknown>, { status: answer.status });
  };
  server.use(http.get(`${REST}/wp/v2/*`, handler), http.post(`${REST}/wp/v2/*`, handler));
  return seen;
}

const previous: PublishedCopy = {
  postUrl: postCreatedFuture.link,
  externalId: String(postCreatedFuture.id),
  externalMediaId: String(mediaCreated.id),
};

describe("publish", () => {
  test("a new ad starting later: the eye-catch uploaded, then a scheduled post featuring it", async () => {
    const seen = wordpress({
      "POST /wp-json/wp/v2/media": [{ status: 201, json: mediaCreated }],
      "POST /wp-json/wp/v2/posts": [{ status: 201, json: postCreatedFuture }],
    });
    const copy = await wordpressPublisher(settings()).publish(ad(), null);

    expect(copy).toEqual({
      postUrl: "http://news.example.jp/?p=5",
      externalId: "5",
      externalMediaId: "4",
    });
    const [upload, post] = seen;
    expect(upload!.auth).toBe(AUTH);
    expect(upload!.headers.get("Content-Type")).toBe("image/png");
    expect(upload!.headers.get("Content-Disposition")).toBe('attachment; filename="eye.png"');
    expect(upload!.url.searchParams.get("title")).toBe(EYE_TITLE);
    expect(Buffer.from(upload!.body as Uint8Array).equals(EYE)).toBe(true);

    expect(post!.auth).toBe(AUTH);
    expect(post!.body).toMatchObject({
      title: "春のセール【喫茶さくら】",
      featured_media: 4,
      status: "future",
      date_gmt: "2026-11-30T15:00:00",
    });
  });

  test("an ad whose start has come is published at once, dated at its start", async () => {
    const seen = wordpress({
      "POST /wp-json/wp/v2/media": [{ status: 201, json: mediaCreated }],
      "POST /wp-json/wp/v2/posts": [{ status: 201, json: postCreatedPublish }],
    });
    const copy = await wordpressPublisher(settings()).publish(
      ad({ publishesAt: new Date("2026-11-20T15:00:00Z") }),
      null,
    );
    expect(seen[1]!.body).toMatchObject({ status: "publish", date_gmt: "2026-11-20T15:00:00" });
    expect(copy.postUrl).toBe(postCreatedPublish.link);
    expect(copy.externalId).toBe("6");
  });

  test("the start's very second counts as started (publish, not future)", async () => {
    const seen = wordpress({
      "POST /wp-json/wp/v2/posts": [{ status: 201, json: postCreatedPublish }],
    });
    await wordpressPublisher(settings()).publish(ad({ publishesAt: NOW, eyeCatchUrl: null }), null);
    expect(seen[0]!.body).toMatchObject({ status: "publish", featured_media: 0 });
  });

  test("the content is the ad as HTML with every value escaped and only http(s) URLs", async () => {
    const seen = wordpress({
      "POST /wp-json/wp/v2/posts": [{ status: 201, json: postCreatedFuture }],
    });
    await wordpressPublisher(settings()).publish(
      ad({ eyeCatchUrl: null, title: '<script>alert("x")</script>', storeName: "A&B" }),
      null,
    );
    const body = seen[0]!.body as { title: string; content: string };
    expect(body.title).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;【A&amp;B】");
    expect(body.content).toContain('<p class="ad-badge">広告</p>');
    expect(body.content).toContain('<img src="https://ads.example.jp/media/1.png" alt="">');
    expect(body.content).toContain("<p>一番人気のケーキ</p>");
    expect(body.content).toContain("<p>&lt;b&gt;手作り&lt;/b&gt;</p>");
    expect(body.content).not.toContain("javascript:");
    expect(body.content).toContain(
      '<a href="https://sakura.example.jp/reserve?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">予約する</a>',
    );
    expect(body.content).toContain('<th scope="row">店名</th><td>A&amp;B</td>');
    expect(body.content).toContain("<td>10:00〜18:00<br>水曜定休</td>");
    expect(body.content).toContain("<td>03-1234-5678</td>");
    expect(body.content).toContain("地図で場所を見る");
    expect(body.content).not.toMatch(/<script|<iframe/);
  });

  test("an update with the same eye-catch reuses its media and updates the same post", async () => {
    const seen = wordpress({
      "GET /wp-json/wp/v2/media/4": [
        { status: 200, json: { ...mediaCreated, title: { raw: EYE_TITLE, rendered: EYE_TITLE } } },
      ],
      "POST /wp-json/wp/v2/posts/5": [{ status: 200, json: postCreatedFuture }],
    });
    const copy = await wordpressPublisher(settings()).publish(ad(), previous);
    expect(copy).toEqual(previous);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      "GET /wp-json/wp/v2/media/4",
      "POST /wp-json/wp/v2/posts/5",
    ]);
    expect(seen[0]!.url.searchParams.get("context")).toBe("edit");
    expect(seen[1]!.body).toMatchObject({ featured_media: 4, status: "future" });
  });

  test("a changed eye-catch is uploaded anew and featured instead", async () => {
    const seen = wordpress({
      // The fixture's media carries another image's digest.
      "GET /wp-json/wp/v2/media/4": [{ status: 200, json: mediaCreated }],
      "POST /wp-json/wp/v2/media": [{ status: 201, json: { ...mediaCreated, id: 9 } }],
      "POST /wp-json/wp/v2/posts/5": [
        { status: 200, json: { ...postCreatedFuture, featured_media: 9 } },
      ],
    });
    const copy = await wordpressPublisher(settings()).publish(ad(), previous);
    expect(copy.externalMediaId).toBe("9");
    expect(seen[2]!.body).toMatchObject({ featured_media: 9 });
  });

  test("media deleted on the site is uploaded again", async () => {
    wordpress({
      "GET /wp-json/wp/v2/media/4": [{ status: 404, json: errorInvalidId }],
      "POST /wp-json/wp/v2/media": [{ status: 201, json: { ...mediaCreated, id: 11 } }],
      "POST /wp-json/wp/v2/posts/5": [{ status: 200, json: postCreatedFuture }],
    });
    const copy = await wordpressPublisher(settings()).publish(ad(), previous);
    expect(copy.externalMediaId).toBe("11");
  });

  test("a post deleted on the site is created again", async () => {
    const seen = wordpress({
      "POST /wp-json/wp/v2/posts/5": [{ status: 404, json: errorInvalidId }],
      "POST /wp-json/wp/v2/posts": [{ status: 201, json: postCreatedPublish }],
    });
    const copy = await wordpressPublisher(settings()).publish(ad({ eyeCatchUrl: null }), previous);
    expect(copy.externalId).toBe("6");
    expect(copy.externalMediaId).toBeNull();
    expect(seen).toHaveLength(2);
  });

  test("a REST root given as ?rest_route= (plain permalinks) is followed", async () => {
    let seenRoute: string | null = null;
    server.use(
      http.post("https://news.example.jp/index.php", ({ request }) => {
        seenRoute = new URL(request.url).searchParams.get("rest_route");
        return HttpResponse.json(postCreatedFuture, { status: 201 });
      }),
    );
    await wordpressPublisher(
      settings({ restUrl: "https://news.example.jp/index.php?rest_route=/" }),
    ).publish(ad({ eyeCatchUrl: null }), null);
    expect(seenRoute).toBe("/wp/v2/posts");
  });
});

describe("unpublish", () => {
  test("takes the post down as a draft", async () => {
    const seen = wordpress({
      "POST /wp-json/wp/v2/posts/6": [{ status: 200, json: postUpdatedDraft }],
    });
    await wordpressPublisher(settings()).unpublish({ ...previous, externalId: "6" });
    expect(seen[0]!.body).toEqual({ status: "draft" });
    expect(seen[0]!.auth).toBe(AUTH);
  });

  test("is idempotent: an already-draft post and a deleted post both count as done", async () => {
    wordpress({
      "POST /wp-json/wp/v2/posts/6": [
        { status: 200, json: postUpdatedDraft },
        { status: 404, json: errorInvalidId },
      ],
    });
    const publisher = wordpressPublisher(settings());
    await expect(publisher.unpublish({ ...previous, externalId: "6" })).resolves.toBeUndefined();
    await expect(publisher.unpublish({ ...previous, externalId: "6" })).resolves.toBeUndefined();
  });

  test("a refused takedown throws", async () => {
    wordpress({
      "POST /wp-json/wp/v2/posts/6": [{ status: 403, json: errorCannotCreate403 }],
    });
    await expect(
      wordpressPublisher(settings()).unpublish({ ...previous, externalId: "6" }),
    ).rejects.toThrow(
      "WordPress 投稿の取り下げ: WordPressがエラーを返しました（このユーザーには投稿を作成する権限がありません）",
    );
  });
});

describe("errors an administrator can act on, without secrets or the remote's answer", () => {
  async function failure(run: () => Promise<unknown>): Promise<PublishError> {
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PublishError);
    const message = (error as PublishError).message;
    for (const text of [message, ...logged]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(AUTH.slice(6));
      expect(text).not.toContain("Authorization");
    }
    // No remote status for editors: an SSRF probe learns nothing from it.
    expect(message).not.toMatch(/HTTP|\d{3}/);
    return error as PublishError;
  }

  test("a wrong application password (WordPress answers rest_cannot_create with 401)", async () => {
    wordpress({ "POST /wp-json/wp/v2/posts": [{ status: 401, json: errorCannotCreate401 }] });
    const error = await failure(() =>
      wordpressPublisher(settings()).publish(ad({ eyeCatchUrl: null }), null),
    );
    expect(error.message).toBe(
      "WordPress 投稿の作成: 認証に失敗しました（ユーザー名とアプリケーションパスワードを確認してください）",
    );
    expect(logged).toEqual([
      "[api] WordPress 投稿の作成: POST https://news.example.jp/wp-json/wp/v2/posts answered HTTP 401 rest_cannot_create",
    ]);
  });

  test("incorrect_password on the upload", async () => {
    wordpress({ "POST /wp-json/wp/v2/media": [{ status: 401, json: errorIncorrectPassword }] });
    const error = await failure(() => wordpressPublisher(settings()).publish(ad(), null));
    expect(error.message).toBe(
      "WordPress アイキャッチ画像のアップロード: 認証に失敗しました（アプリケーションパスワードを確認してください）",
    );
  });

  test("a user without the right to post (403)", async () => {
    wordpress({ "POST /wp-json/wp/v2/posts": [{ status: 403, json: errorCannotCreate403 }] });
    const error = await failure(() =>
      wordpressPublisher(settings()).publish(ad({ eyeCatchUrl: null }), null),
    );
    expect(error.message).toBe(
      "WordPress 投稿の作成: WordPressがエラーを返しました（このユーザーには投稿を作成する権限がありません）",
    );
  });

  test("a page that is not JSON: the category alone; the status goes to the log", async () => {
    server.use(
      http.post(`${REST}/wp/v2/posts`, () =>
        HttpResponse.text(`<html>Error ${PASSWORD}</html>`, { status: 502 }),
      ),
    );
    const error = await failure(() =>
      wordpressPublisher(settings()).publish(ad({ eyeCatchUrl: null }), null),
    );
    expect(error.message).toBe("WordPress 投稿の作成: WordPressがエラーを返しました");
    expect(logged).toEqual([
      "[api] WordPress 投稿の作成: POST https://news.example.jp/wp-json/wp/v2/posts answered HTTP 502",
    ]);
  });

  test("a redirect to another origin is followed without the password, and reported", async () => {
    let elsewhere: string | null | undefined;
    server.use(
      http.post(`${REST}/wp/v2/posts`, () =>
        HttpResponse.text("", {
          status: 307,
          headers: { Location: "https://elsewhere.example.com/wp-json/wp/v2/posts" },
        }),
      ),
      http.post("https://elsewhere.example.com/*", ({ request }) => {
        elsewhere = request.headers.get("Authorization");
        return HttpResponse.json(errorCannotCreate401, { status: 401 });
      }),
    );
    const error = await failure(() =>
      wordpressPublisher(settings()).publish(ad({ eyeCatchUrl: null }), null),
    );
    expect(elsewhere).toBeNull();
    expect(error.message).toBe(
      "WordPress 投稿の作成: WordPressがエラーを返しました（REST API の URL を確認してください（転送されました））",
    );
  });

  test("a redirect within the site is followed with the password", async () => {
    let landed: string | null = null;
    server.use(
      http.post(`${REST}/wp/v2/posts`, () =>
        HttpResponse.text("", {
          status: 308,
          headers: { Location: "https://news.example.jp/index.php?rest_route=/wp/v2/posts" },
        }),
      ),
      http.post("https://news.example.jp/index.php", ({ request }) => {
        landed = request.headers.get("Authorization");
        return HttpResponse.json(postCreatedFuture, { status: 201 });
      }),
    );
    const copy = await wordpressPublisher(settings()).publish(ad({ eyeCatchUrl: null }), null);
    expect(copy.externalId).toBe("5");
    expect(landed).toBe(AUTH);
  });

  test("a REST URL on a refused address: nothing is sent, editors read that it is not allowed", async () => {
    const error = await failure(() =>
      wordpressPublisher(settings({ restUrl: "http://metadata.example.jp/wp-json" })).publish(
        ad({ eyeCatchUrl: null }),
        null,
      ),
    );
    expect(error.message).toBe(
      "WordPress 投稿の作成: 接続先が許可されていません（社内・ローカルのアドレスには接続できません。エリア管理で URL を確認してください）",
    );
    expect(logged).toEqual([
      "[api] WordPress 投稿の作成: POST http://metadata.example.jp/wp-json/wp/v2/posts refused: link-local address 169.254.169.254",
    ]);
  });

  test("no answer in time", async () => {
    const timedOut: GuardedFetch = async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    };
    const error = await failure(() =>
      wordpressPublisher(settings({ fetch: timedOut })).publish(ad({ eyeCatchUrl: null }), null),
    );
    expect(error.message).toBe("WordPress 投稿の作成: 接続できませんでした");
    expect(logged).toEqual([
      "[api] WordPress 投稿の作成: POST https://news.example.jp/wp-json/wp/v2/posts failed: TimeoutError",
    ]);
  });

  test("the request carries a timeout signal", async () => {
    let signal: AbortSignal | null | undefined;
    const spy: GuardedFetch = async (_url, init) => {
      signal = init?.signal;
      return Response.json(postCreatedFuture, { status: 201 });
    };
    await wordpressPublisher(settings({ fetch: spy })).publish(ad({ eyeCatchUrl: null }), null);
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  test("an unreadable eye-catch", async () => {
    const error = await failure(() =>
      wordpressPublisher(
        settings({
          readImage: async () => {
            throw new Error(`ENOENT /srv/media/${PASSWORD}`);
          },
        }),
      ).publish(ad(), null),
    );
    expect(error.message).toBe("WordPress アイキャッチ画像: 画像を読み込めません");
  });
});
