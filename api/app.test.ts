// @vitest-environment node
// Cross-cutting behaviour of the app: unknown paths, unexpected errors.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { body, get } from "./testing/http";
import { hydraError } from "./testing/violations";
import { openDemoApi, type TestApi } from "./testing/demo-api";

let api: TestApi;
let shop: string;
beforeAll(async () => {
  ({ api, shop } = await openDemoApi());
});
afterAll(() => api.close().catch(() => {}));

test("an unknown /api path is a hydra 404 for a signed-in caller, and 401 without a token", async () => {
  const response = await get(api.app, "/api/adv/no_such_resource", shop);
  expect(response.status).toBe(404);
  expect(response.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
  expect(await body(response)).toEqual(hydraError("Not Found"));
  expect((await get(api.app, "/api/adv/no_such_resource")).status).toBe(401);
});

test("an unknown /media file is a 404", async () => {
  expect((await get(api.app, "/media/nothing.png")).status).toBe(404);
});

// Runs last: it breaks the database on purpose.
test("an unexpected failure is a generic 500, logged with method and path, without a stack", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  await api.close();
  const response = await get(api.app, "/api/adv/prefectures");
  expect(response.status).toBe(500);
  const error = await body(response);
  expect(error).toEqual(hydraError("Internal Server Error"));
  expect(log).toHaveBeenCalledTimes(1);
  expect(String(log.mock.calls[0]![0])).toMatch(/^\[api\] GET \/api\/adv\/prefectures failed: /);

  // A failed query is logged with its cause and SQL, never with the values it was given.
  const login = await api.app.request("/api/authentication_token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "leak-check@example.com", password: "p4ssw0rd-in-a-log?" }),
  });
  expect(login.status).toBe(500);
  const logged = log.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
  expect(logged).toMatch(/POST \/api\/authentication_token failed: .*query: select/);
  expect(logged).not.toContain("leak-check@example.com");
  expect(logged).not.toContain("p4ssw0rd");

  // The portal's X-Request-Id is named in the line, so the operator finds it from the page's line;
  // an id that is not a sane token is left out of the log.
  log.mockClear();
  for (const id of ["portal-req-42", "evil\tid"]) {
    await api.app.request("/api/adv/prefectures", { headers: { "X-Request-Id": id } });
  }
  expect(log.mock.calls.map((call) => String(call[0]))).toEqual([
    expect.stringMatching(
      /^\[api\] GET \/api\/adv\/prefectures failed: .* \(request portal-req-42\)$/,
    ),
    expect.not.stringContaining("(request"),
  ]);
  log.mockRestore();
});
