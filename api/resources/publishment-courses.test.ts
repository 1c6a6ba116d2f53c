// @vitest-environment node
// Course administration (issue 13): POST /api/adv/publishment_courses[/validate] and PUT …/{id},
// administrators only, audited; an inactive course stays on the orders that have it.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLogs, publishmentCourses } from "../db/schema";
import { body, get, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string;

beforeAll(async () => {
  ({ api, admin, shop } = await openDemoApi());
});
afterAll(() => api.close());

function putJson(path: string, payload: unknown, token?: string) {
  return api.app.request(path, {
    method: "PUT",
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(payload),
  });
}

const dayCourse = (overrides: Record<string, unknown> = {}) => ({
  isActive: true,
  name: "10日間お試し掲載",
  price: 12000,
  note: "初回限定",
  periodType: "day",
  days: 10,
  ...overrides,
});

const validate = (payload: unknown, token = admin) =>
  postJson(api.app, "/api/adv/publishment_courses/validate", payload, token);

async function violationsOf(response: Response) {
  expect(response.status).toBe(422);
  const json = await body(response);
  expect(json["@type"]).toBe("ConstraintViolationList");
  return json.violations.map((v: { propertyPath: string; message: string }) => [
    v.propertyPath,
    v.message,
  ]);
}

async function create(payload: unknown) {
  const response = await postJson(api.app, "/api/adv/publishment_courses", payload, admin);
  expect(response.status).toBe(201);
  return body(response);
}

const lastAudit = async () =>
  (await api.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]!;

describe("validation", () => {
  test("a complete day course is valid", async () => {
    expect((await validate(dayCourse())).status).toBe(204);
  });

  test("every missing field at once, in the form's order", async () => {
    expect(await violationsOf(await validate({}))).toEqual([
      ["name", "入力してください。"],
      ["price", "入力してください。"],
      ["periodType", "選択してください。"],
    ]);
  });

  test("a month course needs months; a day course needs days", async () => {
    expect(
      await violationsOf(await validate(dayCourse({ periodType: "month", days: 10 }))),
    ).toEqual([["months", "入力してください。"]]);
    expect(
      await violationsOf(await validate(dayCourse({ periodType: "day", days: null, months: 3 }))),
    ).toEqual([["days", "入力してください。"]]);
    expect(
      (await validate(dayCourse({ periodType: "month", months: 3, days: undefined }))).status,
    ).toBe(204);
  });

  test.each([
    [{ name: "   " }, "name", "入力してください。"],
    [{ name: "あ".repeat(101) }, "name", "100文字以内で入力してください。"],
    [{ price: -1 }, "price", "0以上の整数で入力してください。"],
    [{ price: 1.5 }, "price", "0以上の整数で入力してください。"],
    [{ price: "12000" }, "price", "0以上の整数で入力してください。"],
    [{ price: 100_000_000 }, "price", "99,999,999円以下で入力してください。"],
    [{ note: "x".repeat(256) }, "note", "255文字以内で入力してください。"],
    [{ periodType: "week" }, "periodType", "正しい選択肢ではありません。"],
    [{ days: 0 }, "days", "1以上の整数で入力してください。"],
    [{ days: 2.5 }, "days", "1以上の整数で入力してください。"],
    [{ days: 3651 }, "days", "3,650以下で入力してください。"],
    [{ periodType: "month", months: 121 }, "months", "120以下で入力してください。"],
    [{ isActive: "yes" }, "isActive", "正しい値を入力してください。"],
  ])("%j → %s", async (overrides, path, message) => {
    expect(await violationsOf(await validate(dayCourse(overrides)))).toEqual([[path, message]]);
  });

  test("the other type's field is not judged", async () => {
    expect((await validate(dayCourse({ months: -5 }))).status).toBe(204);
    expect((await validate(dayCourse({ periodType: "month", months: 1, days: "x" }))).status).toBe(
      204,
    );
  });
});

describe("who may write", () => {
  test("advertisers are refused (403), anonymous callers 401, and nothing is stored", async () => {
    const before = (await api.db.select().from(publishmentCourses)).length;
    expect((await validate(dayCourse(), shop)).status).toBe(403);
    expect(
      (await postJson(api.app, "/api/adv/publishment_courses", dayCourse(), shop)).status,
    ).toBe(403);
    expect((await putJson("/api/adv/publishment_courses/1", dayCourse(), shop)).status).toBe(403);
    expect((await postJson(api.app, "/api/adv/publishment_courses", dayCourse())).status).toBe(401);
    expect((await putJson("/api/adv/publishment_courses/1", dayCourse())).status).toBe(401);
    expect((await api.db.select().from(publishmentCourses)).length).toBe(before);
    const course = await body(await get(api.app, "/api/adv/publishment_courses/1", admin));
    expect(course.name).not.toBe("10日間お試し掲載");
  });
});

describe("create and update", () => {
  test("create: 201 JSON-LD, the other type's field stored null, an audit row", async () => {
    const response = await postJson(
      api.app,
      "/api/adv/publishment_courses",
      dayCourse({ name: "  7日間掲載  ", days: 7, months: 4 }),
      admin,
    );
    expect(response.status).toBe(201);
    const course = await body(response);
    expect(response.headers.get("location")).toBe(course["@id"]);
    expect(course).toEqual({
      "@context": "/api/contexts/PublishmentCourse",
      "@id": `/api/adv/publishment_courses/${course.id}`,
      "@type": "PublishmentCourse",
      id: course.id,
      isActive: true,
      name: "7日間掲載",
      price: 12000,
      note: "初回限定",
      periodType: "day",
      months: null,
      days: 7,
      periodLabel: "7 日",
    });
    expect(await body(await get(api.app, course["@id"], shop))).toMatchObject({
      name: "7日間掲載",
      days: 7,
      months: null,
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "course.create", target: course["@id"] });
    expect(audit.changes).toMatchObject({
      name: { before: null, after: "7日間掲載" },
      days: { before: null, after: 7 },
    });
  });

  test("a blank note is stored null; a missing isActive creates an inactive course", async () => {
    const course = await create(dayCourse({ note: " ", isActive: undefined }));
    expect(course).toMatchObject({ note: null, isActive: false });
  });

  test("update: 200, a change of type clears the other field, only changes audited", async () => {
    const course = await create(dayCourse());
    const response = await putJson(
      course["@id"],
      dayCourse({ periodType: "month", months: 2, days: 10, price: 20000 }),
      admin,
    );
    expect(response.status).toBe(200);
    const updated = await body(response);
    expect(updated).toMatchObject({
      id: course.id,
      periodType: "month",
      months: 2,
      days: null,
      price: 20000,
      periodLabel: "2 ヶ月",
      name: "10日間お試し掲載",
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "course.update", target: course["@id"] });
    expect(audit.changes).toEqual({
      price: { before: 12000, after: 20000 },
      periodType: { before: "day", after: "month" },
      months: { before: null, after: 2 },
      days: { before: 10, after: null },
    });
    const [row] = await api.db
      .select()
      .from(publishmentCourses)
      .where(eq(publishmentCourses.id, course.id));
    expect(row).toMatchObject({ months: 2, days: null, price: 20000 });
  });

  test("update: violations are 422 and change nothing; an unknown id is 404", async () => {
    const course = await create(dayCourse());
    expect(await violationsOf(await putJson(course["@id"], dayCourse({ days: 0 }), admin))).toEqual(
      [["days", "1以上の整数で入力してください。"]],
    );
    expect((await body(await get(api.app, course["@id"], admin))).days).toBe(10);
    expect((await putJson("/api/adv/publishment_courses/9999", dayCourse(), admin)).status).toBe(
      404,
    );
    expect((await putJson("/api/adv/publishment_courses/x", dayCourse(), admin)).status).toBe(404);
  });
});

describe("an inactive course", () => {
  const application = (course: string, advertisement: string) => ({
    advertisement,
    region: "/api/adv/publishment_regions/1",
    locality: "/api/adv/publishment_localities/1",
    course,
    publishesAt: "2025-07-01",
    paymentType: "none",
  });

  test("is no longer offered, yet stays on an existing order with its price", async () => {
    const course = await create(dayCourse({ name: "廃止予定コース", price: 8800, days: 5 }));
    const ordered = await postJson(
      api.app,
      "/api/adv/publishment_orders",
      application(course["@id"], "/api/adv/posts/13"),
      shop,
    );
    expect(ordered.status).toBe(201);
    const order = await body(ordered);

    // Deactivated, renamed and repriced: the order keeps what was ordered.
    const response = await putJson(
      course["@id"],
      dayCourse({ isActive: false, name: "廃止コース", price: 9900, days: 6 }),
      admin,
    );
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ isActive: false });

    for (const token of [shop, admin]) {
      const read = await get(api.app, order["@id"], token);
      expect(read.status).toBe(200);
      expect((await body(read)).course).toMatchObject({
        "@id": course["@id"],
        name: "廃止予定コース",
        price: 8800,
        periodLabel: "5 日",
        isActive: false,
      });
    }
    const active = await body(
      await get(api.app, "/api/adv/publishment_courses?isActive=true", shop),
    );
    expect(active["hydra:member"].map((c: { id: number }) => c.id)).not.toContain(course.id);
    const again = await postJson(
      api.app,
      "/api/adv/publishment_orders/validate",
      application(course["@id"], "/api/adv/posts/14"),
      shop,
    );
    expect(await violationsOf(again)).toEqual([["course", "選択できないコースです。"]]);
  });
});
