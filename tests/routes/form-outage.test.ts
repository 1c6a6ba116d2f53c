// ARCHITECTURE §4: an upstream outage on a form keeps what the user typed. Through the real
// server (production build) with an upstream that is down: the form comes back in its phase with
// every value and the banner, never as the 503 page, with JS off (one request renders the reply).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_FIELDS, pngBlob, startPortalOnly, type PortalOnly } from "./stack";
import { CHECK_FAILED_MESSAGE, SAVE_FAILED_MESSAGE } from "../../app/.server/forms";

let portal: PortalOnly;
beforeAll(async () => {
  portal = await startPortalOnly();
});
afterAll(() => portal.close());

async function post(pathname: string, fields: Record<string, string>, withCookie = true) {
  const cookie = withCookie ? await portal.advertiserCookie() : undefined;
  const response = await portal.postForm(pathname, cookie, fields);
  return { status: response.status, html: await response.text() };
}

/** The reply is the form, not the error page. */
function expectForm(html: string, banner: string) {
  expect(html).toContain(banner);
  expect(html).not.toContain("ただいま接続できません");
  expect(html).not.toMatch(/at .+\.(js|ts):\d+/);
}

const contact = CONTACT_FIELDS;

const kept = (html: string, values: Record<string, string>) => {
  for (const value of Object.values(values)) expect(html).toContain(`value="${value}"`);
};

describe("registration (anonymous)", () => {
  const entry = {
    ...contact,
    email: "typed@example.com",
    newPassword: "typed-secret-1",
    newPasswordConfirm: "typed-secret-1",
  };

  it("次へ: the input phase with every value but the passwords, and the banner", async () => {
    const { status, html } = await post("/advertiser/new", { intent: "next", ...entry }, false);
    expect(status).toBe(503);
    expectForm(html, CHECK_FAILED_MESSAGE);
    kept(html, { ...contact, email: entry.email });
    expect(html).not.toContain("typed-secret-1");
    expect(html).toContain('name="sealed.newPassword"'); // carried sealed, no retyping
  });

  it("送信: the confirm phase, values kept, 登録時にエラーが発生しました", async () => {
    const { status, html } = await post("/advertiser/new", { intent: "submit", ...entry }, false);
    expect(status).toBe(503);
    expectForm(html, SAVE_FAILED_MESSAGE);
    kept(html, { ...contact, email: entry.email });
    expect(html).toContain("以下の内容で登録します");
    expect(html).not.toContain("typed-secret-1");
  });
});

describe("contact", () => {
  const message = { body: "掲載について質問があります。", advertisement: "/api/adv/posts/12" };

  it("次へ: the message and the ad asked about stay in the form", async () => {
    const { status, html } = await post("/advertiser/contact", { intent: "next", ...message });
    expect(status).toBe(503);
    expectForm(html, CHECK_FAILED_MESSAGE);
    expect(html).toContain(message.body);
    expect(html).toContain('name="advertisement" value="/api/adv/posts/12"');
  });

  it("送信: still in confirm with the save-failure text", async () => {
    const { html } = await post("/advertiser/contact", { intent: "submit", ...message });
    expectForm(html, SAVE_FAILED_MESSAGE);
    expect(html).toContain("以下の内容で送信します");
    expect(html).toContain(message.body);
  });
});

describe("edit registration", () => {
  it.each([
    ["next", CHECK_FAILED_MESSAGE],
    ["submit", SAVE_FAILED_MESSAGE],
  ])("%s: every typed value kept, the chosen prefecture too", async (intent, banner) => {
    const { status, html } = await post("/advertiser/edit", { intent, ...contact });
    expect(status).toBe(503);
    expectForm(html, banner);
    kept(html, contact);
  });
});

describe("change email", () => {
  it.each([
    ["next", CHECK_FAILED_MESSAGE],
    ["submit", SAVE_FAILED_MESSAGE],
  ])("%s: the new email kept", async (intent, banner) => {
    const { status, html } = await post("/advertiser/email", {
      intent,
      newEmail: "new-typed@example.com",
    });
    expect(status).toBe(503);
    expectForm(html, banner);
    expect(html).toContain('value="new-typed@example.com"');
  });
});

describe("ad edit with a new image chosen", () => {
  it("the upload meets the outage: the form comes back with the typed text, not the 503 page", async () => {
    const form = new FormData();
    form.set("intent", "next");
    form.set("title", "冬の新メニュー");
    form.set("body1", "あたたかいスープを始めました。");
    form.set("image1File", pngBlob(40, 30), "soup.png");
    const response = await portal.postForm(
      "/advertiser/advertisements/1/edit",
      await portal.advertiserCookie(),
      form,
    );
    const html = await response.text();
    expect(html).not.toContain("ただいま接続できません");
    expect(html).toContain('value="冬の新メニュー"');
    expect(html).toContain("時間をおいて再度お試しください");
  });
});
