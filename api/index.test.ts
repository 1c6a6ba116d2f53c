// @vitest-environment node
// startEmbeddedApi on a data directory: demo seeding once, keys and data kept across restarts.
// (Without demo nothing but the prefectures is seeded: see db/postgres.test.ts, cheaper there.)
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { startEmbeddedApi } from "./index";
import { body, get, loginShop } from "./testing/http";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "omise-api-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

test("seeds the demo once, announces it, and keeps tokens valid across a restart", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  // The portal's address, as the server passes it: mails can link the login page (no warning).
  const portalOrigin = "http://localhost:3000";
  const first = await startEmbeddedApi({ dataDir, demo: true, env: {}, portalOrigin });
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0]![0])).toMatch(
    /DEMO MODE[\s\S]*admin@example\.com \/ admin-password[\s\S]*shop@example\.com \/ shop-password/,
  );
  const { token } = await loginShop(first.app);
  const picture = await get(first.app, "/media/demo-storefront.svg");
  expect(picture.status).toBe(200);
  expect(picture.headers.get("Content-Type")).toBe("image/svg+xml");
  await first.close();

  const second = await startEmbeddedApi({ dataDir, demo: true, env: {}, portalOrigin });
  expect(warn).toHaveBeenCalledTimes(1); // not seeded again
  warn.mockRestore();
  const list = await body(await get(second.app, "/api/adv/posts", token));
  expect(list["hydra:totalItems"]).toBe(13);
  await second.close();
  // Two fresh starts of PGlite (initdb, migrations, seed): slow on a busy 2-core machine.
}, 180_000);
