// Without MAPS_API_KEY the ad page links to the map instead of embedding it, and no frame may come
// from elsewhere.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";
import { cspSources, iframeSources, openProofPage } from "./store-map";

delete process.env.MAPS_API_KEY;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

it("links to the map, embeds nothing, and frame-src stays 'self'", async () => {
  const { response, html } = await openProofPage(stack);
  expect(response.status).toBe(200);
  expect(iframeSources(html)).toEqual([]);
  const link = /<a href="([^"]*)"[^>]*>地図で場所を見る<\/a>/.exec(html);
  expect(link).not.toBeNull();
  const url = new URL(link![1]!.replaceAll("&amp;", "&"));
  expect(url.origin).toBe("https://www.google.com");
  expect(url.searchParams.get("query")).toMatch(/^東京都渋谷区神宮前1-2-3/);
  expect(cspSources(response, "frame-src")).toEqual(["'self'"]);
});
