// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi } from "../testing/db";
import { contentUrl, resolveMediaPath } from "./media-objects";

describe("resolveMediaPath", () => {
  const root = path.resolve("/srv/media");
  test.each([
    ["/media/a.png", path.join(root, "a.png")],
    ["/media/2025/06/a%20b.png", path.join(root, "2025", "06", "a b.png")],
    ["/media/%E5%86%99%E7%9C%9F.jpg", path.join(root, "写真.jpg")],
  ])("%s is served from the media directory", (requestPath, expected) => {
    expect(resolveMediaPath(root, requestPath)).toBe(expected);
  });

  test.each([
    "/media/",
    "/media/..%2f..%2fetc%2fpasswd",
    "/media/a%2f..%2f..%2fetc%2fpasswd",
    "/media/%2e%2e/secret",
    "/media/.env",
    "/media/a//b.png",
    "/media/a%5C..%5Cb",
    "/media/a%00.png",
    "/media/%E0%A4%A",
    "/other/a.png",
  ])("%s is refused", (requestPath) => {
    expect(resolveMediaPath(root, requestPath)).toBeNull();
  });

  test("contentUrl encodes each segment", () => {
    expect(contentUrl("2025/写真 1.jpg")).toBe("/media/2025/%E5%86%99%E7%9C%9F%201.jpg");
  });
});

describe("GET /media/*", () => {
  let dir: string;
  let api: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "omise-media-"));
    await mkdir(path.join(dir, "media", "sub"), { recursive: true });
    await writeFile(
      path.join(dir, "media", "sub", "pic.svg"),
      "<svg xmlns='http://www.w3.org/2000/svg'/>",
    );
    await writeFile(path.join(dir, "secret.txt"), "secret");
    api = await createTestApi({ env: { MEDIA_DIR: path.join(dir, "media") } });
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  test("serves a file without a token, with a safe content type", async () => {
    const response = await api.app.request("/media/sub/pic.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await response.text()).toContain("<svg");
  });

  test("refuses to leave the media directory", async () => {
    for (const p of ["/media/..%2fsecret.txt", "/media/sub/..%2f..%2fsecret.txt", "/media/sub"]) {
      const response = await api.app.request(p);
      expect(response.status).toBe(404);
      expect((await response.json())["@type"]).toBe("hydra:Error");
    }
  });
});
