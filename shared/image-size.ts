// The type and pixel size of an uploaded image, read from its header bytes (no dependency):
// PNG, JPEG, GIF and WebP. Anything else is not an image we accept. A format reader, not a rule:
// the API sniffs uploads with it before sharp decodes them, the portal finds portrait photos with
// it without loading sharp (issue 30). It imports nothing, so either side may use it.

export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

export interface ImageInfo {
  type: ImageType;
  extension: "png" | "jpg" | "gif" | "webp";
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** The image's type and size, or null when the bytes are not a readable PNG, JPEG, GIF or WebP. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const info = png(bytes, view) ?? gif(bytes, view) ?? jpeg(bytes, view) ?? webp(bytes, view);
  return info && info.width > 0 && info.height > 0 ? info : null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  if (ascii(bytes, 12, 4) !== "IHDR") return null;
  return {
    type: "image/png",
    extension: "png",
    width: view.getUint32(16),
    height: view.getUint32(20),
  };
}

function gif(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 10) return null;
  const signature = ascii(bytes, 0, 6);
  if (signature !== "GIF87a" && signature !== "GIF89a") return null;
  return {
    type: "image/gif",
    extension: "gif",
    width: view.getUint16(6, true),
    height: view.getUint16(8, true),
  };
}

const EXIF_ORIENTATION_TAG = 0x0112;

/**
 * The EXIF orientation (1-8) of an APP1 segment's payload, or 1. Phones store a portrait photo as
 * landscape pixels with orientation 6 or 8, and browsers show it turned.
 */
function exifOrientation(view: DataView, start: number, end: number): number {
  const ascii6 = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
  if (end - start < 14 || ascii6.some((b, i) => view.getUint8(start + i) !== b)) return 1;
  const tiff = start + 6;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === EXIF_ORIENTATION_TAG) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * Walks the JPEG markers up to the first start-of-frame (SOF0-SOF15 but DHT, JPG, DAC). The size
 * is the displayed one: orientations 5-8 (a quarter turn) swap width and height.
 */
function jpeg(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let offset = 2;
  let orientation = 1;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    const isFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) return null;
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      const turned = orientation >= 5;
      return {
        type: "image/jpeg",
        extension: "jpg",
        width: turned ? height : width,
        height: turned ? width : height,
      };
    }
    if (marker === 0xe1 && orientation === 1) {
      orientation = exifOrientation(view, offset + 4, Math.min(offset + 2 + length, bytes.length));
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan or end before any frame
    offset += 2 + length;
  }
  return null;
}

function webp(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") {
    return null;
  }
  const chunk = ascii(bytes, 12, 4);
  const base = { type: "image/webp" as const, extension: "webp" as const };
  if (chunk === "VP8 ") {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return {
      ...base,
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    };
  }
  if (chunk === "VP8L") {
    // Lossless: signature 0x2f, then width − 1 and height − 1 in 14 bits each.
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { ...base, width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    // Extended: canvas width − 1 and height − 1, 24 bits each.
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { ...base, width: u24(24) + 1, height: u24(27) + 1 };
  }
  return null;
}
