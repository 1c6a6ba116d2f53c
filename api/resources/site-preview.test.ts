// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  PREVIEW_SIGNATURE_TTL_SECONDS,
  previewVisitorBinding,
  signPreview,
} from "../../shared/site-preview-signature";
import { loadApiConfig } from "../config";
import { TEST_NOW, createTestApi } from "../testing/db";
import { get } from "../testing/http";
import { MAX_PREVIEW_BYTES, PREVIEW_CSP } from "./site-preview";

type Api = Awaited<ReturnType<typeof createTestApi>>;

const PATH = "/site/preview";
const SECRET = "site-preview-test-secret";
/** The browser's preview cookie, and the portal's origin (the site's own: no PUBLIC_ORIGIN). */
const VISITOR = "v".repeat(43);
const PORTAL = "http://localhost";
const signed = (fields: Record<string, string>, visitor = VISITOR) =>
  signPreview(fields, SECRET, TEST_NOW, previewVisitorBinding(visitor));

/**
 * Posts the fields as the portal's preview button does (signed, unless `raw`), from the portal's
 * page in the browser the form was signed for.
 */
function postForm(
  api: Api,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  raw = false,
) {
  return api.app.request(PATH, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: PORTAL,
      Cookie: `preview-visitor=${VISITOR}`,
      ...headers,
    },
    body: new URLSearchParams(raw ? fields : signed(fields)).toString(),
  });
}

const AD = {
  title: "夏の新メニュー【カフェ・ド・デモ】",
  image1: "https://news.example.jp/media/one.jpg",
  body1: "一枚目の本文です。\n二行目です。",
  image2: "http://news.example.jp/media/two.png",
  body2: "二枚目の本文です。",
  body3: "画像のない三つ目の本文。",
  image4: "",
  body4: "",
  link1Title: "ご予約はこちら",
  link1Url: "https://reserve.example.jp/demo?a=1&b=2",
  link2Title: "",
  link2Url: "",
  link3Title: "メニュー",
  link3Url: "https://cafe.example.jp/menu",
  storeName: "カフェ・ド・デモ",
  storeAddress: "東京都渋谷区神南1-2-3",
  storeTel: "03-1234-5678",
  businessHours: "11:00〜20:00\n（定休日：水曜）",
  mapParameters: "",
  homepage: "https://cafe.example.jp/",
};

/** The text between two markers, to check order. */
/** The refusal: a 403 page under the preview's CSP saying so, with nothing of the ad on it. */
async function refused(response: Response) {
  expect(response.status).toBe(403);
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("Content-Security-Policy")).toBe(PREVIEW_CSP);
  const html = await response.text();
  expect(html).toContain("このプレビューは表示できません");
  expect(html).not.toContain(AD.title);
}

const indexes = (html: string, ...needles: string[]) => needles.map((n) => html.indexOf(n));

describe("the built-in news site's preview endpoint", () => {
  let api: Api;
  beforeAll(async () => {
    api = await createTestApi({ env: { SITE_PREVIEW_SECRET: SECRET } });
  });
  afterAll(() => api.close());

  test("an anonymous form post renders the ad page as the news site shows it", async () => {
    const response = await postForm(api, AD);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();

    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="ja">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<title>夏の新メニュー【カフェ・ド・デモ】 | お店News</title>");
    expect(html).toContain('<header class="site-header"><p>お店News</p></header>');
    expect(html).toContain("これはプレビューです。公開中のページではありません。");
    expect(html).toContain('<p class="ad-badge">広告</p>');
    expect(html).toContain("<h1>夏の新メニュー【カフェ・ド・デモ】</h1>");

    // Image n, then body n, in slot order; a body without an image still shows; line breaks kept.
    const order = indexes(
      html,
      'src="https://news.example.jp/media/one.jpg"',
      "一枚目の本文です。<br>二行目です。",
      'src="http://news.example.jp/media/two.png"',
      "二枚目の本文です。",
      "画像のない三つ目の本文。",
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.match(/<section class="ad-section">/g)).toHaveLength(3);

    // Links: title as text, URL as href (escaped), the empty slot left out.
    expect(html).toContain(
      '<a href="https://reserve.example.jp/demo?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">ご予約はこちら</a>',
    );
    expect(html).toContain('href="https://cafe.example.jp/menu"');
    expect(html.match(/<li>/g)).toHaveLength(2);

    // Store details.
    expect(html).toContain('<th scope="row">店名</th><td>カフェ・ド・デモ</td>');
    expect(html).toContain('<th scope="row">住所</th><td>東京都渋谷区神南1-2-3</td>');
    expect(html).toContain('<a href="tel:0312345678">03-1234-5678</a>');
    expect(html).toContain("11:00〜20:00<br>（定休日：水曜）");
    expect(html).toContain(
      '<th scope="row">ホームページ</th><td><a href="https://cafe.example.jp/" target="_blank" rel="noopener noreferrer nofollow">https://cafe.example.jp/</a>',
    );

    // No maps key: a plain link searching for the address.
    expect(html).toContain(
      `href="https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent(AD.storeAddress)}"`,
    );
    expect(html).toContain("地図で場所を見る");
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("<script");
  });

  test("the page sends its own CSP and no-store, noindex, nosniff", async () => {
    const response = await postForm(api, AD);
    expect(response.headers.get("Content-Security-Policy")).toBe(PREVIEW_CSP);
    expect(PREVIEW_CSP).toBe(
      "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; frame-src https://www.google.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  test("a bearer token is neither needed nor looked at", async () => {
    const response = await postForm(api, AD, { Authorization: "Bearer not-a-token" });
    expect(response.status).toBe(200);
  });

  test("map parameters win over the address for the map", async () => {
    const html = await (await postForm(api, { ...AD, mapParameters: "35.66,139.70" })).text();
    expect(html).toContain("query=35.66%2C139.70");
    expect(html).not.toContain(`query=${encodeURIComponent(AD.storeAddress)}`);
  });

  test("no map at all without map parameters and address", async () => {
    const html = await (
      await postForm(api, { title: "タイトル", storeAddress: "", mapParameters: " " })
    ).text();
    expect(html).not.toContain("地図で場所を見る");
    expect(html).not.toContain("maps");
  });

  test("HTML in any field is shown as text", async () => {
    const evil = '<script>alert("x")</script>';
    const fields = Object.fromEntries(
      [
        "title",
        "body1",
        "link1Title",
        "storeName",
        "storeAddress",
        "storeTel",
        "businessHours",
        "mapParameters",
      ].map((f) => [f, evil]),
    );
    const html = await (
      await postForm(api, {
        ...fields,
        link1Url: 'https://example.jp/"><script>x</script>',
        image1: 'https://example.jp/a.jpg" onerror="alert(1)',
      })
    ).text();
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/ onerror=/);
    expect(html).toContain("<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h1>");
    expect(html).toContain(
      "<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; | お店News</title>",
    );
    expect(html).toContain(
      '<th scope="row">店名</th><td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td>',
    );
    // The URLs are normalised by the URL parser, so quotes and brackets cannot leave the attribute.
    expect(html).toContain('href="https://example.jp/%22%3E%3Cscript%3Ex%3C/script%3E"');
    expect(html).toContain('src="https://example.jp/a.jpg%22%20onerror=%22alert(1)"');
  });

  test("javascript:, data: and relative URLs are dropped from links, images and the homepage", async () => {
    const html = await (
      await postForm(api, {
        title: "危ない広告",
        image1: "javascript:alert(1)",
        body1: "本文1",
        image2: "data:image/svg+xml,<svg onload=alert(1)>",
        image3: "/media/relative.jpg",
        image4: " JaVaScRiPt:alert(1)",
        link1Title: "危ないリンク",
        link1Url: "javascript:alert(1)",
        link2Title: "タイトルだけ",
        link3Url: "vbscript:msgbox",
        storeName: "店",
        homepage: "javascript:alert(1)",
      })
    ).text();
    expect(html.toLowerCase()).not.toContain("javascript:");
    expect(html).not.toContain("data:image");
    expect(html).not.toContain("vbscript:");
    expect(html).not.toContain("relative.jpg");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("危ないリンク");
    expect(html).not.toContain("タイトルだけ");
    expect(html).not.toContain('class="ad-links"');
    expect(html).not.toContain("ホームページ");
    expect(html).toContain('<section class="ad-section"><p class="ad-body">本文1</p></section>');
  });

  test("multipart form data is read the same way", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(signed(AD))) form.append(key, value);
    const response = await api.app.request(PATH, {
      method: "POST",
      body: form,
      headers: { Origin: PORTAL, Cookie: `preview-visitor=${VISITOR}` },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>夏の新メニュー【カフェ・ド・デモ】</h1>");
    expect(html).toContain('src="https://news.example.jp/media/one.jpg"');
  });

  test("GET (a reloaded popup) answers a page saying there is nothing to preview", async () => {
    const response = await get(api.app, PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBe(PREVIEW_CSP);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain("プレビューする広告がありません。");
    expect(html).toContain("お店News");
  });

  test("an empty form answers the same page", async () => {
    const response = await postForm(api, { title: "", body1: "  " });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("プレビューする広告がありません。");
  });

  test("a body over 256 KiB is refused with 413 and a Japanese page", async () => {
    const big = { ...AD, body1: "あ".repeat(MAX_PREVIEW_BYTES) };
    // Streamed without a length, and announced by Content-Length: both are refused.
    for (const response of [
      await postForm(api, big),
      await postForm(api, big, {
        "Content-Length": String(new URLSearchParams(signed(big)).toString().length),
      }),
    ]) {
      expect(response.status).toBe(413);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain("送信された内容が大きすぎるため");
    }
    // Just under the limit is fine.
    const ok = await postForm(api, { title: "大きな本文", body1: "a".repeat(200 * 1024) });
    expect(ok.status).toBe(200);
  });

  test("a JSON body is not a form: 415", async () => {
    const response = await api.app.request(PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(AD),
    });
    expect(response.status).toBe(415);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });
});

describe("with a maps key and a site name configured", () => {
  let api: Api;
  beforeAll(async () => {
    api = await createTestApi({
      env: { MAPS_API_KEY: "test-key&x", SITE_NAME: "渋谷お店News", SITE_PREVIEW_SECRET: SECRET },
    });
  });
  afterAll(() => api.close());

  test("the store map is embedded at zoom 15 and the site name is shown", async () => {
    const html = await (await postForm(api, AD)).text();
    const q = encodeURIComponent(AD.storeAddress);
    expect(html).toContain(
      `<iframe class="ad-map" src="https://www.google.com/maps/embed/v1/place?key=test-key%26x&amp;q=${q}&amp;zoom=15"`,
    );
    expect(html).not.toContain("地図で場所を見る");
    expect(html).toContain("<title>夏の新メニュー【カフェ・ド・デモ】 | 渋谷お店News</title>");
    expect(html).toContain('<header class="site-header"><p>渋谷お店News</p></header>');
  });
});

test("config: SITE_NAME defaults to お店News, MAPS_API_KEY and SITE_PREVIEW_SECRET to none", async () => {
  const defaults = await loadApiConfig({});
  expect(defaults.siteName).toBe("お店News");
  expect(defaults.mapsApiKey).toBeNull();
  expect(defaults.sitePreviewSecret).toBeNull();
  const set = await loadApiConfig({ SITE_NAME: " 横浜お店News ", MAPS_API_KEY: "k" });
  expect(set.siteName).toBe("横浜お店News");
  expect(set.mapsApiKey).toBe("k");
});

describe("only what the portal signed is shown (finding 9)", () => {
  let api: Api;
  beforeAll(async () => {
    api = await createTestApi({ env: { SITE_PREVIEW_SECRET: SECRET } });
  });
  afterAll(() => api.close());

  test("a post without a signature is refused", async () => {
    await refused(await postForm(api, AD, {}, true));
  });

  test("any field changed after signing is refused, an added unknown field is ignored", async () => {
    const form = signed(AD);
    await refused(await postForm(api, { ...form, title: "偽のお知らせ" }, {}, true));
    await refused(await postForm(api, { ...form, link1Url: "https://evil.example/" }, {}, true));
    await refused(await postForm(api, { ...form, body5: "追加された本文" }, {}, true));
    await refused(
      await postForm(api, { ...form, expires: String(Number(form.expires) + 1) }, {}, true),
    );
    await refused(await postForm(api, { ...form, signature: form.signature!.slice(1) }, {}, true));
    const ignored = await postForm(api, { ...form, unrelated: "x" }, {}, true);
    expect(ignored.status).toBe(200);
  });

  test("a signature made with another key is refused", async () => {
    const forged = signPreview(AD, "guessed-secret", TEST_NOW, previewVisitorBinding(VISITOR));
    await refused(await postForm(api, forged, {}, true));
  });

  test("a signed post is shown until it expires, then refused", async () => {
    const form = signed(AD);
    api.setNow(new Date(TEST_NOW.getTime() + 600_000));
    expect((await postForm(api, form, {}, true)).status).toBe(200);
    api.setNow(new Date(TEST_NOW.getTime() + 601_000));
    await refused(await postForm(api, form, {}, true));
    api.setNow(TEST_NOW);
  });

  test("line breaks posted as CRLF (what browsers send) still match", async () => {
    const form = signed(AD);
    const crlf = Object.fromEntries(
      Object.entries(form).map(([k, v]) => [k, v.replace(/\n/g, "\r\n")]),
    );
    expect(crlf.body1).toContain("\r\n");
    expect((await postForm(api, crlf, {}, true)).status).toBe(200);
  });

  test("without a configured key every post is refused", async () => {
    const keyless = await createTestApi();
    try {
      await refused(await postForm(keyless, AD));
    } finally {
      await keyless.close();
    }
  });
});

describe("a signed form is shown only to its visitor, from the portal, for ten minutes (issue 28 #12)", () => {
  let api: Api;
  beforeAll(async () => {
    api = await createTestApi({ env: { SITE_PREVIEW_SECRET: SECRET } });
  });
  afterAll(() => api.close());

  test("the portal's own post, in the browser it was signed for, is shown", async () => {
    const response = await postForm(api, AD);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<h1>${AD.title}</h1>`);
    // `npm run api` beside the portal on another port of the same host (no PUBLIC_ORIGIN).
    const otherPort = await postForm(api, AD, { Origin: "http://localhost:3000" });
    expect(otherPort.status).toBe(200);
  });

  test("the same form replayed from another site, or without an Origin, is refused", async () => {
    const form = signed(AD);
    await refused(await postForm(api, form, { Origin: "https://evil.example" }, true));
    await refused(await postForm(api, form, { Origin: "http://localhost.evil.example" }, true));
    await refused(await postForm(api, form, { Origin: "http://evil.localhost" }, true));
    await refused(await postForm(api, form, { Origin: "null" }, true));
    const withoutOrigin = await api.app.request(PATH, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: `preview-visitor=${VISITOR}`,
      },
      body: new URLSearchParams(form).toString(),
    });
    await refused(withoutOrigin);
  });

  test("a form signed for one visitor is refused in another browser, or in one without the cookie", async () => {
    const theirs = signed(AD, "a".repeat(43));
    await refused(await postForm(api, theirs, {}, true));
    await refused(await postForm(api, theirs, { Cookie: "" }, true));
    // Rewriting the binding to the victim's breaks the signature.
    const rebound = { ...theirs, visitor: signed(AD).visitor! };
    await refused(await postForm(api, rebound, {}, true));
    // The attacker's own browser still sees it (nothing gained).
    expect(
      (await postForm(api, theirs, { Cookie: `preview-visitor=${"a".repeat(43)}` }, true)).status,
    ).toBe(200);
  });

  test("ten minutes after signing the form is refused; a longer-lived one was never ours", async () => {
    expect(PREVIEW_SIGNATURE_TTL_SECONDS).toBeLessThanOrEqual(600);
    const form = signed(AD);
    api.setNow(new Date(TEST_NOW.getTime() + 600_000));
    try {
      expect((await postForm(api, form, {}, true)).status).toBe(200);
      api.setNow(new Date(TEST_NOW.getTime() + 601_000));
      await refused(await postForm(api, form, {}, true));
    } finally {
      api.setNow(TEST_NOW);
    }
    const hourLong = signPreview(AD, SECRET, TEST_NOW, previewVisitorBinding(VISITOR), 3600);
    await refused(await postForm(api, hourLong, {}, true));
  });

  test("with PUBLIC_ORIGIN, the Origin must be exactly it, and the cookie is the __Host- one", async () => {
    const portal = "https://portal.example.jp";
    const onHttps = await createTestApi({
      env: { SITE_PREVIEW_SECRET: SECRET, PUBLIC_ORIGIN: `${portal}/` },
    });
    try {
      const form = signed(AD);
      const hostCookie = `__Host-preview-visitor=${VISITOR}`;
      const ok = await postForm(onHttps, form, { Origin: portal, Cookie: hostCookie }, true);
      expect(ok.status).toBe(200);
      await refused(
        await postForm(
          onHttps,
          form,
          { Origin: "http://portal.example.jp", Cookie: hostCookie },
          true,
        ),
      );
      await refused(await postForm(onHttps, form, { Origin: PORTAL, Cookie: hostCookie }, true));
      // A cookie without the prefix may have been planted by a sibling host: not accepted.
      await refused(
        await postForm(
          onHttps,
          form,
          { Origin: portal, Cookie: `preview-visitor=${VISITOR}` },
          true,
        ),
      );
    } finally {
      await onHttps.close();
    }
  });
});
