// @vitest-environment node
// POST /api/adv/media_objects: sniffed image types, size and orientation rules, ownership.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { mediaObjects } from "../db/schema";
import { createTestApi } from "../testing/db";
import { body, get, loginAdmin, loginShop } from "../testing/http";
import { tinyPng } from "../testing/images";

let api: Awaited<ReturnType<typeof createTestApi>>;
let dir: string;
let shop: string;
let admin: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "media-upload-"));
  api = await createTestApi({ env: { MEDIA_DIR: dir } });
  shop = (await loginShop(api.app)).token;
  admin = (await loginAdmin(api.app)).token;
});
afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

function upload(bytes: Uint8Array, name: string, token?: string) {
  const form = new FormData();
  form.append(
    "file",
    new File([new Uint8Array(bytes)], name, { type: "application/octet-stream" }),
  );
  return api.app.request("/api/adv/media_objects", {
    method: "POST",
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

async function violations(response: Response) {
  expect(response.status).toBe(422);
  return (await body(response)).violations.map((v: { propertyPath: string; message: string }) => [
    v.propertyPath,
    v.message,
  ]);
}

test("a landscape PNG is stored and served, whatever its name", async () => {
  const png = tinyPng(4, 3);
  const response = await upload(png, "photo.txt", shop);
  expect(response.status).toBe(201);
  const media = await body(response);
  expect(media).toMatchObject({
    "@id": `/api/adv/media_objects/${media.id}`,
    "@type": "MediaObject",
    width: 4,
    height: 3,
  });
  expect(media.contentUrl).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
  const [row] = await api.db.select().from(mediaObjects).where(eq(mediaObjects.id, media.id));
  expect(row).toMatchObject({ clientId: 1, contentType: "image/png", size: png.length });
  expect(await readFile(path.join(dir, media.contentUrl.slice("/media/".length)))).toEqual(png);
  const served = await get(api.app, media.contentUrl);
  expect(served.status).toBe(200);
  expect(served.headers.get("Content-Type")).toBe("image/png");
});

test("a square image is fine; an administrator's upload has no owner", async () => {
  const response = await upload(tinyPng(5, 5), "square.png", admin);
  expect(response.status).toBe(201);
  const { id } = await body(response);
  const [row] = await api.db.select().from(mediaObjects).where(eq(mediaObjects.id, id));
  expect(row!.clientId).toBeNull();
});

test("a portrait image is refused", async () => {
  expect(await violations(await upload(tinyPng(3, 4), "tall.png", shop))).toEqual([
    ["file", "画像は横長または正方形のものを使用してください。"],
  ]);
});

test("a text file named .png is refused", async () => {
  expect(await violations(await upload(Buffer.from("not an image"), "fake.png", shop))).toEqual([
    ["file", "画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。"],
  ]);
});

test("over 10 MB is refused", async () => {
  const big = Buffer.concat([tinyPng(4, 3), Buffer.alloc(10 * 1024 * 1024)]);
  expect(await violations(await upload(big, "big.png", shop))).toEqual([
    ["file", "ファイルサイズは10MB以下にしてください。"],
  ]);
});

test("a missing file is a violation; no login is 401", async () => {
  const response = await api.app.request("/api/adv/media_objects", {
    method: "POST",
    body: new FormData(),
    headers: { Authorization: `Bearer ${shop}` },
  });
  expect(await violations(response)).toEqual([["file", "入力してください。"]]);
  expect((await upload(tinyPng(4, 3), "a.png")).status).toBe(401);
});
