// An error after the page handler reaches the log without its stack, and the browser gets the
// generic error page (or, when the answer had begun, a closed connection rather than a hang).
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lastResort } from "./last-resort";

function serve(route: express.RequestHandler) {
  const app = express();
  app.get("/", route);
  app.use(lastResort);

  const server = app.listen(0, "127.0.0.1");
  return {
    url: new Promise<string>((resolve) =>
      server.on("listening", () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
      ),
    ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

afterEach(() => vi.restoreAllMocks());

describe("lastResort", () => {
  it("before the answer began: the error page, and a log line without the stack", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const server = serve((_req, _res, next) => next(new Error("Upstream 0 on /api/adv/sales")));
    const response = await fetch(await server.url);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("処理中にエラーが発生しました");
    expect(logged).toHaveBeenCalledTimes(1);
    const line = logged.mock.calls[0]!.join(" ");
    expect(line).toContain("Error: Upstream 0 on /api/adv/sales");
    expect(line).not.toMatch(/\n\s+at /);
    await server.close();
  });

  it("after the answer began: the connection closes, the download fails rather than hangs", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const server = serve((_req, res, next) => {
      res.writeHead(200, { "Content-Type": "text/csv" });
      res.write("header\r\n");
      next(new Error("half-way"));
    });
    const url = await server.url;
    await expect(fetch(url).then((response) => response.text())).rejects.toThrow();
    expect(logged.mock.calls[0]!.join(" ")).not.toMatch(/\n\s+at /);
    await server.close();
  });
});
