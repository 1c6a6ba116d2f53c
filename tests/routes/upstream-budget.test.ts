// One time budget per request for every upstream call it makes (issue 28): through the real
// server (production build) with an upstream that accepts connections and never answers. A form
// post makes two calls (the action's check, then the page's loader for the reply): the first
// spends the whole budget, the second is never sent, and the form comes back with the banner and
// the input kept. The budget is set short by the server's setting (UPSTREAM_TIMEOUT_MS), so the
// test counts the calls that reached the upstream instead of timing anything.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CHECK_FAILED_MESSAGE } from "../../app/.server/forms";
import { CONTACT_FIELDS, startPortalOnly, type PortalOnly } from "./stack";

let hung: Server;
const received: string[] = [];
let portal: PortalOnly;

beforeAll(async () => {
  // Reads each request and never answers it.
  hung = createServer((req: IncomingMessage) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
  });
  await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
  const upstream = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
  portal = await startPortalOnly({ UPSTREAM_TIMEOUT_MS: "300" }, undefined, upstream);
});
beforeEach(() => {
  received.length = 0;
});
afterAll(async () => {
  await portal.close();
  hung.closeAllConnections();
  await new Promise((resolve) => hung.close(resolve));
});

const post = (pathname: string, fields: Record<string, string>, cookie?: string) =>
  portal.postForm(pathname, cookie, fields);

it("a hung upstream costs a form one budget: the check waits, the page's loader is not sent", async () => {
  const response = await post(
    "/advertiser/email",
    { intent: "next", newEmail: "typed@example.com" },
    await portal.advertiserCookie(),
  );

  expect(response.status).toBe(503);
  const html = await response.text();
  expect(html).toContain(CHECK_FAILED_MESSAGE);
  expect(html).toContain('value="typed@example.com"');
  // Only the check reached the upstream; the loader's GET of the login found the budget spent.
  expect(received).toEqual(["PATCH /api/adv/user_logins/2/update_email/validate"]);
});

it("the registration form too: its prefecture list is loaded within the same budget", async () => {
  const response = await post("/advertiser/new", {
    intent: "next",
    ...CONTACT_FIELDS,
    email: "typed@example.com",
    newPassword: "typed-secret-1",
    newPasswordConfirm: "typed-secret-1",
  });

  expect(response.status).toBe(503);
  const html = await response.text();
  expect(html).toContain(CHECK_FAILED_MESSAGE);
  expect(html).toContain('value="カフェ・ド・テスト"');
  expect(received).toEqual(["POST /api/adv/advertiser_entries/validate"]);
});
