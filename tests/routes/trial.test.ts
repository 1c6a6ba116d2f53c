// The trial screens as the browser gets them from the real server (production build): the form's
// markup rules of SPEC §2 (必須 markers, input types, the honeypot, the key before the files),
// and TrialComplete / TrialError, with and without the trailing slash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyPng } from "../../api/testing/images";
import { startStack, type Stack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

async function page(path: string) {
  const response = await stack.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The input (or select) named `name`, and the label pointing at it. */
function control(html: string, name: string) {
  const input = new RegExp(`<(input|select)[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no control named ${name}`);
  const id = /id="([^"]+)"/.exec(input)?.[1];
  const label = new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`).exec(html);
  return {
    input,
    labelText: label?.[1],
    marked: / class="[^"]*\brequired\b/.test(label?.[0] ?? ""),
    required: /\srequired=""/.test(input),
  };
}

describe("TrialIndex", () => {
  it.each(["/trial/", "/trial"])("%s is the form, in the full-page layout", async (path) => {
    const html = await page(path);
    expect(html).toContain(
      "<title>号外NET お店News 提案原稿入稿フォーム | お店News 広告管理</title>",
    );
    expect(html).toContain('class="page full-page"');
    expect(html).toMatch(/<form[^>]*encType="multipart\/form-data"/);
  });

  it("marks 必須 on the seven registration fields; 番地・建物名 is required without the marker", async () => {
    const html = await page("/trial/");
    const marked = [
      "email",
      "companyName",
      "personInCharge",
      "tel",
      "zipCode",
      "prefecture",
      "city",
    ];
    for (const name of marked) {
      const field = control(html, name);
      expect(field, name).toMatchObject({ marked: true, required: true });
    }
    expect(control(html, "email").labelText).toBe("ログイン用メールアドレス");
    expect(control(html, "address")).toMatchObject({
      labelText: "番地・建物名",
      marked: false,
      required: true,
    });
    expect(control(html, "email").input).toContain('type="email"');
    expect(control(html, "tel").input).toContain('type="tel"');
    expect(html).toContain("掲載広告には別名称を使用できます。");
  });

  it("hides the honeypot from people and from the accessibility tree; the key and it precede the files", async () => {
    const html = await page("/trial/");
    const honeypot = /<div hidden="">(?:(?!<\/div>).)*<\/div>/.exec(html)?.[0] ?? "";
    const fax = /<input[^>]*name="fax"[^>]*>/.exec(honeypot)?.[0] ?? "";
    expect(fax).toContain('tabindex="-1"');
    expect(fax).toMatch(/autoComplete="off"/i);
    const key = /<input type="hidden" name="trialKey" value="([^"]*)"/.exec(html)?.[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const firstFile = html.indexOf('type="file"');
    expect(html.indexOf('name="trialKey"')).toBeLessThan(firstFile);
    expect(html.indexOf('name="fax"')).toBeLessThan(firstFile);
    // Each page gets its own key.
    const again = /name="trialKey" value="([^"]*)"/.exec(await page("/trial/"))?.[1];
    expect(again).not.toBe(key);
  });

  it("a logged-in advertiser is sent to Login", async () => {
    const shop = await stack.tokens("shop@example.com", "shop-password");
    const response = await stack.fetch("/trial/", {
      headers: { Cookie: stack.cookieFor({ main: shop }) },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("TrialComplete and TrialError", () => {
  it.each(["/trial/complete/", "/trial/complete"])("%s says the mail was sent", async (path) => {
    const html = await page(`${path}?id=12`);
    expect(html).toContain("お申し込みを受け付けました。");
    expect(html).toContain("ご登録のメールアドレスに確認のメールをお送りしました。");
    expect(html).toContain("申込ID: 000012");
    expect(html).toContain('href="/"');
    expect(html).toContain('class="page full-page"');
  });

  it("shows no 申込ID without a plain id", async () => {
    expect(await page("/trial/complete/")).not.toContain("申込ID");
    expect(await page("/trial/complete/?id=%3Cb%3E")).not.toContain("申込ID");
  });

  it.each(["/trial/error/", "/trial/error"])(
    "%s: すでに登録済みです, ログインページへ",
    async (path) => {
      const html = await page(path);
      expect(html).toContain("<title>すでに登録済みです | お店News 広告管理</title>");
      expect(html).toMatch(/<h1[^>]*>すでに登録済みです<\/h1>/);
      expect(html).toContain("ご入力のメールアドレスはすでに登録されています。");
      expect(html).toMatch(/<a[^>]*href="\/"[^>]*>ログインページへ<\/a>/);
      expect(html).toContain('class="page full-page"');
    },
  );
});

describe("TrialError keeps the draft for ログインして続ける (issue 30)", () => {
  /** The trial form's 次へ with one image and an address already registered. */
  async function nextWithTakenAddress(title: string) {
    const key = /name="trialKey" value="([^"]*)"/.exec(await page("/trial/"))![1]!;
    const form = new FormData();
    const fields: Record<string, string> = {
      trialKey: key,
      fax: "",
      title,
      body1: "お試しフォームの本文です。",
      eyecatchIndex: "1",
      storeName: "トライアル食堂",
      storeAddress: "東京都渋谷区神南1-2-3",
      storeTel: "03-5555-6666",
      email: "shop@example.com",
      companyName: "既存の会社",
      personInCharge: "試用 太郎",
      tel: "03-7777-8888",
      zipCode: "1500041",
      prefecture: "東京都",
      city: "渋谷区",
      address: "神南1-2-3",
      intent: "next",
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(
      "image1File",
      new Blob([new Uint8Array(tinyPng(64, 48))], { type: "image/png" }),
      "a.png",
    );
    return stack.fetch("/trial/", { method: "POST", headers: { Origin: stack.base }, body: form });
  }
  const draftCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("trial-draft="))
      ?.split(";")[0];

  it("the draft becomes the logged-in advertiser's ad on 広告を作成する, its image claimed; once", async () => {
    const title = "続きから作る広告";
    const next = await nextWithTakenAddress(title);
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/trial/error/");
    const draft = draftCookieOf(next)!;
    expect(draft).toMatch(/^trial-draft=[\w-]{32}$/);

    const anonymous = await (
      await stack.fetch("/trial/error/", { headers: { Cookie: draft } })
    ).text();
    expect(anonymous).toContain("すでに登録済みです");
    expect(anonymous).toMatch(
      /<a[^>]*href="\/\?redirectTo=%2Ftrial%2Ferror%2F"[^>]*>ログインして続ける<\/a>/,
    );
    // Without the cookie (another browser): only the login page, as before.
    expect(await page("/trial/error/")).not.toContain("ログインして続ける");

    const shop = await stack.tokens("shop@example.com", "shop-password");
    const cookie = `${stack.cookieFor({ main: shop })}; ${draft}`;
    const loggedIn = await (
      await stack.fetch("/trial/error/", { headers: { Cookie: cookie } })
    ).text();
    expect(loggedIn).toContain(`「${title}」`);
    expect(loggedIn).toContain("広告を作成する");

    const create = (body: string) => stack.postForm("/trial/error/", cookie, body);
    const created = await create("intent=create");
    expect(created.status).toBe(302);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/advertiser\/advertisements\/\d+\/publishment$/);
    expect(draftCookieOf(created)).toBe("trial-draft=");
    const ad = await fetch(`${stack.base}/api/adv/posts/${location.split("/")[3]}`, {
      headers: { Authorization: `Bearer ${shop.token}`, Accept: "application/ld+json" },
    });
    const post = (await ad.json()) as { title: string; image1: { contentUrl: string } | null };
    expect(post.title).toBe(title);
    expect(post.image1?.contentUrl).toMatch(/^\/media\//);

    // The same draft again (a second press, a replayed post): nothing more is made.
    const again = await create("intent=create");
    expect(again.headers.get("location")).toBe("/advertiser/advertisements/new");
  });

  it("its action is the advertiser's: an anonymous post goes to Login", async () => {
    const response = await stack.fetch("/trial/error/", {
      method: "POST",
      headers: { Origin: stack.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=create",
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe("/");
  });
});

describe("a portrait photo on the trial form (issue 30)", () => {
  it("is cropped into the trial's uploads and said beside its field, with the round's errors", async () => {
    const key = /name="trialKey" value="([^"]*)"/.exec(await page("/trial/"))![1]!;
    const form = new FormData();
    const fields: Record<string, string> = {
      trialKey: key,
      fax: "",
      title: "縦長の写真の広告",
      body1: "お試しフォームの本文です。",
      eyecatchIndex: "1",
      storeName: "トライアル食堂",
      storeAddress: "東京都渋谷区神南1-2-3",
      storeTel: "03-5555-6666",
      email: `portrait-${Date.now()}@example.com`,
      intent: "next",
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(
      "image1File",
      new Blob([new Uint8Array(tinyPng(300, 600))], { type: "image/png" }),
      "tall.png",
    );
    const response = await stack.fetch("/trial/", {
      method: "POST",
      headers: { Origin: stack.base },
      body: form,
    });
    // The registration fields are left empty: their errors and the notice come in one round.
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("エラーがあります。入力内容をご確認ください。");
    expect(html).toContain(
      "縦長の画像だったため、中央を横長に切り抜きました。別の部分を使う場合は、横長に編集した画像を選び直してください。",
    );
    expect(html).toMatch(/name="image1" value="\/api\/adv\/media_objects\/\d+"/);
    expect(html).toContain('value="縦長の写真の広告"');
    expect(html).not.toContain("アップロードに失敗しました");
  });
});
