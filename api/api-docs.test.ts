// @vitest-environment node
// The API's own OpenAPI document: public, and listing exactly the operations the server routes.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi } from "./testing/db";
import { body, get } from "./testing/http";

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close().catch(() => {}));

type Doc = { openapi: string; paths: Record<string, Record<string, unknown>> };

test("anyone reads the OpenAPI document at API Platform's two paths", async () => {
  const modern = await get(api.app, "/api/docs.jsonopenapi");
  expect(modern.status).toBe(200);
  expect(modern.headers.get("Content-Type")).toMatch(/^application\/vnd\.openapi\+json/);
  const legacy = await get(api.app, "/api/docs.json");
  expect(legacy.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(await body(legacy)).toEqual(await body(modern));
});

test("it lists the routed operations with OpenAPI path parameters, and nothing unrouted", async () => {
  const doc = (await body(await get(api.app, "/api/docs.jsonopenapi"))) as Doc;
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths["/api/adv/posts/{id}"]!).sort()).toEqual(["delete", "get", "put"]);
  expect(doc.paths["/api/adv/publishment_orders/{id}/payment/bank_transfer"]).toHaveProperty(
    "post",
  );
  expect(doc.paths["/api/adv/sales_totals/{month}"]).toHaveProperty("get");
  expect(doc.paths["/api/authentication_token"]).toHaveProperty("post");
  expect(doc.paths["/api/adv/no_such_resource"]).toBeUndefined();
  expect(doc.paths["/api/docs.json"]).toBeUndefined();
});

test("under API_PROFILE=spec it lists SPEC §7's operations only", async () => {
  const spec = await createTestApi({ env: { API_PROFILE: "spec" } });
  try {
    const doc = (await body(await get(spec.app, "/api/docs.jsonopenapi"))) as Doc;
    expect(doc.paths["/api/adv/posts/{id}"]).toHaveProperty("get");
    expect(doc.paths["/api/adv/site_summary"]).toHaveProperty("get");
    expect(doc.paths["/api/adv/publishment_orders/{id}/payment/bank_transfer"]).toEqual({
      post: expect.anything(),
    });
    for (const extension of [
      "/api/adv/sales_totals/{month}",
      "/api/adv/audit_logs",
      "/api/adv/mail_outbox",
      "/api/adv/payment_refunds",
      "/api/token/invalidate",
      "/api/adv/administrators/{id}",
    ])
      expect(doc.paths[extension], extension).toBeUndefined();
  } finally {
    await spec.close();
  }
});
