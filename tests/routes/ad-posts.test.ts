// Ad writing through the real server: multipart forms whose images go through the BFF to the
// upstream, per-field upload errors, the instant-upload route, copy and edit of one's own ads only,
// and the re-review an edit of an applied ad starts.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adForm, startStack, type Stack, multipart, pngBlob as png } from "./stack";

let stack: Stack;
const cookies: Record<string, string> = {};
let shopToken = "";

beforeAll(async () => {
  stack = await startStack();
  const shop = await stack.tokens("shop@example.com", "shop-password");
  const admin = await stack.tokens("admin@example.com", "admin-password");
  shopToken = shop.token;
  cookies.shop = stack.cookieFor({ main: shop });
  cookies.admin = stack.cookieFor({ main: admin });
});
afterAll(async () => {
  await stack?.close();
});

const NOT_AN_IMAGE = new Blob(["not an image"], { type: "image/png" });
const CROPPED =
  "縦長の画像だったため、中央を横長に切り抜きました。別の部分を使う場合は、横長に編集した画像を選び直してください。";

const AD = adForm("冬の限定ラテ", "寒い日に温まる一杯です。");

const post = (path: string, cookie: string | undefined, body: FormData) =>
  stack.postForm(path, cookie, body);

const apiGet = (path: string) => stack.apiGet(path, shopToken);

describe("the instant upload route", () => {
  it("stores a landscape image and answers its reference and URL", async () => {
    const response = await post("/uploads", cookies.shop, multipart({}, { file: png(40, 30) }));
    expect(response.status).toBe(201);
    const result = (await response.json()) as { ok: boolean; "@id": string; contentUrl: string };
    expect(result.ok).toBe(true);
    expect(result["@id"]).toMatch(/^\/api\/adv\/media_objects\/\d+$/);
    const image = await stack.fetch(result.contentUrl);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("answers the upstream's refusal as the upload-failed message", async () => {
    const response = await post("/uploads", cookies.shop, multipart({}, { file: NOT_AN_IMAGE }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      ok: false,
      message:
        "アップロードに失敗しました。画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。",
    });
  });

  it("stores a portrait image's 4:3 centre crop and says so (issue 30)", async () => {
    const response = await post("/uploads", cookies.shop, multipart({}, { file: png(300, 600) }));
    expect(response.status).toBe(201);
    const result = (await response.json()) as { ok: boolean; contentUrl: string; notice: string };
    expect(result).toMatchObject({ ok: true, notice: CROPPED });
    const stored = await stack.fetch(result.contentUrl);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "png", width: 300, height: 225 });
  });

  it("refuses more than 10 MB itself", async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/png" });
    const response = await post("/uploads", cookies.shop, multipart({}, { file: big }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toContain("10MB以下");
  });

  it("needs a login (said in JSON, for the field to show); administrators may upload too", async () => {
    const anonymous = await post("/uploads", undefined, multipart({}, { file: png(40, 30) }));
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toContain(
      "ログインし直してください",
    );
    const admin = await post("/uploads", cookies.admin, multipart({}, { file: png(40, 30) }));
    expect(admin.status).toBe(201);
  });
});

describe("creating an ad with the files in the form (no JavaScript)", () => {
  it("uploads each image, creates the ad and goes on to the application", async () => {
    const response = await post(
      "/advertiser/advertisements/new",
      cookies.shop,
      multipart(
        { ...AD, body2: "二枚目の説明", eyecatchIndex: "2", intent: "submit" },
        { image1File: png(40, 30), image2File: png(30, 30) },
      ),
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/advertiser\/advertisements\/\d+\/publishment$/);
    const id = location.split("/")[3];
    const ad = await apiGet(`/api/adv/posts/${id}`);
    expect(ad.title).toBe("冬の限定ラテ");
    const image2 = ad.image2 as { "@id": string };
    expect((ad.eyeCatch as { "@id": string })["@id"]).toBe(image2["@id"]);
    expect(ad.image3).toBeNull();
  });

  it("uploads all five images of one post", async () => {
    const files = { image1File: png(40, 30), image2File: png(30, 30), image3File: png(50, 30) };
    const more = { image4File: png(60, 40), image5File: png(80, 60) };
    const response = await post(
      "/advertiser/advertisements/new",
      cookies.shop,
      multipart({ ...AD, eyecatchIndex: "5", intent: "submit" }, { ...files, ...more }),
    );
    expect(response.status).toBe(302);
    const id = response.headers.get("location")!.split("/")[3];
    const ad = await apiGet(`/api/adv/posts/${id}`);
    const images = [1, 2, 3, 4, 5].map((n) => (ad[`image${n}`] as { "@id": string })["@id"]);
    expect(new Set(images).size).toBe(5);
    expect((ad.eyeCatch as { "@id": string })["@id"]).toBe(images[4]);
  });

  it("keeps the good upload and every value when one image is refused", async () => {
    const response = await post(
      "/advertiser/advertisements/new",
      cookies.shop,
      multipart({ ...AD, intent: "submit" }, { image1File: png(40, 30), image2File: NOT_AN_IMAGE }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("エラーがあります。入力内容をご確認ください。");
    expect(html).toContain(
      "アップロードに失敗しました。画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。",
    );
    expect(html).toMatch(/name="image1" value="\/api\/adv\/media_objects\/\d+"/);
    expect(html).toContain('value="冬の限定ラテ"');
  });

  it("a portrait image is cropped, and the form comes back once to show it (issue 30)", async () => {
    const before = await apiGet("/api/adv/posts?itemsPerPage=1000");
    expect(before["hydra:totalItems"]).toEqual(expect.any(Number));
    const response = await post(
      "/advertiser/advertisements/new",
      cookies.shop,
      multipart({ ...AD, intent: "submit" }, { image1File: png(300, 600) }),
    );
    // Nothing wrong, nothing saved yet: the input phase with the cropped image and the notice.
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(CROPPED);
    expect(html).not.toContain("エラーがあります");
    expect(html).toContain('value="冬の限定ラテ"');
    const image1 = /name="image1" value="(\/api\/adv\/media_objects\/\d+)"/.exec(html)![1]!;
    const url = /name="image1Url" value="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`<img src="${url}" alt="画像1"`);
    const meta = await sharp(Buffer.from(await (await stack.fetch(url)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 300, height: 225 });
    expect((await apiGet("/api/adv/posts?itemsPerPage=1000"))["hydra:totalItems"]).toBe(
      before["hydra:totalItems"],
    );

    // Sent again as it came back: the ad is saved with the cropped image.
    const again = await post(
      "/advertiser/advertisements/new",
      cookies.shop,
      multipart({ ...AD, image1, image1Url: url, intent: "submit" }),
    );
    expect(again.status).toBe(302);
    const id = /\/advertiser\/advertisements\/(\d+)\//.exec(again.headers.get("location")!)![1];
    expect(((await apiGet(`/api/adv/posts/${id}`)).image1 as { "@id": string })["@id"]).toBe(
      image1,
    );
  });

  it("an eye-catch chosen on an empty slot follows the first image, so the ad saves", async () => {
    const response = await post(
      "/advertiser/advertisements/new",
      cookies.shop,
      multipart({ ...AD, eyecatchIndex: "3", intent: "submit" }, { image1File: png(40, 30) }),
    );
    expect(response.status).toBe(302);
    const id = /\/advertiser\/advertisements\/(\d+)\//.exec(response.headers.get("location")!)![1];
    const { token } = await stack.tokens("shop@example.com", "shop-password");
    const saved = await (
      await stack.fetch(`/api/adv/posts/${id}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    const iriOf = (v: unknown) => (typeof v === "string" ? v : (v as { "@id": string })["@id"]);
    expect(iriOf(saved.eyeCatch)).toBe(iriOf(saved.image1));
  });

  it("a ticked delete empties the slot", async () => {
    const upload = (await (
      await post("/uploads", cookies.shop, multipart({}, { file: png(40, 30) }))
    ).json()) as { "@id": string; contentUrl: string };
    const response = await post(
      "/advertiser/advertisements/new",
      cookies.shop,
      multipart({
        ...AD,
        image1: upload["@id"],
        image1Url: upload.contentUrl,
        image1Delete: "on",
        intent: "submit",
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("画像1を登録してください。");
  });
});

describe("copy and edit reach only one's own ads", () => {
  it("copying or editing another advertiser's ad is not found", async () => {
    const headers = { Cookie: cookies.shop! };
    // Demo ad 11 belongs to the other advertiser.
    expect((await stack.fetch("/advertiser/advertisements/new?from=11", { headers })).status).toBe(
      404,
    );
    expect((await stack.fetch("/advertiser/advertisements/11/edit", { headers })).status).toBe(404);
    const response = await post(
      "/advertiser/advertisements/11/edit",
      cookies.shop,
      multipart({ ...AD, intent: "submit" }),
    );
    expect(response.status).toBe(404);
  });

  it("a copy starts from the ad's content and images", async () => {
    const html = await (
      await stack.fetch("/advertiser/advertisements/new?from=2", {
        headers: { Cookie: cookies.shop! },
      })
    ).text();
    expect(html).toContain("申込ID 000002 の広告をコピーしました。");
    expect(html).toMatch(/name="image1" value="\/api\/adv\/media_objects\/\d+"/);
  });

  it("saving an applied ad sends it back to review", async () => {
    const before = await apiGet("/api/adv/posts/2");
    const order = before.publishmentOrder as { publishmentStatus: string };
    expect(order.publishmentStatus).not.toBe("reapplying");
    const fields: Record<string, string> = {
      ...AD,
      image1: (before.image1 as { "@id": string })["@id"],
      intent: "submit",
    };
    const response = await post(
      "/advertiser/advertisements/2/edit",
      cookies.shop,
      multipart(fields),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/advertiser/advertisements/2/edit/complete");
    const after = await apiGet("/api/adv/posts/2");
    expect(after.title).toBe("冬の限定ラテ");
    expect((after.publishmentOrder as { publishmentStatus: string }).publishmentStatus).toBe(
      "reapplying",
    );
  });

  it("the confirm phase previews the ad frame and page before anything is saved", async () => {
    const before = await apiGet("/api/adv/posts/3");
    const response = await post(
      "/advertiser/advertisements/3/edit",
      cookies.shop,
      multipart({
        ...AD,
        title: "確認だけのタイトル",
        image1: (before.image1 as { "@id": string })["@id"],
        intent: "next",
      }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("広告枠のプレビュー");
    expect(html).toContain("確認だけのタイトル【カフェ・ド・デモ】");
    expect((await apiGet("/api/adv/posts/3")).title).toBe(before.title);

    // The news site's preview button carries the typed ad, signed for this browser's preview
    // cookie (set with the page): the site shows exactly that.
    const fields = previewFormFields(html);
    expect(fields.title).toBe("確認だけのタイトル【カフェ・ド・デモ】");
    const shown = await postPreview(fields, previewCookieOf(response));
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("<h1>確認だけのタイトル【カフェ・ド・デモ】</h1>");
  });
});

/** The hidden fields of the page's news-site preview form (action="/site/preview"). */
function previewFormFields(html: string): Record<string, string> {
  const form = /<form method="post" action="\/site\/preview"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  expect(form, "the page has a preview form").toBeTruthy();
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const [, name, value] of form![1]!.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g,
  )) {
    fields[name!] = decode(value!);
  }
  return fields;
}

/** The browser's preview cookie a page response set ("name=value"). */
function previewCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith("preview-visitor="));
  expect(cookie, "the page sets the preview cookie").toBeTruthy();
  expect(cookie).toMatch(/; HttpOnly; SameSite=Strict$/);
  return cookie!.split(";")[0]!;
}

/** The preview button's post: from the portal's page, in the browser holding `cookie`. */
const postPreview = (fields: Record<string, string>, cookie: string, origin: string = stack.base) =>
  stack.fetch("/site/preview", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      Cookie: cookie,
    },
    body: new URLSearchParams(fields),
  });

describe("the news site's preview form on the ad detail", () => {
  it("carries an expiry and a signature the embedded site accepts; altered, it is refused", async () => {
    const response = await stack.fetch("/advertiser/advertisements/3", {
      headers: { Cookie: cookies.shop! },
    });
    const cookie = previewCookieOf(response);
    const fields = previewFormFields(await response.text());
    expect(Number(fields.expires) - Date.now() / 1000).toBeLessThanOrEqual(600);
    expect(fields.visitor).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fields.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const shown = await postPreview(fields, cookie);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(`<h1>${fields.title}</h1>`);

    const altered = await postPreview({ ...fields, title: "別の店の偽ページ" }, cookie);
    expect(altered.status).toBe(403);
    const unsigned = await postPreview({ title: "署名のないページ" }, cookie);
    expect(unsigned.status).toBe(403);
  });

  it("replayed from another site, or in another browser, the signed form is refused (issue 28 #12)", async () => {
    const response = await stack.fetch("/advertiser/advertisements/3", {
      headers: { Cookie: cookies.shop! },
    });
    const cookie = previewCookieOf(response);
    const fields = previewFormFields(await response.text());
    expect((await postPreview(fields, cookie, "https://evil.example")).status).toBe(403);
    expect((await postPreview(fields, `preview-visitor=${"x".repeat(43)}`)).status).toBe(403);
    expect((await postPreview(fields, "")).status).toBe(403);
    // A page seen again in the same browser keeps its cookie: no new one is set.
    const again = await stack.fetch("/advertiser/advertisements/3", {
      headers: { Cookie: `${cookies.shop!}; ${cookie}` },
    });
    expect(again.headers.getSetCookie().some((c) => c.startsWith("preview-visitor="))).toBe(false);
    const fresh = previewFormFields(await again.text());
    expect(fresh.visitor).toBe(fields.visitor);
    expect((await postPreview(fresh, cookie)).status).toBe(200);
  });
});

describe("extending a publication", () => {
  const form = (path: string, fields: Record<string, string>) =>
    stack.postForm(path, cookies.shop!, fields);
  const postCount = async () =>
    (await apiGet("/api/adv/posts?itemsPerPage=1"))["hydra:totalItems"] as number;

  it("copies nothing until the application is sent; 送信 copies the ad and applies for the copy", async () => {
    const before = await postCount();
    // 掲載を延長する is a link to the extended ad's own form; an old page's POST lands there too.
    const html = await (
      await stack.fetch("/advertiser/advertisements/4", { headers: { Cookie: cookies.shop! } })
    ).text();
    expect(html).toContain('href="/advertiser/advertisements/4/publishment?nextto=4"');
    const legacy = await form("/advertiser/advertisements/4", { intent: "extend" });
    expect(legacy.headers.get("location")).toBe(
      "/advertiser/advertisements/4/publishment?nextto=4",
    );

    const page = await stack.fetch("/advertiser/advertisements/4/publishment?nextto=4", {
      headers: { Cookie: cookies.shop! },
    });
    const opened = await page.text();
    expect(opened).toContain("の掲載延長です。");
    expect(opened).not.toContain("すでに掲載を申し込んでいます");
    // 次へ checks the choices, still without a copy (the extended ad's own order is no error).
    const start = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const choices = {
      region: "/api/adv/publishment_regions/1",
      locality: "/api/adv/publishment_localities/1",
      course: "/api/adv/publishment_courses/1",
      publishesAt: start,
    };
    const next = await form("/advertiser/advertisements/4/publishment?nextto=4", {
      ...choices,
      intent: "next",
    });
    expect(next.status).toBe(200);
    expect(await next.text()).not.toContain("すでに申し込み済み");
    expect(await postCount()).toBe(before);

    const submit = await form("/advertiser/advertisements/4/publishment?nextto=4", {
      ...choices,
      intent: "submit",
    });
    expect(submit.status).toBe(302);
    const location = submit.headers.get("location")!;
    expect(location).toMatch(/^\/advertiser\/advertisements\/\d+\/publishment\/complete$/);
    const copyId = location.split("/")[3]!;
    expect(copyId).not.toBe("4");
    expect(await postCount()).toBe(before + 1);
    const original = await apiGet("/api/adv/posts/4");
    const copy = await apiGet(`/api/adv/posts/${copyId}`);
    expect(copy.title).toBe(original.title);
    expect((copy.publishmentOrder as { publishesAt: string }).publishesAt).toContain(start);
  });
});
