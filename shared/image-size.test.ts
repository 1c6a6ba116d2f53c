import { deflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { readImageInfo } from "./image-size";
import { tinyPng } from "../api/testing/images";

describe("readImageInfo", () => {
  test("PNG", () => {
    expect(readImageInfo(tinyPng(3, 2))).toEqual({
      type: "image/png",
      extension: "png",
      width: 3,
      height: 2,
    });
  });

  test("GIF", () => {
    const gif = Buffer.from([
      ...Buffer.from("GIF89a"),
      0x40,
      0x01,
      0xf0,
      0x00, // 320 x 240
      0,
      0,
      0,
    ]);
    expect(readImageInfo(gif)).toMatchObject({ type: "image/gif", width: 320, height: 240 });
  });

  test("JPEG, skipping an APP0 segment", () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof0 = [
      0xff, 0xc0, 0x00, 0x11, 8, 0x01, 0xe0, 0x02, 0x80, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ];
    const jpeg = Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
    expect(readImageInfo(jpeg)).toEqual({
      type: "image/jpeg",
      extension: "jpg",
      width: 640,
      height: 480,
    });
  });

  describe("JPEG with an EXIF orientation gives the displayed size", () => {
    const sof0 = [
      0xff, 0xc0, 0x00, 0x11, 8, 0x01, 0xe0, 0x02, 0x80, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]; // 640 x 480 pixels
    /** An APP1 Exif segment whose IFD0 holds only the orientation tag. */
    const app1 = (orientation: number, little: boolean) => {
      const u16 = (v: number) => (little ? [v & 0xff, v >> 8] : [v >> 8, v & 0xff]);
      const u32 = (v: number) =>
        little ? [v & 0xff, (v >> 8) & 0xff, 0, 0] : [0, 0, (v >> 8) & 0xff, v & 0xff];
      const tiff = [
        ...(little ? [0x49, 0x49] : [0x4d, 0x4d]),
        ...u16(42),
        ...u32(8),
        ...u16(1), // one entry
        ...u16(0x0112),
        ...u16(3), // SHORT
        ...u32(1),
        ...u16(orientation),
        0,
        0,
        ...u32(0), // no next IFD
      ];
      const payload = [...Buffer.from("Exif\0\0"), ...tiff];
      return [0xff, 0xe1, ...[(payload.length + 2) >> 8, (payload.length + 2) & 0xff], ...payload];
    };
    const jpeg = (segment: number[]) => Buffer.from([0xff, 0xd8, ...segment, ...sof0, 0xff, 0xd9]);

    test.each([
      [1, true, 640, 480],
      [3, false, 640, 480],
      [6, true, 480, 640],
      [8, false, 480, 640],
      [5, true, 480, 640],
    ])("orientation %i (little-endian %s) is %i x %i", (orientation, little, width, height) => {
      expect(readImageInfo(jpeg(app1(orientation, little)))).toMatchObject({ width, height });
    });

    test("a broken Exif segment is ignored", () => {
      const broken = [0xff, 0xe1, 0x00, 0x0a, ...Buffer.from("Exif\0\0"), 0x49, 0x49];
      expect(readImageInfo(jpeg(broken))).toMatchObject({ width: 640, height: 480 });
    });
  });

  test("WebP lossy, lossless and extended", () => {
    const riff = (chunk: string, payload: number[]) =>
      Buffer.from([
        ...Buffer.from("RIFF"),
        0,
        0,
        0,
        0,
        ...Buffer.from("WEBP"),
        ...Buffer.from(chunk),
        0,
        0,
        0,
        0,
        ...payload,
        ...new Array(16).fill(0),
      ]);
    const lossy = riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x90, 0x01, 0x2c, 0x01]); // 400 x 300
    expect(readImageInfo(lossy)).toMatchObject({ type: "image/webp", width: 400, height: 300 });
    const w = 99,
      h = 49; // 100 x 50
    const bits = w | (h << 14);
    const lossless = riff("VP8L", [
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      (bits >> 16) & 0xff,
      bits >>> 24,
    ]);
    expect(readImageInfo(lossless)).toMatchObject({ width: 100, height: 50 });
    const extended = riff("VP8X", [0, 0, 0, 0, 0xff, 0x03, 0, 0xc7, 0x00, 0]); // 1024 x 200
    expect(readImageInfo(extended)).toMatchObject({ width: 1024, height: 200 });
  });

  test.each([
    ["text", Buffer.from("hello, this is not an image at all")],
    ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"/>')],
    ["truncated PNG", tinyPng(3, 2).subarray(0, 20)],
    ["empty", Buffer.alloc(0)],
    ["zlib noise", deflateSync(Buffer.from("x"))],
  ])("%s is not an image", (_, bytes) => {
    expect(readImageInfo(bytes)).toBeNull();
  });
});
