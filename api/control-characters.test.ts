// @vitest-environment node
// Finding 28.8: a text holding U+0000 (or another C0 control but tab, CR and LF) is a 422 at its
// field with one Japanese message, on every save and on its …/validate call alike (it was a 500
// on the saves: PostgreSQL refuses NUL in text, and 204 on the validations); nested fields are
// named by their path. A NUL that reaches PostgreSQL another way (a query filter) is never a 500.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UNSTORABLE_CHARACTER } from "./app";
import { CONTROL_CHARACTER_MESSAGE } from "./control-characters";
import { advertisements, clients, userLogins } from "./db/schema";
import { body, demo, get, patchJson, postJson } from "./testing/http";
import { openDemoApi, type TestApi } from "./testing/demo-api";
import { firstOrder } from "./testing/rows";
import { violationsOf } from "./testing/violations";

let api: TestApi;
let admin: string, shop: string;
let shopClient: number;
let orderId: number;
let adId: number;

beforeAll(async () => {
  ({ api, admin, shop } = await openDemoApi());
  const [client] = await api.db
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(userLogins, eq(userLogins.id, clients.userLoginId))
    .where(eq(userLogins.email, demo.shop.email));
  shopClient = client!.id;
  ({ id: orderId, adId } = await firstOrder(api.db));
});
afterAll(() => api.close());

const NUL = "x\u0000y";

type Call = [name: string, send: (text: string) => Response | Promise<Response>, field: string];

/**
 * A POST save of `payload(text)` and its …/validate call, which must agree; `token` is read when
 * the call is sent (the tests are listed before the API logs in).
 */
const saveAndValidate = (
  name: string,
  path: string,
  payload: (text: string) => unknown,
  field: string,
  token: () => string | undefined = () => undefined,
): Call[] => [
  [name, (t) => postJson(api.app, path, payload(t), token()), field],
  [`${name}, validate`, (t) => postJson(api.app, `${path}/validate`, payload(t), token()), field],
];

const calls = (): Call[] => [
  ...saveAndValidate("registration", "/api/adv/advertiser_entries", entry, "companyName"),
  ...saveAndValidate(
    "message",
    "/api/adv/message_boxes",
    (body) => ({ body }),
    "body",
    () => shop,
  ),
  [
    "PATCH clients",
    (t) => patchJson(api.app, `/api/adv/clients/${shopClient}`, { address: t }, shop),
    "address",
  ],
  [
    "PATCH clients, validate",
    (t) => postJson(api.app, `/api/adv/clients/${shopClient}/validate`, { address: t }, shop),
    "address",
  ],
  ...saveAndValidate("course create", "/api/adv/publishment_courses", course, "name", () => admin),
  ...saveAndValidate(
    "locality create",
    "/api/adv/publishment_localities",
    locality,
    "name",
    () => admin,
  ),
  [
    "editors' remand note",
    (t) => patchJson(api.app, `/api/adv/publishment_orders/${orderId}/remand`, { note: t }, admin),
    "note",
  ],
  [
    "editors' contact note",
    (t) => postJson(api.app, `/api/adv/posts/${adId}/contact`, { note: t }, admin),
    "note",
  ],
  [
    "editors' status note",
    (t) => putJson(`/api/adv/posts/${adId}`, { statusNote: t }, admin),
    "statusNote",
  ],
];

const entry = (companyName: string) => ({ companyName, personInCharge: "山田" });
const course = (name: string) => ({ name, periodType: "month", months: 1, price: 1000 });
const locality = (name: string) => ({ name, region: "/api/adv/publishment_regions/1" });

const putJson = (path: string, payload: unknown, token: string) =>
  api.app.request(path, {
    method: "PUT",
    headers: { "Content-Type": "application/ld+json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });

describe("control characters in a body's text", () => {
  test.each(calls())("%s: a NUL is a 422 at its field", async (_name, send, field) => {
    expect(await violationsOf(await send(NUL))).toEqual([[field, CONTROL_CHARACTER_MESSAGE]]);
  });

  const validateMessage = (text: string) =>
    postJson(api.app, "/api/adv/message_boxes/validate", { body: text }, shop);

  test.each(["\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f"])(
    "the C0 control %j is refused too",
    async (control) => {
      const response = await validateMessage(`a${control}b`);
      expect(await violationsOf(response)).toEqual([["body", CONTROL_CHARACTER_MESSAGE]]);
    },
  );

  test("tab, CR and LF are text", async () => {
    const response = await validateMessage("一行目\r\n\t二行目\n");
    expect(response.status).toBe(204);
  });

  test("nested fields and list items are named by their path", async () => {
    const response = await postJson(
      api.app,
      "/api/adv/posts/validate",
      {
        advertisement: { title: NUL, body1: "ok" },
        links: [{ url: "https://example.jp/" }, { title: NUL }],
      },
      shop,
    );
    expect(await violationsOf(response)).toEqual([
      ["advertisement.title", CONTROL_CHARACTER_MESSAGE],
      ["links[1].title", CONTROL_CHARACTER_MESSAGE],
    ]);
  });

  test("nothing was stored by the refused saves", async () => {
    const rows = await api.db.select({ id: advertisements.id }).from(advertisements);
    expect(rows.length).toBeGreaterThan(0);
    const [client] = await api.db.select().from(clients).where(eq(clients.id, shopClient));
    expect(client!.address).not.toContain("\u0000");
  });
});

describe("the token calls compare, they store nothing", () => {
  test("a password holding a NUL is a wrong password (401), as the portal's login expects", async () => {
    const response = await postJson(api.app, "/api/authentication_token", {
      email: demo.shop.email,
      password: NUL,
    });
    expect(response.status).toBe(401);
  });

  test("an email holding a NUL is not a 500", async () => {
    const response = await postJson(api.app, "/api/authentication_token", {
      email: `shop${NUL}@example.com`,
      password: "x",
    });
    expect([400, 401]).toContain(response.status);
  });
});

describe("a NUL that reaches PostgreSQL outside a body", () => {
  test("a list filter holding a NUL is a 400, not a 500", async () => {
    const response = await get(api.app, "/api/adv/clients?companyName=x%00y", admin);
    expect(response.status).toBe(400);
    expect((await body(response))["hydra:description"]).toBe(UNSTORABLE_CHARACTER);
  });
});
