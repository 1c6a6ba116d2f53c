// Uploaded images are decoded, not sniffed (ARCHITECTURE §6, ADR 0005): sharp reads every pixel,
// so fake, truncated and oversized files are refused; what is stored is a re-encoded copy, turned
// upright by its EXIF orientation and without metadata (a phone photo's GPS position included),
// with two narrower copies for the news site's ad list and ad page.
import sharp, { type Sharp, type SharpOptions } from "sharp";
import { readImageInfo, type ImageInfo } from "../../shared/image-size";

/** About a 7,700 × 5,200 photo: more than any phone takes, far less than a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The news site shows an ad in its list at up to 640 px and on its page at up to 1280 px. */
export const VARIANT_WIDTHS = { list: 640, page: 1280 } as const;
export type VariantName = keyof typeof VARIANT_WIDTHS;

/**
 * Where a resized copy of a stored file lives: beside it, named after it and the width
 * ("ab12.jpg" → "ab12-w640.jpg"), so no database column is needed to find it.
 */
export function variantPath(filePath: string, variant: VariantName): string {
  const dot = filePath.lastIndexOf(".");
  const stem = dot > filePath.lastIndexOf("/") ? filePath.slice(0, dot) : filePath;
  return `${stem}-w${VARIANT_WIDTHS[variant]}${filePath.slice(stem.length)}`;
}

export type DecodedImage = Pick<ImageInfo, "type" | "extension"> & {
  /** Upright (EXIF orientation applied) pixel size of the stored original. */
  width: number;
  height: number;
  original: Buffer;
  variants: Record<VariantName, Buffer>;
};

export type ImageRefusal = "notImage" | "tooManyPixels" | "unreadable" | "portrait";

const INPUT: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Refuse truncated files and decoding errors, but not a camera's harmless warnings.
  failOn: "error",
  // Animated GIF and WebP: the first frame is the ad image.
  pages: 1,
};

/** Re-encodes in the upload's own format; sharp drops EXIF, XMP and ICC unless asked to keep them. */
function encode(image: Sharp, type: ImageInfo["type"], quality: number): Promise<Buffer> {
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality }).toBuffer();
    case "image/png":
      return image.png().toBuffer();
    case "image/webp":
      return image.webp({ quality }).toBuffer();
    case "image/gif":
      return image.gif().toBuffer();
  }
}

/**
 * The image to store, or why it is refused. The bytes must first look like one of the four
 * types (so sharp never parses SVG, TIFF or HEIF from an upload), then decode completely.
 */
export async function decodeUpload(
  bytes: Uint8Array,
): Promise<{ ok: true; image: DecodedImage } | { ok: false; reason: ImageRefusal }> {
  const sniffed = readImageInfo(bytes);
  if (!sniffed) return { ok: false, reason: "notImage" };
  let width: number;
  let height: number;
  try {
    // The header alone: cheap refusals (pixel cap, portrait) before any pixel is decoded.
    const meta = await sharp(bytes, INPUT).metadata();
    width = meta.autoOrient.width;
    height = meta.autoOrient.height;
    if (!width || !height) return { ok: false, reason: "notImage" };
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  }
  if (width * height > MAX_INPUT_PIXELS) return { ok: false, reason: "tooManyPixels" };
  if (width < height) return { ok: false, reason: "portrait" };
  try {
    const upright = sharp(bytes, INPUT).rotate();
    const resized = (variant: VariantName) =>
      encode(
        upright.clone().resize({ width: VARIANT_WIDTHS[variant], withoutEnlargement: true }),
        sniffed.type,
        82,
      );
    const [original, list, page] = await Promise.all([
      encode(upright.clone(), sniffed.type, 90),
      resized("list"),
      resized("page"),
    ]);
    return {
      ok: true,
      image: {
        type: sniffed.type,
        extension: sniffed.extension,
        width,
        height,
        original,
        variants: { list, page },
      },
    };
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  }
}

function refusalOf(error: unknown): ImageRefusal {
  const message = error instanceof Error ? error.message : "";
  if (/pixel limit/i.test(message)) return "tooManyPixels";
  // Anything else libvips says about an upload (corrupt header, premature end, bad checksum) is a
  // broken file; it is logged without the bytes.
  console.warn(`image upload refused: ${message.split("\n")[0]}`);
  return "unreadable";
}
