// Account screens through the real server: the temporary-password detour, secrets never echoed,
// and what an impersonating administrator may not do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";
import { EMAIL_CHANGE_IMPERSONATED_MESSAGE } from "../../app/domain/labels";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const cookieOf = (response: Response) => response.headers.get("set-cookie")!.split(";")[0]!;

/** Posts the registration form (次へ): valid fields but for `fields`. */
const register = (fields: Record<string, string>) =>
  stack.postForm("/advertiser/new", undefined, {
    intent: "next",
    newPassword: "long-enough-1",
    newPasswordConfirm: "long-enough-1",
    personInCharge: "田中",
    tel: "03-1234-5678",
    zipCode: "1500001",
    prefecture: "東京都",
    city: "渋谷区",
    address: "1-1",
    ...fields,
  });

describe("a temporary password", () => {
  it("sends the advertiser to the password page until it is changed", async () => {
    // The administrator resets the password (SPEC §7 PATCH {owner}/update_password).
    const admin = await stack.tokens("admin@example.com", "admin-password");
    const other = await stack.tokens("other@example.com", "other-password");
    const loginId = JSON.parse(Buffer.from(other.token.split(".")[1]!, "base64url").toString())
      .user_login_id as number;
    const reset = await fetch(`${stack.base}/api/adv/user_logins/${loginId}/update_password`, {
      method: "PATCH",
      headers: {
        Authorization: `Bearer ${admin.token}`,
        "Content-Type": "application/merge-patch+json",
      },
      body: JSON.stringify({ newPassword: "temporary-123", newPasswordConfirm: "temporary-123" }),
    });
    expect(reset.status).toBe(200);

    const login = await stack.postForm("/?index", undefined, {
      email: "other@example.com",
      password: "temporary-123",
    });
    let cookie = cookieOf(login);
    const home = await stack.fetch("/advertiser", { headers: { Cookie: cookie } });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/advertiser/password");
    cookie = cookieOf(home);

    const page = await stack.fetch("/advertiser/password", { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("パスワードの変更が必要です");
    cookie = page.headers.get("set-cookie") ? cookieOf(page) : cookie;

    const change = {
      oldPassword: "temporary-123",
      newPassword: "my-own-password",
      newPasswordConfirm: "my-own-password",
    };
    const confirm = await stack.postForm("/advertiser/password", cookie, {
      intent: "next",
      ...change,
    });
    const confirmHtml = await confirm.text();
    expect(confirm.status).toBe(200);
    expect(confirmHtml).not.toContain("my-own-password");
    expect(confirmHtml).not.toContain("temporary-123");
    const done = await stack.postForm("/advertiser/password", cookie, {
      intent: "submit",
      ...change,
    });
    expect(done.headers.get("location")).toBe("/advertiser/password/complete");

    const after = await stack.fetch("/advertiser", { headers: { Cookie: cookie } });
    expect(after.status).toBe(200);
  });
});

describe("secrets are never echoed", () => {
  it("a failed registration keeps the values but not the passwords", async () => {
    const response = await register({
      email: "echo@example.com",
      newPassword: "secret-echo-1",
      newPasswordConfirm: "secret-echo-2",
      companyName: "エコー商店",
      personInCharge: "山本",
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain("エラーがあります。入力内容をご確認ください。");
    expect(html).toContain("パスワードが一致しません。");
    expect(html).toContain('value="エコー商店"');
    expect(html).toContain('value="echo@example.com"');
    expect(html).not.toContain("secret-echo-1");
    expect(html).not.toContain("secret-echo-2");
  });

  it("upstream violations land beside the right field", async () => {
    const response = await register({ email: "SHOP@example.com", companyName: "重複商店" });
    const html = await response.text();
    expect(response.status).toBe(422);
    expect(html).toMatch(/id="[^"]*email-error"[^>]*>このメールアドレスは既に登録されています。/);
  });
});

describe("control characters (finding 28.8)", () => {
  it("a NUL typed into the registration lands beside its field, not on an error page", async () => {
    const response = await register({ email: "nul@example.com", companyName: "ヌル\u0000商店" });
    const html = await response.text();
    expect(response.status).toBe(422);
    expect(html).toMatch(/id="[^"]*companyName-error"[^>]*>使用できない文字が含まれています。/);
  });
});

describe("an impersonating administrator", () => {
  it("cannot open the password page, and My Page offers no link to it", async () => {
    const admin = await stack.tokens("admin@example.com", "admin-password");
    const shop = await stack.switchUser(admin, "shop@example.com");
    const cookie = stack.cookieFor({ main: admin, impersonation: shop });
    const page = await stack.fetch("/advertiser/password", { headers: { Cookie: cookie } });
    expect(page.headers.get("location")).toBe("/advertiser");
    const home = await (await stack.fetch("/advertiser", { headers: { Cookie: cookie } })).text();
    expect(home).not.toContain('href="/advertiser/password"');
    expect(home).toContain("パスワードの変更");
  });

  it("cannot change the e-mail: the page and its post say why, no form; My Page offers no link", async () => {
    const admin = await stack.tokens("admin@example.com", "admin-password");
    const shop = await stack.switchUser(admin, "shop@example.com");
    const cookie = stack.cookieFor({ main: admin, impersonation: shop });

    const page = await stack.fetch("/advertiser/email", { headers: { Cookie: cookie } });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain(EMAIL_CHANGE_IMPERSONATED_MESSAGE);
    expect(html).not.toContain('name="newEmail"');

    for (const intent of ["next", "submit"]) {
      const post = await stack.postForm("/advertiser/email", cookie, {
        intent,
        newEmail: "taken-over@example.com",
      });
      expect(post.status).toBe(403);
      expect(await post.text()).toContain(EMAIL_CHANGE_IMPERSONATED_MESSAGE);
    }
    // The advertiser still logs in with its own address.
    expect((await stack.tokens("shop@example.com", "shop-password")).token).toBeTruthy();

    const home = await (await stack.fetch("/advertiser", { headers: { Cookie: cookie } })).text();
    expect(home).not.toContain('href="/advertiser/email"');
    expect(home).toContain("メールアドレスの変更");
  });
});

describe("the prefecture goes by name (SPEC §3: by name, chosen from a list)", () => {
  const details = {
    companyName: "カフェ・ド・デモ株式会社",
    personInCharge: "鈴木 一郎",
    tel: "03-1111-2222",
    zipCode: "1500001",
    city: "大阪市",
    address: "北区1-1",
  };

  it("registration and the trial offer the prefectures by name", async () => {
    for (const path of ["/advertiser/new", "/trial/"]) {
      const html = await (await stack.fetch(path)).text();
      expect(html, path).toContain('<option value="東京都">東京都</option>');
      expect(html, path).not.toContain('value="/api/adv/prefectures/');
    }
  });

  it("the advertiser's edit shows the saved one selected and saves the chosen name", async () => {
    const shop = await stack.tokens("shop@example.com", "shop-password");
    const cookie = stack.cookieFor({ main: shop });
    const page = await (
      await stack.fetch("/advertiser/edit", { headers: { Cookie: cookie } })
    ).text();
    expect(page).toMatch(/<option value="東京都" selected="">東京都<\/option>/);

    const next = await stack.postForm("/advertiser/edit", cookie, {
      ...details,
      prefecture: "大阪府",
      intent: "next",
    });
    expect(next.status).toBe(200);
    const submit = await stack.postForm("/advertiser/edit", cookie, {
      ...details,
      prefecture: "大阪府",
      intent: "submit",
    });
    expect(submit.status).toBe(302);
    const client = await fetch(`${stack.base}/api/adv/clients/1`, {
      headers: { Authorization: `Bearer ${shop.token}`, Accept: "application/ld+json" },
    });
    expect((await client.json()).prefecture).toMatchObject({ name: "大阪府" });
  });

  it("a name the upstream does not know comes back beside the field", async () => {
    const shop = await stack.tokens("shop@example.com", "shop-password");
    const cookie = stack.cookieFor({ main: shop });
    const response = await stack.postForm("/advertiser/edit", cookie, {
      ...details,
      prefecture: "大阪",
      intent: "next",
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(
      /id="[^"]*prefecture-error"[^>]*>正しい選択肢ではありません。/,
    );
  });
});
