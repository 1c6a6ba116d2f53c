// Finding 6 (portal): a portal route's non-GET request whose body is not a form gets 415, and a
// form body that cannot be read gets 400: never a 500. What Remix's <Form> sends (with and
// without JS: urlencoded or multipart, to the page or to its `.data` URL) still goes through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortalOnly, type PortalOnly } from "./stack";
import { UNSUPPORTED_BODY_MESSAGE } from "../../server/form-body";

let portal: PortalOnly;
let cookie: string;
beforeAll(async () => {
  portal = await startPortalOnly();
  cookie = await portal.advertiserCookie();
});
afterAll(() => portal.close());

const send = (pathname: string, contentType: string | null, body?: BodyInit) =>
  portal.send(pathname, cookie, contentType, body);

describe("bodies that are not forms: 415 with a Japanese text", () => {
  it.each([
    ["/advertiser/contact", "application/json", JSON.stringify({ body: "質問" })],
    ["/advertiser/advertisements/new", "text/plain", "title=広告"],
    ["/advertiser/new", "application/xml", "<entry/>"],
    ["/?index", "application/json", JSON.stringify({ email: "a@example.com" })],
    ["/advertiser/contact.data", "text/plain;charset=UTF-8", "body=質問"],
    ["/advertiser/edit", null, "companyName=x"],
  ])("POST %s as %s", async (pathname, type, body) => {
    const response = await send(pathname, type, new Blob([body], type ? { type } : {}));
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8/);
    expect(await response.text()).toBe(UNSUPPORTED_BODY_MESSAGE);
  });
});

describe("forms that cannot be read: 400, not 500", () => {
  it.each([
    ["/advertiser/contact", "multipart/form-data; boundary=zzz"],
    ["/advertiser/advertisements/new", "multipart/form-data; boundary=zzz"],
    ["/advertiser/advertisements/1", "multipart/form-data"],
    // The login's strategy reads the form as the other forms are read.
    ["/?index", "multipart/form-data; boundary=zzz"],
  ])("POST %s as broken %s", async (pathname, type) => {
    const response = await send(pathname, type, "--other\r\nnot a part at all");
    expect(response.status).toBe(400);
    const html = await response.text();
    // The ad form's multipart parser (app/.server/uploads.ts) and undici's both refuse the body.
    expect(html).toMatch(/送信内容を読み取れませんでした|入力してください/);
    expect(html).not.toMatch(/at .+\.(js|ts):\d+/);
  });
});

describe("what Remix forms send still reaches the action", () => {
  it("urlencoded, as <Form> posts without JS", async () => {
    const response = await send(
      "/advertiser/contact",
      "application/x-www-form-urlencoded",
      "intent=back&body=質問",
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("質問");
  });

  it("urlencoded to the .data URL, as <Form> posts with JS (single fetch)", async () => {
    const response = await send(
      "/advertiser/contact.data",
      "application/x-www-form-urlencoded;charset=UTF-8",
      new URLSearchParams({ intent: "back", body: "質問" }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("質問");
  });

  it("multipart, as the ad form posts (FormData, with and without JS)", async () => {
    const form = new FormData();
    form.set("intent", "submit");
    form.set("title", "");
    const response = await send("/advertiser/advertisements/new.data", null, form);
    expect(response.status).toBe(400); // the ad's own validation, not the gate
    expect(await response.text()).toContain("入力してください");
  });

  it("an empty POST (logout's form has no fields)", async () => {
    const response = await send("/logout", null);
    expect(response.status).toBe(302);
  });
});
