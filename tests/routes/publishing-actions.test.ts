// The published section of both ad details through the real server and the embedded API's demo
// data: 掲載停止 / 掲載再開 enabled exactly per SPEC §4, their confirmation as a page state of its
// own (works without JS), the report links, the editors' 同期, and the guards. The actions
// themselves are answered by the API of ADR 0010: app/.server/publishing-actions.test.ts proves
// them against its contract (msw), tests/e2e/publishing-actions.spec.ts end to end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLISHING_TEXTS as T } from "../../app/domain/publishing-texts";
import { startStack, type Stack } from "./stack";

let stack: Stack;
let admin = "";
let shop = "";

beforeAll(async () => {
  stack = await startStack();
  shop = await stack.loginCookie("shop@example.com", "shop-password");
  admin = await stack.loginCookie("admin@example.com", "admin-password");
});
afterAll(async () => {
  await stack?.close();
});

// Demo data (api/db/demo-ads.ts, ids in its order): 6 publishing, 7 scheduled, 8 suspended,
// 9 ended (all shop@'s, public copies except 8), 11 another advertiser's.
const mine = (id: number) => `/advertiser/advertisements/${id}`;
const theirs = (id: number) => `/administrator/advertisements/${id}/detail`;

const page = async (path: string, cookie: string) => {
  const response = await stack.fetch(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
};

/** The control labelled `label`: the <a> or <button> still open where its text stands. */
function controlOf(html: string, label: string) {
  for (const match of html.matchAll(new RegExp(`>${label}<`, "g"))) {
    const before = html.slice(0, match.index + 1);
    const start = Math.max(before.lastIndexOf("<a "), before.lastIndexOf("<button"));
    const control = before.slice(start);
    if (start > -1 && !/<\/(a|button)>/.test(control)) return control;
  }
  expect.fail(`no control ${label}`);
}

/** The markup of the form named `name`, from its opening tag to its end. */
function formOf(html: string, name: string) {
  const at = html.indexOf(`aria-label="${name}"`);
  expect(at, `form ${name}`).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<form", at);
  return html.slice(start, html.indexOf("</form>", at));
}
const isDisabled = (control: string) => control.startsWith("<button") && /\sdisabled/.test(control);
const hrefOf = (control: string) => /href="([^"]*)"/.exec(control)?.[1]?.replaceAll("&amp;", "&");

describe("the advertiser's published section", () => {
  it("offers 掲載停止 (to its confirmation) for a live ad, 掲載再開 disabled, and the report", async () => {
    const { status, html } = await page(mine(6), shop);
    expect(status).toBe(200);
    expect(hrefOf(controlOf(html, T.suspend.button))).toBe(
      "/advertiser/advertisements/6?confirm=suspend",
    );
    expect(isDisabled(controlOf(html, T.resume.button))).toBe(true);
    expect(hrefOf(controlOf(html, T.report))).toBe("/advertiser/advertisements/6/report");
    expect(html).not.toContain(T.suspend.confirmTitle);
  });

  it("offers 掲載停止 before the start too (scheduled)", async () => {
    const { html } = await page(mine(7), shop);
    expect(isDisabled(controlOf(html, T.suspend.button))).toBe(false);
  });

  it("offers only 掲載再開 for a suspended ad", async () => {
    const { html } = await page(mine(8), shop);
    expect(isDisabled(controlOf(html, T.suspend.button))).toBe(true);
    expect(hrefOf(controlOf(html, T.resume.button))).toBe(
      "/advertiser/advertisements/8?confirm=resume",
    );
  });

  it("offers neither once the period has ended, and opens no confirmation for it", async () => {
    const { html } = await page(`${mine(9)}?confirm=suspend`, shop);
    expect(isDisabled(controlOf(html, T.suspend.button))).toBe(true);
    expect(isDisabled(controlOf(html, T.resume.button))).toBe(true);
    expect(html).not.toContain(T.suspend.confirmTitle);
  });

  it("confirms with the consequence, a form posting the intent, and a way back", async () => {
    const { html } = await page(`${mine(6)}?confirm=suspend`, shop);
    expect(html).toContain(T.suspend.confirmTitle);
    expect(html).toContain(T.suspend.consequence);
    const form = formOf(html, T.suspend.confirmTitle);
    expect(form).toMatch(/^<form[^>]*method="post"/);
    expect(form).toMatch(new RegExp(`name="intent" value="suspend"[^>]*>${T.suspend.submit}<`));
    expect(hrefOf(controlOf(html, T.cancel))).toBe("/advertiser/advertisements/6");

    const resume = await page(`${mine(8)}?confirm=resume`, shop);
    expect(resume.html).toContain(T.resume.consequence);
    expect(resume.html).toContain(`value="resume"`);
  });

  it("has no sync for advertisers, and another's ad is not found", async () => {
    expect((await page(mine(6), shop)).html).not.toContain(`value="sync"`);
    expect((await page(mine(11), shop)).status).toBe(404);
    const response = await stack.postForm(mine(6), shop, { intent: "sync" });
    expect(response.status).toBe(404);
  });

  it("guards the action: an administrator's session cannot post to the advertiser's detail", async () => {
    const response = await stack.postForm(mine(6), admin, { intent: "suspend" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe("/");
  });
});

describe("the administrator's 掲載 panel", () => {
  it("offers 同期, the report and 掲載停止 for a live ad", async () => {
    const { status, html } = await page(theirs(6), admin);
    expect(status).toBe(200);
    expect(controlOf(html, T.sync.button)).toMatch(/name="intent" value="sync"/);
    expect(hrefOf(controlOf(html, T.report))).toBe("/administrator/advertisements/6/report");
    expect(hrefOf(controlOf(html, T.suspend.button))).toBe(
      "/administrator/advertisements/6/detail?confirm=suspend",
    );
    expect(isDisabled(controlOf(html, T.resume.button))).toBe(true);
    // The sync button is a plain form until JS runs: no fetcher marker in the server render.
    expect(html).not.toContain(`name="via"`);
  });

  it("confirms a resume of a suspended ad without JS", async () => {
    const { html } = await page(`${theirs(8)}?confirm=resume`, admin);
    expect(isDisabled(controlOf(html, T.suspend.button))).toBe(true);
    expect(html).toContain(T.resume.confirmTitle);
    expect(html).toContain(T.resume.consequence);
    expect(html).toMatch(new RegExp(`value="resume"[^>]*>(?:<[^>]+>)*${T.resume.submit}<`));
  });

  it("guards the action: an advertiser cannot sync through the administrator's detail", async () => {
    const response = await stack.postForm(theirs(6), shop, { intent: "sync" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe("/");
  });
});
