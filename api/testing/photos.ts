// Real photos for upload tests, made with sharp: a phone's JPEG stores landscape pixels with an
// EXIF orientation and often its GPS position.
import sharp from "sharp";

/**
 * A JPEG of `width` × `height` stored pixels whose left half is red and right half blue, with EXIF
 * `orientation` and a GPS position in Tokyo.
 */
export async function phonePhoto(width: number, height: number, orientation: number) {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: "#0000ff" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } })
    .composite([{ input: blue, left: half, top: 0 }])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: "TestPhone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 39/1 2900/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "139/1 44/1 2800/100",
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}
