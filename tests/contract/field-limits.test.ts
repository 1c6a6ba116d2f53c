// @vitest-environment node
// Every text field the API takes has the portal's length limit and the portal's message: the
// portal's own zod schemas say where the limit is and what it says; the API must agree.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ZodTypeAny } from "zod";
import {
  contactDetailsSchema,
  emailChangeSchema,
  messageSchema,
  passwordChangeSchema,
  registrationSchema,
} from "../../app/.server/account-schemas";
import { advertisementSchema } from "../../app/.server/advertisement-form";
import { createTestApi } from "../../api/testing/db";
import { body, demo, loginShop, patchJson, postJson } from "../../api/testing/http";

let api: Awaited<ReturnType<typeof createTestApi>>;
let shop: string;
beforeAll(async () => {
  api = await createTestApi();
  shop = (await loginShop(api.app)).token;
});
afterAll(() => api.close());

// Demo data: media 1-4 belong to shop@ (client 1, user login 2).
const media = (id: number) => `/api/adv/media_objects/${id}`;
const post = {
  title: "夏の新メニュー",
  image1: media(1),
  image2: media(2),
  eyeCatch: media(1),
  ...Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`body${n}`, `本文${n}`])),
  ...Object.fromEntries(
    [1, 2, 3].flatMap((n) => [
      [`link${n}Title`, `リンク${n}`],
      [`link${n}Url`, `https://example.com/${n}`],
    ]),
  ),
  storeName: "カフェ",
  storeAddress: "東京都渋谷区1-2-3",
  storeTel: "03-1234-5678",
  businessHours: "9:00〜18:00",
  mapParameters: "東京都渋谷区1-2-3",
  homepage: "https://example.com",
};
const contact = {
  companyName: "株式会社テスト",
  personInCharge: "佐藤 太郎",
  tel: "03-1234-5678",
  zipCode: "1500001",
  prefecture: "/api/adv/prefectures/13",
  city: "渋谷区",
  address: "神宮前1-2-3",
};
const entry = {
  email: "limits@example.com",
  newPassword: "long-enough-password",
  newPasswordConfirm: "long-enough-password",
  ...contact,
};

type Kind = "text" | "url" | "email" | "password";
/** A value of exactly `length` characters (one UTF-16 unit each, so both sides count alike). */
function valueOf(kind: Kind, length: number): string {
  switch (kind) {
    case "text":
      return "あ".repeat(length);
    case "password":
      return "p".repeat(length);
    case "url":
      return `https://example.com/${"a".repeat(length - 20)}`;
    case "email":
      return `${"a".repeat(length - 12)}@example.com`;
  }
}

interface Case {
  /** The form, for the test's name. */
  form: string;
  field: string;
  kind: Kind;
  /** The portal's schema of the same form. */
  portal: ZodTypeAny;
  /** The API call that checks the field; the base body is otherwise valid. */
  send: (value: string) => Response | Promise<Response>;
}

const withField = (base: Record<string, unknown>, field: string, value: string) => {
  const values: Record<string, unknown> = { ...base, [field]: value };
  // A password is repeated in its confirmation, so only the length is wrong.
  if (field === "newPassword") values.newPasswordConfirm = value;
  return values;
};

const postCase = (field: string, kind: Kind = "text"): Case => ({
  form: "ad",
  field,
  kind,
  portal: advertisementSchema,
  send: (value) =>
    postJson(api.app, "/api/adv/posts/validate", withField(post, field, value), shop),
});

const CASES: Case[] = [
  postCase("title"),
  ...[1, 2, 3, 4, 5].map((n) => postCase(`body${n}`)),
  ...[1, 2, 3].flatMap((n) => [postCase(`link${n}Title`), postCase(`link${n}Url`, "url")]),
  postCase("storeName"),
  postCase("storeAddress"),
  postCase("businessHours"),
  postCase("mapParameters"),
  postCase("homepage", "url"),
  ...(["email", "newPassword", ...Object.keys(contact)] as const)
    .filter((field) => !["tel", "zipCode", "prefecture"].includes(field))
    .map((field): Case => ({
      form: "registration",
      field,
      kind: field === "email" ? "email" : field === "newPassword" ? "password" : "text",
      portal: registrationSchema,
      send: (value) =>
        postJson(api.app, "/api/adv/advertiser_entries/validate", withField(entry, field, value)),
    })),
  ...["companyName", "personInCharge", "city", "address"].map((field): Case => ({
    form: "contact details",
    field,
    kind: "text",
    portal: contactDetailsSchema,
    send: (value) =>
      patchJson(api.app, "/api/adv/clients/1", withField(contact, field, value), shop),
  })),
  {
    form: "email change",
    field: "newEmail",
    kind: "email",
    portal: emailChangeSchema,
    send: (value) =>
      patchJson(api.app, "/api/adv/user_logins/2/update_email/validate", { newEmail: value }, shop),
  },
  {
    form: "password change",
    field: "newPassword",
    kind: "password",
    portal: passwordChangeSchema,
    send: (value) =>
      patchJson(
        api.app,
        "/api/adv/user_logins/2/update_password/validate",
        { oldPassword: demo.shop.password, newPassword: value, newPasswordConfirm: value },
        shop,
      ),
  },
  {
    form: "message",
    field: "body",
    kind: "text",
    portal: messageSchema,
    send: (value) => postJson(api.app, "/api/adv/message_boxes/validate", { body: value }, shop),
  },
];

/** Where the portal's schema starts refusing the field, and what it says then. */
function portalLimit({ portal, field, kind }: Case) {
  const messageAt = (length: number) => {
    const result = portal.safeParse({ [field]: valueOf(kind, length) });
    return result.success
      ? undefined
      : result.error.issues.find((issue) => issue.path.join(".") === field)?.message;
  };
  // The smallest refused length, by bisection: refusing is monotonic in the length.
  let [low, high] = [40, 20_000];
  if (messageAt(high) === undefined) throw new Error(`the portal sets no length limit on ${field}`);
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (messageAt(mid) === undefined) low = mid + 1;
    else high = mid;
  }
  return { max: low - 1, message: messageAt(low)! };
}

async function violationOn(response: Response, field: string) {
  if (response.status === 204 || response.status === 200) return undefined;
  expect(response.status).toBe(422);
  const { violations } = await body(response);
  return (violations as Array<{ propertyPath: string; message: string }>).find(
    (v) => v.propertyPath === field,
  );
}

describe("the API refuses what the portal refuses, with the portal's words", () => {
  test.each(CASES.map((c) => [`${c.form}: ${c.field}`, c] as const))("%s", async (_name, c) => {
    const { max, message } = portalLimit(c);
    expect(await violationOn(await c.send(valueOf(c.kind, max)), c.field)).toBeUndefined();
    expect(await violationOn(await c.send(valueOf(c.kind, max + 1)), c.field)).toMatchObject({
      propertyPath: c.field,
      message,
      code: "d94b19cc-114f-4f44-9cc4-4138e80a87b9",
    });
  });

  test("a body1 of 900 KB is refused on its field", async () => {
    const response = await postJson(
      api.app,
      "/api/adv/posts/validate",
      { ...post, body1: "あ".repeat(300_000) },
      shop,
    );
    expect(await violationOn(response, "body1")).toMatchObject({
      message: "5000文字以内で入力してください。",
    });
  });
});
