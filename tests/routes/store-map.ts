// The store map through the real server (SPEC §1, §9): the proof page of a seeded ad, whose store
// address is its map query, and the CSP that page is sent with. Shared by the runs with and
// without MAPS_API_KEY (the build reads its settings once per process, so one file per setting).
import type { Stack } from "./stack";

const AD_ID = 3;

/** Issues a proof URL for the shop's ad 3 upstream and opens it without login. */
export async function openProofPage(stack: Stack) {
  const shop = await stack.tokens("shop@example.com", "shop-password");
  const previewToken = "m".repeat(64);
  const issued = await fetch(`${stack.base}/api/adv/posts/${AD_ID}/preview_token`, {
    method: "PUT",
    headers: {
      Authorization: `Bearer ${shop.token}`,
      "Content-Type": "application/ld+json",
      Accept: "application/ld+json",
    },
    body: JSON.stringify({ previewToken }),
  });
  if (!issued.ok) throw new Error(`preview_token: ${issued.status}`);
  const response = await stack.fetch(`/preview/${AD_ID}/${previewToken}`);
  return { response, html: await response.text() };
}

/** The sources of one CSP directive, e.g. frame-src. */
export function cspSources(response: Response, directive: string): string[] {
  const csp = response.headers.get("content-security-policy") ?? "";
  const found = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found ? found.slice(1) : [];
}

/** The iframe src attributes of a page (HTML-decoded). */
export function iframeSources(html: string): string[] {
  return [...html.matchAll(/<iframe[^>]*\ssrc="([^"]*)"/g)].map((m) =>
    m[1]!.replaceAll("&amp;", "&"),
  );
}
