// Portrait photos are sent upstream as their landscape centre crop (issue 30): upright by their
// EXIF orientation, 4:3, the middle kept, no metadata; landscape and square files go byte for byte.
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { tinyPng } from "../../api/testing/images";
import { centreCrop, cropPortrait } from "./portrait-crop";
import { createUpstreamClient } from "./upstream/client";
import { formBodyLimit, parseFormWithUploads } from "./uploads";
import { messagesOf } from "./logger";

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };
const BLACK = { r: 0, g: 0, b: 0 };

/**
 * An image whose upright view is `width` × `height` with horizontal bands: black above and below
 * the 4:3 centre, whose upper half is red and lower half blue; so a crop that is off centre shows
 * black, and one upside down shows blue on top. With `orientation` 6 the pixels are stored turned
 * (a phone's portrait photo: landscape pixels, the upright view's top stored as the left column).
 */
async function bandedImage(
  width: number,
  height: number,
  options: { format: "jpeg" | "png"; orientation?: 6 },
) {
  // The expected crop, worked out here rather than by the code under test: 4:3 at full width.
  const crop = { top: Math.floor((height - (width * 3) / 4) / 2), height: (width * 3) / 4 };
  const half = Math.floor(crop.height / 2);
  const band = (color: typeof RED, w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: color } })
      .png()
      .toBuffer();
  const turned = options.orientation === 6;
  // Upright rows become stored columns when turned.
  const place = async (color: typeof RED, top: number, rows: number) => ({
    input: await (turned ? band(color, rows, width) : band(color, width, rows)),
    left: turned ? top : 0,
    top: turned ? 0 : top,
  });
  const image = sharp({
    create: {
      width: turned ? height : width,
      height: turned ? width : height,
      channels: 3,
      background: BLACK,
    },
  }).composite([
    await place(RED, crop.top, half),
    await place(BLUE, crop.top + half, crop.height - half),
  ]);
  if (options.format === "png") return image.png().toBuffer();
  const jpeg = image
    .jpeg({ quality: 95 })
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N" } });
  return (turned ? jpeg.withMetadata({ orientation: 6 }) : jpeg).toBuffer();
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { r: data[0]!, g: data[1]!, b: data[2]! };
}

/** Within JPEG's error of the colour. */
const near = (actual: typeof RED, expected: typeof RED) =>
  expect(
    Math.max(
      Math.abs(actual.r - expected.r),
      Math.abs(actual.g - expected.g),
      Math.abs(actual.b - expected.b),
    ),
  ).toBeLessThan(48);

/** The crop has the full width, 4:3, red on top and blue at the bottom, and no black band. */
async function expectCentreCrop(cropped: Buffer, width: number) {
  const height = (width * 3) / 4;
  const meta = await sharp(cropped).metadata();
  expect({ width: meta.width, height: meta.height }).toEqual({ width, height });
  for (const x of [0, Math.floor(width / 2), width - 1]) {
    near(await pixel(cropped, x, 1), RED);
    near(await pixel(cropped, x, Math.floor(height / 2) - 4), RED);
    near(await pixel(cropped, x, Math.floor(height / 2) + 4), BLUE);
    near(await pixel(cropped, x, height - 2), BLUE);
  }
  return meta;
}

describe("the centre crop", () => {
  it("is 4:3 at the full width, with as much cut above as below", () => {
    expect(centreCrop(300, 600)).toEqual({ left: 0, top: 187, width: 300, height: 225 });
    expect(centreCrop(3024, 4032)).toEqual({ left: 0, top: 882, width: 3024, height: 2268 });
    // Barely portrait: a 4:3 crop of 100 × 101 keeps 75 rows.
    expect(centreCrop(100, 101)).toEqual({ left: 0, top: 13, width: 100, height: 75 });
  });

  it("makes a portrait PNG landscape, exactly the middle rows", async () => {
    const cropped = (await cropPortrait(await bandedImage(300, 600, { format: "png" })))!;
    const meta = await expectCentreCrop(cropped, 300);
    expect(meta.format).toBe("png");
    // Lossless: the first and last rows are the band's, not the black around it.
    expect(await pixel(cropped, 150, 0)).toEqual(RED);
    expect(await pixel(cropped, 150, 224)).toEqual(BLUE);
  });

  it("makes a portrait JPEG landscape, as a JPEG without its EXIF", async () => {
    const photo = await bandedImage(600, 1000, { format: "jpeg" });
    const cropped = (await cropPortrait(photo))!;
    const meta = await expectCentreCrop(cropped, 600);
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(cropped.includes("TestPhone")).toBe(false);
  });

  it("turns a phone's portrait photo (EXIF orientation 6) upright before cropping", async () => {
    // Stored as 1000 × 600 landscape pixels; the phone shows them as a 600 × 1000 portrait.
    const photo = await bandedImage(600, 1000, { format: "jpeg", orientation: 6 });
    expect(await sharp(photo).metadata()).toMatchObject({
      width: 1000,
      height: 600,
      orientation: 6,
    });
    const cropped = (await cropPortrait(photo))!;
    const meta = await expectCentreCrop(cropped, 600);
    // Upright in its pixels: nothing left for a viewer to turn.
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it("keeps a GIF a GIF and a WebP a WebP", async () => {
    const red = sharp({ create: { width: 200, height: 400, channels: 3, background: RED } });
    for (const [format, portrait] of [
      ["gif", await red.clone().gif().toBuffer()],
      ["webp", await red.clone().webp().toBuffer()],
    ] as const) {
      const cropped = (await cropPortrait(portrait))!;
      expect(await sharp(cropped).metadata()).toMatchObject({ format, width: 200, height: 150 });
    }
  });

  it("leaves landscape, square and unreadable files alone", async () => {
    expect(await cropPortrait(tinyPng(40, 30))).toBeNull();
    expect(await cropPortrait(tinyPng(30, 30))).toBeNull();
    // Portrait pixels that EXIF orientation 6 shows as a landscape photo.
    const turnedLandscape = await sharp({
      create: { width: 60, height: 80, channels: 3, background: RED },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await cropPortrait(turnedLandscape)).toBeNull();
    expect(await cropPortrait(new TextEncoder().encode("not an image"))).toBeNull();
  });

  it("gives up on a portrait it cannot decode (the upstream then refuses it)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const photo = await bandedImage(300, 600, { format: "jpeg" });
    expect(await cropPortrait(photo.subarray(0, 600))).toBeNull();
    expect(messagesOf(warn.mock.calls)).toEqual([expect.stringMatching(/^portrait crop failed: /)]);
    warn.mockRestore();
  });
});

/** Reads a multipart form through the portal's upload path; answers what the upstream got. */
async function sendThroughPortal(file: Buffer, filename: string, type: string) {
  const sent: Uint8Array[] = [];
  const api = createUpstreamClient({
    baseUrl: "http://upstream.test",
    log: () => undefined,
    fetch: async (_url, init) => {
      const upload = (init!.body as FormData).get("file") as Blob;
      sent.push(new Uint8Array(await upload.arrayBuffer()));
      return Response.json(
        { "@id": "/api/adv/media_objects/1", contentUrl: "/media/1.jpg" },
        { status: 201 },
      );
    },
  });
  const body = new FormData();
  body.set("title", "冬の限定ラテ");
  body.set("image1File", new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request("http://portal.test/advertiser/advertisements/new", {
    method: "POST",
    body,
  });
  const { formData, uploads } = await parseFormWithUploads(
    request,
    api,
    (name) => name === "image1File",
    formBodyLimit(1),
  );
  expect(formData.get("title")).toBe("冬の限定ラテ");
  expect(sent).toHaveLength(1);
  return { sent: Buffer.from(sent[0]!), outcome: uploads.get("image1File") };
}

describe("the upload path", () => {
  it("sends a landscape or square image byte for byte, with no notice", async () => {
    for (const image of [
      tinyPng(40, 30),
      tinyPng(30, 30),
      await sharp({ create: { width: 80, height: 60, channels: 3, background: RED } })
        .jpeg()
        .withMetadata({ orientation: 1 })
        .toBuffer(),
    ]) {
      const { sent, outcome } = await sendThroughPortal(image, "a.png", "image/png");
      expect(sent.equals(image)).toBe(true);
      expect(outcome).toEqual({
        ok: true,
        media: { "@id": "/api/adv/media_objects/1", contentUrl: "/media/1.jpg" },
      });
    }
  });

  it("sends a portrait photo's centre crop and says it was cropped", async () => {
    const photo = await bandedImage(600, 1000, { format: "jpeg", orientation: 6 });
    const { sent, outcome } = await sendThroughPortal(photo, "IMG_0001.JPG", "image/jpeg");
    await expectCentreCrop(sent, 600);
    expect(outcome).toMatchObject({ ok: true, cropped: true });
  });
});
