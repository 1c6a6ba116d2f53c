// With MAPS_API_KEY the ad page embeds the store map at zoom 15, and the CSP lets frames come from
// the maps origin only.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";
import { cspSources, iframeSources, openProofPage } from "./store-map";

const KEY = "test-maps-key_123";
// The build reads process.env itself (env()); the portal app gets the same value below.
process.env.MAPS_API_KEY = KEY;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ MAPS_API_KEY: KEY });
});
afterAll(async () => {
  await stack?.close();
  delete process.env.MAPS_API_KEY;
});

it("embeds the Maps Embed API at zoom 15 with the key, allowed by frame-src alone", async () => {
  const { response, html } = await openProofPage(stack);
  expect(response.status).toBe(200);
  const [src, ...others] = iframeSources(html);
  expect(others).toEqual([]);
  const url = new URL(src!);
  expect(url.origin + url.pathname).toBe("https://www.google.com/maps/embed/v1/place");
  expect(url.searchParams.get("key")).toBe(KEY);
  expect(url.searchParams.get("zoom")).toBe("15");
  expect(url.searchParams.get("q")).toMatch(/^東京都渋谷区神宮前1-2-3/);
  expect(html).toContain('title="店舗の地図"');
  expect(html).not.toContain("地図で場所を見る");

  expect(cspSources(response, "frame-src")).toEqual(["'self'", "https://www.google.com"]);
  expect(cspSources(response, "default-src")).toEqual(["'self'"]);
});
