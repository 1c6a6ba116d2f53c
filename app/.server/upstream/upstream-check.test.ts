// `npm run check-upstream` against the real reference API over HTTP, in both profiles: the
// verdicts an operator reads (what works, what degrades and how, what fails).
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, TEST_NOW } from "../../../api/testing/db";
import { checkUpstream, formatCheck, type CheckRow } from "./upstream-check";

type Running = { url: string; close: () => Promise<void> };

async function start(env: Record<string, string>): Promise<Running> {
  const api = await createTestApi({ env });
  const server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await api.close();
    },
  };
}

let full: Running;
let spec: Running;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: TEST_NOW });
  [full, spec] = await Promise.all([
    start({}),
    start({ API_PROFILE: "spec", API_TOKEN_COOKIES: "on" }),
  ]);
});
afterAll(async () => {
  vi.useRealTimers();
  await Promise.all([full.close(), spec.close()]);
});

const verdictOf = (rows: CheckRow[], feature: string) =>
  rows.find((row) => row.feature.startsWith(feature))?.verdict;
const ADMIN = { email: "admin@example.com", password: "admin-password" };
const SHOP = { email: "shop@example.com", password: "shop-password" };

describe("on the full profile", () => {
  it("every screen and every extension works for an administrator", async () => {
    const rows = await checkUpstream({ baseUrl: full.url, ...ADMIN });
    expect(rows.filter((row) => row.verdict !== "works")).toEqual([]);
    expect(rows.find((row) => row.feature === "ログイン")?.why).toBe("tokens in the body");
  });
});

describe("on the spec profile with cookie tokens", () => {
  it("the screens work, the extensions and undeclared filters degrade, nothing fails", async () => {
    const rows = await checkUpstream({ baseUrl: spec.url, ...ADMIN });
    expect(rows.find((row) => row.feature === "ログイン")?.why).toMatch(/cookies \(BEARER/);
    for (const feature of [
      "トークン更新",
      "承認待ち件数",
      "広告一覧（編集部）",
      "広告主管理",
      "売上一覧",
    ])
      expect(verdictOf(rows, feature), feature).toBe("works");
    expect(verdictOf(rows, "広告一覧の状態絞り込み")).toBe("degrades");
    for (const feature of [
      "売上一覧の合計",
      "広告詳細のお振込先",
      "要返金",
      "操作履歴",
      "ヘッダーの管理者名",
    ])
      expect(verdictOf(rows, feature), feature).toBe("degrades");
    expect(rows.some((row) => row.verdict === "fails")).toBe(false);
    expect(formatCheck(rows)).toMatch(/^DEGRADED {2}売上一覧の合計.*totals computed from rows$/m);
  });

  it("without an OpenAPI document the extensions are found by calling them", async () => {
    const withoutDocs: typeof fetch = async (input, init) =>
      String(input).includes("/api/docs.")
        ? new Response(null, { status: 404 })
        : fetch(input, init);
    const rows = await checkUpstream({ baseUrl: spec.url, ...SHOP, fetch: withoutDocs });
    expect(verdictOf(rows, "API documentation")).toBe("degrades");
    expect(verdictOf(rows, "マイページ（広告一覧）")).toBe("works");
    expect(verdictOf(rows, "マイページのエリア並べ替え")).toBe("works");
    expect(verdictOf(rows, "売上一覧の合計")).toBe("degrades");
    expect(verdictOf(rows, "ログアウトでリフレッシュトークンを失効")).toBe("degrades");
  });

  it("a refused login fails the check", async () => {
    const rows = await checkUpstream({ baseUrl: spec.url, ...SHOP, password: "wrong" });
    expect(rows.at(-1)).toEqual({
      feature: "ログイン",
      verdict: "fails",
      why: "the upstream refused the login (401)",
    });
  });
});
