// The trial form's server half against the mocked upstream (ADR 0012): who may open it, the
// key on every upload and call, violations on their fields, the taken address, the honeypot and
// the submission's three parts.
import { beforeAll, describe, expect, it } from "vitest";
import { createPortalContext, type PortalContext } from "~/.server/context";
import { env, initEnv } from "~/.server/env";
import { PreviewVisitor } from "~/.server/preview-visitor";
import { RATE_LIMITED_MESSAGE, SAVE_FAILED_MESSAGE } from "~/.server/forms";
import { RequestSession, type SessionData } from "~/.server/session";
import { TRIAL_KEY_PATTERN } from "~/.server/upstream/trial";
import { previewVisitorBinding, verifyPreview } from "../../../shared/site-preview-signature";
import {
  administratorClaims,
  advertiserClaims,
  impersonationClaims,
  makeTokenPair,
} from "../../../tests/fixtures/tokens";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { trialHandlers, trialState, type TrialMockState } from "../../../tests/mocks/trial";
import { UPSTREAM } from "../../../tests/mocks/upstream";
import { handleTrialForm, loadTrialPage } from "./trial.server";

startMockUpstream();

beforeAll(() => {
  initEnv({ NODE_ENV: "test", SESSION_SECRET: "trial-test-secret", DATA_DIR: "/tmp/unused" });
});

/** 10:00 JST on 21 Nov 2026: the trial's start date is 23 Nov. */
const NOW = new Date("2026-11-21T01:00:00Z");
const KEY = "k".repeat(43);
const BROWSER = "203.0.113.7";

function contextWith(
  data: SessionData = {},
  previewVisitor = new PreviewVisitor(undefined, false),
): PortalContext {
  return createPortalContext({
    nonce: "n",
    session: new RequestSession(data, { secrets: ["s"], secure: false }),
    previewVisitor,
    upstreamUrl: UPSTREAM,
    clientAddress: BROWSER,
  });
}

function mock(overrides: Partial<TrialMockState> = {}) {
  const state = trialState(overrides);
  server.use(...trialHandlers(state));
  return state;
}

const VALID: Record<string, string> = {
  trialKey: KEY,
  fax: "",
  title: "秋の新メニュー",
  image1: "/api/adv/media_objects/101",
  image1Url: "/media/quarantine-101.png",
  body1: "一枚目の本文",
  eyecatchIndex: "1",
  storeName: "珈琲テスト",
  storeAddress: "横浜市西区みなとみらい2-3-4",
  storeTel: "045-987-6543",
  email: "new-shop@example.com",
  companyName: "株式会社テスト",
  personInCharge: "山田 太郎",
  tel: "0312345678",
  zipCode: "1500001",
  prefecture: "東京都", // by name (SPEC §3), as the select offers it
  city: "渋谷区",
  address: "神南1-2-3",
};

/** The browser's multipart post: the key and the honeypot first, files last, as the form has them. */
function post(
  values: Record<string, string>,
  { files = {}, query = "" }: { files?: Record<string, File>; query?: string } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) body.append(name, file);
  return new Request(`http://portal.test/trial/?index${query}`, { method: "POST", body });
}

const png = (name = "shop.png") =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: "image/png" });

type Reply = {
  phase: string;
  result: {
    initialValue?: Record<string, unknown>;
    error?: Record<string, string[] | null>;
  };
  summary: {
    order: unknown;
    preview: { site: { url: string; fields: Record<string, string> } | null };
  } | null;
};

type Answer =
  | { location: string | null; status: number; reply?: never }
  | { reply: Reply; status: number; location?: never };

/** The action's answer: a redirect (returned or thrown) or the form's reply. */
async function act(request: Request, context = contextWith()): Promise<Answer> {
  const answer = await handleTrialForm(request, context, NOW).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  if (answer instanceof Response) {
    return { location: answer.headers.get("Location"), status: answer.status };
  }
  const { data, init } = answer as unknown as { data: Reply; init: { status: number } };
  return { reply: data, status: init?.status ?? 200 };
}

describe("loadTrialPage", () => {
  it("sends a logged-in advertiser (impersonated too) to Login; others get the form", async () => {
    mock();
    const advertiser = await makeTokenPair(advertiserClaims());
    const admin = await makeTokenPair(administratorClaims());
    const request = new Request("http://portal.test/trial/");
    const thrown = await loadTrialPage(request, contextWith({ main: advertiser }), NOW).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
    const posted = await act(post(VALID), contextWith({ main: advertiser }));
    expect(posted).toEqual({ location: "/", status: 302 });
    const impersonation = await makeTokenPair(impersonationClaims());
    const impersonating = await loadTrialPage(
      request,
      contextWith({ main: admin, impersonation }),
      NOW,
    ).catch((e: unknown) => e);
    expect((impersonating as Response).headers.get("Location")).toBe("/");

    const page = await loadTrialPage(request, contextWith({ main: admin }), NOW);
    expect(page.trialKey).toMatch(TRIAL_KEY_PATTERN);
  });

  it("gives every page a fresh key, the prefectures, and no order part without a sales link", async () => {
    mock();
    const request = new Request("http://portal.test/trial/");
    const first = await loadTrialPage(request, contextWith(), NOW);
    const second = await loadTrialPage(request, contextWith(), NOW);
    expect(first.trialKey).toMatch(TRIAL_KEY_PATTERN);
    expect(second.trialKey).not.toBe(first.trialKey);
    expect(first.prefectures).toContainEqual({
      value: "東京都",
      label: "東京都",
      iri: "/api/adv/prefectures/13",
    });
    expect(first.order).toBeNull();
    expect(first.startDate).toBe("2026-11-23");
  });

  it("shows the order part for an existing locality and an active course only", async () => {
    mock();
    const load = (query: string) =>
      loadTrialPage(new Request(`http://portal.test/trial/${query}`), contextWith(), NOW);
    expect((await load("?locality=4&course=3")).order).toEqual({
      region: "/api/adv/publishment_regions/2",
      locality: "/api/adv/publishment_localities/4",
      course: "/api/adv/publishment_courses/3",
      areaLabel: "神奈川 横浜市西区",
      courseLabel: "1ヶ月プラン（1 ヶ月）",
    });
    expect((await load("?locality=4&course=9")).order).toBeNull();
    expect((await load("?locality=5&course=3")).order).toBeNull();
    expect((await load("?locality=x&course=3")).order).toBeNull();
  });
});

describe("次へ", () => {
  it("uploads the chosen image with the form's key and the browser's address", async () => {
    const state = mock();
    const { image1: _, image1Url: __, ...withoutImage } = VALID;
    const answer = await act(
      post({ ...withoutImage, intent: "next" }, { files: { image1File: png() } }),
    );
    expect(state.uploads).toEqual([{ trialKey: KEY, forwardedFor: BROWSER, filename: "shop.png" }]);
    if (!answer.reply) throw new Error(`redirected to ${answer.location}`);
    expect(answer.reply.phase).toBe("confirm");
    expect(answer.reply.result.initialValue).toMatchObject({
      image1: "/api/adv/media_objects/101",
      image1Url: "/media/quarantine-101.png",
      trialKey: KEY,
    });
    // The quarantined image is what validate_trial is asked about, under the same key.
    const validated = state.sent.find((s) => s.path === "posts/validate_trial")!;
    expect(validated.trialKey).toBe(KEY);
    expect(validated.body).toMatchObject({
      image1: "/api/adv/media_objects/101",
      eyeCatch: "/api/adv/media_objects/101",
    });
  });

  it("signs the confirm step's news-site preview for this browser's preview cookie, for ten minutes", async () => {
    mock();
    const browser = "b".repeat(43);
    const visitor = PreviewVisitor.fromCookieHeader(`preview-visitor=${browser}`, false);
    const answer = await act(post({ ...VALID, intent: "next" }), contextWith({}, visitor));
    if (!answer.reply) throw new Error(`redirected to ${answer.location}`);
    const site = answer.reply.summary!.preview.site!;
    expect(site.url).toBe("/site/preview");
    expect(site.fields.title).toBe("秋の新メニュー【珈琲テスト】");
    // Bound to the browser's cookie (its hash: the value itself is not in the page).
    expect(site.fields.visitor).toBe(previewVisitorBinding(browser));
    expect(JSON.stringify(site.fields)).not.toContain(browser);
    expect(Number(site.fields.expires)).toBe(NOW.getTime() / 1000 + 600);
    const secret = env().sitePreviewSecret;
    expect(verifyPreview(site.fields, secret, NOW)).toBe("valid");
    expect(
      verifyPreview({ ...site.fields, visitor: previewVisitorBinding("x") }, secret, NOW),
    ).toBe("invalid");
    // The cookie existed: nothing to set.
    expect(visitor.setCookieHeader()).toBeUndefined();
  });

  it("a browser without the preview cookie gets one (HttpOnly, SameSite=Strict) with the form", async () => {
    mock();
    const visitor = PreviewVisitor.fromCookieHeader(undefined, false);
    const answer = await act(post({ ...VALID, intent: "next" }), contextWith({}, visitor));
    if (!answer.reply) throw new Error(`redirected to ${answer.location}`);
    const cookie = visitor.setCookieHeader()!;
    expect(cookie).toMatch(
      /^preview-visitor=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const value = /^preview-visitor=([^;]+)/.exec(cookie)![1]!;
    expect(answer.reply.summary!.preview.site!.fields.visitor).toBe(previewVisitorBinding(value));
    // On https, the __Host- cookie, Secure.
    const secure = PreviewVisitor.fromCookieHeader(`preview-visitor=${value}`, true);
    secure.binding();
    expect(secure.setCookieHeader()).toMatch(
      /^__Host-preview-visitor=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
  });

  it("puts the checks' violations on their fields, keeps every value, and asks nothing about the address", async () => {
    const state = mock({
      postViolations: [
        { propertyPath: "title", message: "タイトルに使用できない文字があります。" },
        { propertyPath: "eyeCatch", message: "アイキャッチ画像を選択してください。" },
      ],
      entryViolations: [{ propertyPath: "companyName", message: "会社名が長すぎます。" }],
    });
    const answer = await act(post({ ...VALID, intent: "next" }));
    if (!answer.reply) throw new Error(`redirected to ${answer.location}`);
    expect(answer.status).toBe(422);
    expect(answer.reply.phase).toBe("input");
    expect(answer.reply.result.error).toMatchObject({
      title: ["タイトルに使用できない文字があります。"],
      eyecatchIndex: ["アイキャッチ画像を選択してください。"],
      companyName: ["会社名が長すぎます。"],
    });
    expect(answer.reply.result.initialValue).toMatchObject({
      title: VALID.title,
      email: VALID.email,
      address: VALID.address,
    });
    expect(state.sent.map((s) => s.path).sort()).toEqual([
      "advertiser_entries/validate_trial",
      "posts/validate_trial",
    ]);
  });

  it("sends a taken address to TrialError", async () => {
    const state = mock({ email: "taken" });
    expect(await act(post({ ...VALID, intent: "next" }))).toEqual({
      location: "/trial/error/",
      status: 302,
    });
    expect(state.sent.find((s) => s.path === "advertiser_entries/validate_email")?.body).toEqual({
      email: VALID.email,
    });
  });

  it("any refusal of the address goes to TrialError; a rate limit does not", async () => {
    mock({ email: 400 });
    expect(await act(post({ ...VALID, intent: "next" }))).toMatchObject({
      location: "/trial/error/",
    });
    mock({ email: 429 });
    const limited = await act(post({ ...VALID, intent: "next" }));
    if (!limited.reply) throw new Error(`redirected to ${limited.location}`);
    expect(limited.status).toBe(429);
  });

  it("refuses a start date before today + 2 days when the sales link carries an order", async () => {
    mock();
    const answer = await act(
      post(
        { ...VALID, publishesAt: "2026-11-22", intent: "next" },
        { query: "&locality=4&course=3" },
      ),
    );
    if (!answer.reply) throw new Error(`redirected to ${answer.location}`);
    expect(answer.reply.result.error?.publishesAt).toEqual([
      "掲載開始日は2026/11/23以降を選択してください。",
    ]);
  });
});

describe("申込み", () => {
  it("sends the three parts with the key and goes to TrialComplete with the id", async () => {
    const state = mock();
    const answer = await act(
      post(
        { ...VALID, publishesAt: "2026-11-23", intent: "submit" },
        { query: "&locality=4&course=3" },
      ),
    );
    expect(answer).toEqual({ location: "/trial/complete/?id=41", status: 302 });
    const created = state.sent.filter((s) => s.path === "posts/create_trial");
    expect(created).toHaveLength(1);
    expect(created[0]!.trialKey).toBe(KEY);
    // SPEC §3: the owner comes from the current advertiser, and a trial visitor has none yet.
    expect((created[0]!.body as { advertisement: object }).advertisement).not.toHaveProperty(
      "owner",
    );
    expect(created[0]!.body).toEqual({
      advertisement: expect.objectContaining({
        title: VALID.title,
        image1: VALID.image1,
        eyeCatch: VALID.image1,
        body1: VALID.body1,
        storeTel: "045-987-6543",
      }),
      advertiserEntry: {
        email: VALID.email,
        companyName: VALID.companyName,
        personInCharge: VALID.personInCharge,
        tel: VALID.tel,
        zipCode: VALID.zipCode,
        prefecture: VALID.prefecture,
        city: VALID.city,
        address: VALID.address,
      },
      publishmentOrder: {
        region: "/api/adv/publishment_regions/2",
        locality: "/api/adv/publishment_localities/4",
        course: "/api/adv/publishment_courses/3",
        publishesAt: "2026-11-23",
        paymentType: "none",
      },
    });
  });

  it("sends no order part without a sales link; the API's id-less answer still completes", async () => {
    const state = mock({ create: { id: null } });
    expect(await act(post({ ...VALID, intent: "submit" }))).toEqual({
      location: "/trial/complete/",
      status: 302,
    });
    expect(state.sent[0]!.body).toMatchObject({ publishmentOrder: null });
  });

  it("puts create_trial's nested violations on the form's fields", async () => {
    mock({
      create: {
        violations: [
          { propertyPath: "advertisement.title", message: "タイトルを見直してください。" },
          {
            propertyPath: "advertiserEntry.email",
            message: "このメールアドレスはすでに登録されています。",
          },
        ],
      },
    });
    const answer = await act(post({ ...VALID, intent: "submit" }));
    if (!answer.reply) throw new Error(`redirected to ${answer.location}`);
    expect(answer.reply.phase).toBe("input");
    expect(answer.reply.result.error).toMatchObject({
      title: ["タイトルを見直してください。"],
      email: ["このメールアドレスはすでに登録されています。"],
    });
  });

  it("a refusal without violations is the save failure, a rate limit says so; values kept", async () => {
    mock({ create: { status: 400 } });
    const refused = await act(post({ ...VALID, intent: "submit" }));
    if (!refused.reply) throw new Error(`redirected to ${refused.location}`);
    expect(refused.reply.phase).toBe("confirm");
    expect(refused.reply.result.error?.[""]).toEqual([SAVE_FAILED_MESSAGE]);
    expect(refused.reply.result.initialValue).toMatchObject({ email: VALID.email });

    mock({ create: { status: 429 } });
    const limited = await act(post({ ...VALID, intent: "submit" }));
    if (!limited.reply) throw new Error(`redirected to ${limited.location}`);
    expect(limited.reply.result.error?.[""]).toEqual([RATE_LIMITED_MESSAGE]);
  });
});

describe("the honeypot", () => {
  it("a filled fax is answered like a success, with no upstream call at all (no upload either)", async () => {
    mock();
    const requests = recordRequests();
    for (const intent of ["next", "submit"]) {
      const answer = await act(
        post({ ...VALID, fax: "03-0000-0000", intent }, { files: { image2File: png() } }),
      );
      expect(answer).toEqual({ location: "/trial/complete/", status: 302 });
    }
    expect(requests).toEqual([]);
  });
});

describe("a post without the page's key", () => {
  it("is refused before anything is asked (uploads included)", async () => {
    mock();
    const requests = recordRequests();
    const { trialKey: _, ...keyless } = VALID;
    const answer = await act(
      post({ ...keyless, intent: "next" }, { files: { image2File: png() } }),
    );
    expect(answer.status).toBe(400);
    expect(requests).toEqual([]);
  });
});
