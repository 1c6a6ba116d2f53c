// @vitest-environment node
// POST /api/adv/media_objects: images decoded with sharp (fake, truncated and oversized files
// refused, EXIF orientation applied, metadata stripped, list and page copies), size caps while
// streaming, malformed bodies, orientation rule, ownership.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLogs, mediaObjects } from "../db/schema";
import { body, get, postJson } from "../testing/http";
import { pngClaiming, tinyPng } from "../testing/images";
import { phonePhoto } from "../testing/photos";
import { openDemoApiWithMedia, type TestApi } from "../testing/demo-api";

let api: TestApi;
let dir: string;
let shop: string, admin: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ api, dir, shop, admin, close } = await openDemoApiWithMedia("media-upload"));
});
afterAll(() => close());

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
  const stored = await readFile(path.join(dir, media.contentUrl.slice("/media/".length)));
  expect(row).toMatchObject({ clientId: 1, contentType: "image/png", size: stored.length });
  expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 4, height: 3 });
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

test("an administrator's upload and one while impersonating are audited; the advertiser's own is not", async () => {
  const switched = await body(
    await postJson(api.app, "/api/adv/switch_user?to=shop%40example.com", {}, admin),
  );
  const ids: number[] = [];
  for (const token of [shop, admin, switched.token]) {
    const response = await upload(tinyPng(4, 3), "audited.png", token);
    expect(response.status).toBe(201);
    ids.push((await body(response)).id);
  }
  const rowOf = async (id: number) =>
    (
      await api.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.target, `/api/adv/media_objects/${id}`))
    ).map((r) => ({
      action: r.action,
      actor: r.actorUserLoginId,
      impersonator: r.impersonatorUserLoginId,
    }));
  expect(await rowOf(ids[0]!)).toEqual([]);
  expect(await rowOf(ids[1]!)).toEqual([{ action: "media.upload", actor: 1, impersonator: null }]);
  expect(await rowOf(ids[2]!)).toEqual([{ action: "media.upload", actor: 2, impersonator: 1 }]);
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

const stored = (url: string) => readFile(path.join(dir, decodeURIComponent(url.slice(7))));

describe("images are decoded, not sniffed", () => {
  test("a phone photo is turned upright, loses its EXIF and GPS, and gets list and page copies", async () => {
    // 1600 × 2000 stored pixels that a phone shows turned a quarter (EXIF orientation 6):
    // upright it is 2000 × 1600, landscape; the stored left half (red) becomes the top.
    const photo = await phonePhoto(1600, 2000, 6);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(photo, "IMG_0001.JPG", shop);
    expect(response.status).toBe(201);
    const media = await body(response);
    expect(media).toMatchObject({ width: 2000, height: 1600 });
    const [row] = await api.db.select().from(mediaObjects).where(eq(mediaObjects.id, media.id));
    expect(row).toMatchObject({ width: 2000, height: 1600, contentType: "image/jpeg" });

    const original = await stored(media.contentUrl);
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 2000, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.includes("TestPhone")).toBe(false);
    const pixel = async (x: number, y: number) => {
      const { data } = await sharp(original)
        .extract({ left: x, top: y, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const [r1, , b1] = await pixel(1000, 200);
    const [r2, , b2] = await pixel(1000, 1400);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(50);
    expect(r2).toBeLessThan(50);
    expect(b2).toBeGreaterThan(200);

    const stem = media.contentUrl.replace(/\.jpg$/, "");
    expect(media.variants).toEqual({ list: `${stem}-w640.jpg`, page: `${stem}-w1280.jpg` });
    for (const [url, width] of [
      [media.variants.list, 640],
      [media.variants.page, 1280],
    ] as const) {
      const variant = await sharp(await stored(url)).metadata();
      expect(variant).toMatchObject({ format: "jpeg", width, height: (width * 1600) / 2000 });
      expect(variant.exif).toBeUndefined();
      expect((await get(api.app, url)).status).toBe(200);
    }
  });

  test("the landscape-or-square rule looks at the upright photo", async () => {
    // Landscape pixels, but orientation 6 shows them as a portrait.
    expect(await violations(await upload(await phonePhoto(80, 60, 6), "a.jpg", shop))).toEqual([
      ["file", "画像は横長または正方形のものを使用してください。"],
    ]);
  });

  test("a small image is not enlarged for its copies", async () => {
    const media = await body(await upload(tinyPng(40, 30), "small.png", shop));
    const list = await sharp(await stored(media.variants.list)).metadata();
    expect(list).toMatchObject({ format: "png", width: 40, height: 30 });
  });

  test("a PNG claiming 100000 × 50000 pixels is refused on its field", async () => {
    expect(await violations(await upload(pngClaiming(100_000, 50_000), "bomb.png", shop))).toEqual([
      ["file", "画像の画素数が大きすぎます。4000万画素以下の画像を選択してください。"],
    ]);
  });

  test("a width of 4294967295 is a violation, not a server error", async () => {
    const response = await upload(pngClaiming(4294967295, 1), "wide.png", shop);
    expect(response.status).toBe(422);
    expect((await body(response)).violations[0].propertyPath).toBe("file");
  });

  test("24 bytes of PNG header, or a truncated image, are refused as unreadable", async () => {
    const unreadable = [
      "file",
      "画像を読み込めませんでした。壊れていない画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。",
    ];
    const header = tinyPng(4, 3).subarray(0, 24);
    expect(await violations(await upload(header, "fake.png", shop))).toEqual([unreadable]);
    const junk = Buffer.concat([header, Buffer.from("junk".repeat(50))]);
    expect(await violations(await upload(junk, "junk.png", shop))).toEqual([unreadable]);
    const photo = await phonePhoto(400, 300, 1);
    const cut = photo.subarray(0, Math.floor(photo.length * 0.7));
    expect(await violations(await upload(cut, "cut.jpg", shop))).toEqual([unreadable]);
  });

  test("nothing is left in the media directory by a refusal", async () => {
    const before = (await readdir(dir)).length;
    await upload(pngClaiming(100_000, 50_000), "bomb.png", shop);
    await upload(await phonePhoto(80, 60, 6), "portrait.jpg", shop);
    expect((await readdir(dir)).length).toBe(before);
  });
});

describe("malformed and oversized bodies", () => {
  const boundary = "----probe";
  const head = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    "Content-Type: image/png\r\n\r\n";

  const raw = (body: BodyInit, extra: Record<string, string> = {}) =>
    api.app.request("/api/adv/media_objects", {
      method: "POST",
      body,
      headers: {
        Authorization: `Bearer ${shop}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        ...extra,
      },
      // A stream body needs this in Node's fetch Request.
      ...({ duplex: "half" } as object),
    });

  test("a truncated multipart body is a 400 hydra error", async () => {
    const truncated = Buffer.concat([Buffer.from(head("a.png")), tinyPng(4, 3).subarray(0, 40)]);
    const response = await raw(truncated);
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({
      "@type": "hydra:Error",
      "hydra:description": "The multipart body could not be read (truncated or malformed).",
    });
  });

  test("a chunked body without a length is stopped at the cap with 413, not read whole", async () => {
    const chunk = new Uint8Array(64 * 1024);
    const total = 64 * 1024 * 1024;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent === 0) {
            controller.enqueue(new TextEncoder().encode(head("big.png")));
          }
          if (sent >= total) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const response = await raw(stream);
    expect(response.status).toBe(413);
    expect((await body(response))["hydra:description"]).toBe(
      "ファイルサイズは10MB以下にしてください。",
    );
    expect(sent).toBeLessThan(11 * 1024 * 1024);
  });

  test("a declared length over the cap is refused before reading", async () => {
    let pulled = false;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = await raw(stream, { "Content-Length": String(20 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(pulled).toBe(false);
  });
});
