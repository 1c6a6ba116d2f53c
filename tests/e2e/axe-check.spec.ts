// The journeys' axe check (support.ts) judges a page as the user gets it, not half parsed: a click
// returns once its navigation commits, and on a busy machine the next step's check used to read a
// page whose parser had stopped just inside a link (a no-JS My Page in two workers: a title link
// "with no discernible text" whose text had simply not arrived yet).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectAccessible, test } from "./support";

/** How long the page server waits before the rest of the page, as a slow upstream would. */
const REST_DELAY_MS = 1_500;

/** A page sent in two parts, the first ending inside a link, the second (its text) later. */
function slowPageServer(): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== "/slow") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.write(
      '<!doctype html><html lang="ja"><head><title>遅いページ</title></head>' +
        '<body><main><h1>遅いページ</h1><a href="/next">',
    );
    setTimeout(() => response.end("次のページへ</a></main></body></html>"), REST_DELAY_MS);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a page still arriving is checked once it has been parsed", async ({ page }) => {
      const server = await slowPageServer();
      try {
        const { port } = server.address() as AddressInfo;
        await page.goto(`http://127.0.0.1:${port}/slow`, { waitUntil: "commit" });
        // The link is in the document, its text not yet: where a click's next step may find it.
        await page.locator('a[href="/next"]').waitFor({ state: "attached" });
        await expectAccessible(page);
        await expect(page.getByRole("link", { name: "次のページへ" })).toBeVisible();
      } finally {
        server.close();
      }
    });
  });
}
