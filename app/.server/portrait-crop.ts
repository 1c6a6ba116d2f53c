// Portrait photos become landscape before they go upstream (issue 30): the upstream refuses them
// (SPEC §8: landscape or square), so the portal keeps the middle of the picture at 4:3, the shape
// of the ad frame's eye-catch, and tells the person beside the field. The header says whether a
// file is portrait (shared/image-size.ts, no dependency); sharp is imported only when one is, so
// a portal that never meets a portrait (and one in proxy mode at start, issue 31) never loads it.
import type { Sharp, SharpOptions } from "sharp";
import { readImageInfo, type ImageType } from "../../shared/image-size";
import { log } from "./logger";

/** The ad frame shows the eye-catch at 4:3 (app.css .ad-frame img, the news site's list thumbs). */
export const CROP_ASPECT = { width: 4, height: 3 } as const;

export const CROPPED_NOTICE =
  "縦長の画像だったため、中央を横長に切り抜きました。別の部分を使う場合は、横長に編集した画像を選び直してください。";

/**
 * The upstream's own cap (ADR 0005): a larger image is not decoded here either, but sent as it is
 * for the upstream to refuse with its message.
 */
const MAX_INPUT_PIXELS = 40_000_000;

const INPUT: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // A broken file is not cropped: the upstream's refusal says what is wrong with it.
  failOn: "error",
  // Animated GIF and WebP: the first frame, as the upstream keeps.
  pages: 1,
  // Upright first, so the crop's coordinates are the ones the person sees.
  autoOrient: true,
};

type SharpFactory = typeof import("sharp");
let loading: Promise<SharpFactory> | undefined;

/** sharp on first use; a failed load is tried again next time rather than remembered. */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The middle rows of an upright width × height portrait that make CROP_ASPECT at full width. */
export function centreCrop(width: number, height: number) {
  const cropHeight = Math.max(1, Math.round((width * CROP_ASPECT.height) / CROP_ASPECT.width));
  return { left: 0, top: Math.floor((height - cropHeight) / 2), width, height: cropHeight };
}

/**
 * Same format as sent, so the upstream stores what it would have (ADR 0005: it re-encodes JPEG
 * and WebP at 90 too, which keeps the second generation close to the first). sharp writes no
 * metadata unless asked: the EXIF (GPS included) and the orientation tag are gone, the pixels are
 * already upright.
 */
function encode(image: Sharp, type: ImageType): Promise<Buffer> {
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality: 90 }).toBuffer();
    case "image/png":
      return image.png().toBuffer();
    case "image/webp":
      return image.webp({ quality: 90 }).toBuffer();
    case "image/gif":
      return image.gif().toBuffer();
  }
}

/**
 * The centre crop of a portrait image, or null to send the bytes as they are: a landscape or
 * square image, anything that is not a readable image, one over the pixel cap, or a crop that
 * failed (the upstream then refuses the portrait as before).
 */
export async function cropPortrait(bytes: Uint8Array): Promise<Buffer | null> {
  const header = readImageInfo(bytes);
  if (!header || header.width >= header.height) return null;
  if (header.width * header.height > MAX_INPUT_PIXELS) return null;
  try {
    const sharp = await loadSharp();
    // The header reader knows JPEG's EXIF orientation; libvips has the last word on every type.
    const { autoOrient } = await sharp(bytes, INPUT).metadata();
    if (!autoOrient.width || !autoOrient.height || autoOrient.width >= autoOrient.height) {
      return null;
    }
    const crop = centreCrop(autoOrient.width, autoOrient.height);
    return await encode(sharp(bytes, INPUT).extract(crop), header.type);
  } catch (error) {
    // Logged without the bytes; the upload goes on uncropped.
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    log.warn(`portrait crop failed: ${message}`);
    return null;
  }
}
