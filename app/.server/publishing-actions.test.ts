// The publishing actions of both ad details against the mocked upstream (ADR 0010's contract):
// suspend and resume by the owner or an administrator, the API's refusal as an error flash,
// another's ad as 404, and the editors' sync for a fetcher and for a plain form.
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createUpstreamClient } from "~/.server/upstream/client";
import { getFullPost, getPost } from "~/.server/upstream/resources";
import { describeAdvertisement } from "./advertisement-detail";
import { PreviewVisitor } from "./preview-visitor";
import { PUBLISHING_TEXTS } from "~/domain/publishing-texts";
import { administratorClaims, advertiserClaims, makeToken } from "../../tests/fixtures/tokens";
import { postFixture, postsHandlers, publicCopy } from "../../tests/mocks/posts";
import { server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM } from "../../tests/mocks/upstream";
import { describePublishing, handlePublishingAction, readConfirm } from "./publishing-actions";
import type { Flash } from "./session";

startMockUpstream();

let shopToken: string;
let adminToken: string;
beforeAll(async () => {
  shopToken = await makeToken(advertiserClaims());
  adminToken = await makeToken(administratorClaims());
});

const client = (token: () => string) =>
  createUpstreamClient({
    baseUrl: UPSTREAM,
    tokens: { current: async () => token(), renew: async () => token() },
    log: vi.fn(),
  });
const shop = () => client(() => shopToken);
const admin = () => client(() => adminToken);

/** A request context whose session records the flashes. */
function context() {
  const flashes: Flash[] = [];
  const ctx = { session: { flash: (f: Flash) => flashes.push(f) } } as unknown as AppLoadContext;
  return { ctx, flashes };
}

// The API's clock in the middle of the fixtures' period (2026-12-01 … 2026-12-31, Tokyo).
const during = () => new Date("2026-12-10T12:00:00+09:00");
const posts = () => [
  postFixture(12, { publicAdvertisement: publicCopy("public") }),
  postFixture(13, { publicAdvertisement: publicCopy("suspended") }),
  postFixture(14, { owner: "/api/adv/clients/2", publicAdvertisement: publicCopy("public") }),
  postFixture(15, { publicAdvertisement: publicCopy("not_synced") }),
];

const back = (id: number) => `/advertiser/advertisements/${id}`;

async function expectRedirect(answer: unknown, to: string) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(to);
}

describe("suspend and resume (advertiser)", () => {
  it("suspends the advertiser's own public ad, flashes it and redirects back", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const { ctx, flashes } = context();
    const answer = await handlePublishingAction(shop(), ctx, {
      id: 12,
      intent: "suspend",
      back: back(12),
    });
    await expectRedirect(answer, back(12));
    expect(flashes).toEqual([{ kind: "info", message: "掲載を停止しました。" }]);
    expect((await getPost(shop(), 12)).publicAdvertisement?.postStatus).toBe("suspended");
  });

  it("resumes the advertiser's own suspended ad", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const { ctx, flashes } = context();
    const answer = await handlePublishingAction(shop(), ctx, {
      id: 13,
      intent: "resume",
      back: back(13),
    });
    await expectRedirect(answer, back(13));
    expect(flashes).toEqual([{ kind: "info", message: "掲載を再開しました。" }]);
    expect((await getPost(shop(), 13)).publicAdvertisement?.postStatus).toBe("public");
  });

  it("shows the API's refusal (400) as an error flash and changes nothing", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const { ctx, flashes } = context();
    const answer = await handlePublishingAction(shop(), ctx, {
      id: 15,
      intent: "suspend",
      back: back(15),
    });
    await expectRedirect(answer, back(15));
    expect(flashes).toEqual([
      { kind: "error", message: "この広告は掲載中ではないため、停止できません。" },
    ]);
    expect((await getPost(shop(), 15)).publicAdvertisement?.postStatus).toBe("not_synced");
  });

  it("refuses suspending after the end day (Tokyo) with the API's reason", async () => {
    server.use(
      ...postsHandlers({ posts: posts(), now: () => new Date("2027-01-01T00:00:00+09:00") }),
    );
    const { ctx, flashes } = context();
    await handlePublishingAction(shop(), ctx, { id: 12, intent: "suspend", back: back(12) });
    expect(flashes[0]?.kind).toBe("error");
    expect((await getPost(shop(), 12)).publicAdvertisement?.postStatus).toBe("public");
  });

  it("answers 404 for another advertiser's ad, without a flash", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const { ctx, flashes } = context();
    const answer = handlePublishingAction(shop(), ctx, {
      id: 14,
      intent: "suspend",
      back: back(14),
    });
    await expect(answer).rejects.toMatchObject({ status: 404 });
    expect(flashes).toEqual([]);
  });
});

describe("suspend, resume and sync (administrator)", () => {
  const detail = (id: number) => `/administrator/advertisements/${id}/detail`;

  it("suspends and resumes any advertiser's ad", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const { ctx, flashes } = context();
    await handlePublishingAction(admin(), ctx, { id: 14, intent: "suspend", back: detail(14) });
    await handlePublishingAction(admin(), ctx, { id: 14, intent: "resume", back: detail(14) });
    expect(flashes.map((f) => f.message)).toEqual(["掲載を停止しました。", "掲載を再開しました。"]);
  });

  it("answers a fetcher's sync with ok, and flashes nothing", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const { ctx, flashes } = context();
    const answer = await handlePublishingAction(admin(), ctx, {
      id: 15,
      intent: "sync",
      back: detail(15),
      via: "fetcher",
    });
    expect(answer).toMatchObject({ data: { intent: "sync", ok: true } });
    expect(flashes).toEqual([]);
    expect((await getPost(admin(), 15)).publicAdvertisement?.postStatus).toBe("public");
  });

  it("answers a fetcher's failed sync with ok false", async () => {
    server.use(
      ...postsHandlers({ posts: posts(), now: during, sync: { ok: false, error: "timeout" } }),
    );
    const { ctx } = context();
    const answer = await handlePublishingAction(admin(), ctx, {
      id: 12,
      intent: "sync",
      back: detail(12),
      via: "fetcher",
    });
    expect(answer).toMatchObject({ data: { intent: "sync", ok: false } });
  });

  it("without JS, flashes the sync's outcome and redirects back", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const ok = context();
    await expectRedirect(
      await handlePublishingAction(admin(), ok.ctx, { id: 12, intent: "sync", back: detail(12) }),
      detail(12),
    );
    expect(ok.flashes).toEqual([{ kind: "info", message: PUBLISHING_TEXTS.sync.done }]);

    server.use(
      ...postsHandlers({ posts: posts(), now: during, sync: { ok: false, error: "timeout" } }),
    );
    const failed = context();
    await handlePublishingAction(admin(), failed.ctx, {
      id: 12,
      intent: "sync",
      back: detail(12),
    });
    expect(failed.flashes).toEqual([{ kind: "error", message: PUBLISHING_TEXTS.sync.failed }]);
  });

  it("an advertiser's sync is refused as not found", async () => {
    server.use(...postsHandlers({ posts: posts(), now: during }));
    const { ctx } = context();
    await expect(
      handlePublishingAction(shop(), ctx, { id: 12, intent: "sync", back: back(12) }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("describePublishing", () => {
  const order = postFixture(12).publishmentOrder as {
    publishmentStatus: "new";
    paymentStatus: "none";
    "@id": string;
    id: number;
    publishesAt: string;
    unpublishesAt: string;
  };

  it("resolves a path postUrl against the portal's origin and keeps an absolute one", () => {
    const copy = publicCopy("public");
    const relative = describePublishing(
      { publishmentOrder: order, publicAdvertisement: { ...copy, postStatus: "public" } },
      "https://portal.example.jp",
      during(),
    );
    expect(relative.postUrl).toBe("https://portal.example.jp/site/3/ads/12");
    const absolute = describePublishing(
      {
        publishmentOrder: order,
        publicAdvertisement: { postStatus: "public", postUrl: "https://news.example.jp/?p=7" },
      },
      "https://portal.example.jp",
      during(),
    );
    expect(absolute.postUrl).toBe("https://news.example.jp/?p=7");
  });

  it("enables suspend and resume exactly per SPEC §4 and carries the sync error", () => {
    const at = (postStatus: "public" | "suspended" | "not_synced", now: Date) =>
      describePublishing(
        {
          publishmentOrder: order,
          publicAdvertisement: { postStatus, postUrl: null, syncError: "HTTP 500" },
        },
        "https://portal.example.jp",
        now,
      );
    expect(at("public", during())).toMatchObject({ suspendEnabled: true, resumeEnabled: false });
    expect(at("public", new Date("2027-01-01T00:00:00+09:00"))).toMatchObject({
      suspendEnabled: false,
    });
    expect(at("suspended", during())).toMatchObject({ suspendEnabled: false, resumeEnabled: true });
    expect(at("not_synced", during())).toMatchObject({
      suspendEnabled: false,
      resumeEnabled: false,
      syncError: "HTTP 500",
      postUrl: null,
    });
  });

  it("reads the confirmation asked for in the URL", () => {
    expect(readConfirm(new URL("http://x/a?confirm=suspend"))).toBe("suspend");
    expect(readConfirm(new URL("http://x/a?confirm=resume"))).toBe("resume");
    expect(readConfirm(new URL("http://x/a?confirm=delete"))).toBeNull();
    expect(readConfirm(new URL("http://x/a"))).toBeNull();
  });
});

describe("describeAdvertisement's published section", () => {
  it("tells administrators why the last sync failed, and never advertisers", async () => {
    const failed = publicCopy("not_synced", { syncError: "WordPress answered 500" });
    server.use(...postsHandlers({ posts: [postFixture(12, { publicAdvertisement: failed })] }));
    const post = await getFullPost(shop(), 12);
    const origin = "https://portal.example.jp";
    const visitor = new PreviewVisitor(undefined, false);
    expect(
      describeAdvertisement(post, origin, "administrator", visitor, during()).publishing,
    ).toMatchObject({
      syncError: "WordPress answered 500",
      postUrl: "https://portal.example.jp/site/3/ads/12",
    });
    expect(
      describeAdvertisement(post, origin, "advertiser", visitor, during()).publishing.syncError,
    ).toBe(null);
  });
});
