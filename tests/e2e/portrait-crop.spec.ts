// A portrait phone photo on the ad form (issue 30): instead of a refusal, its centre is cropped
// to 4:3 landscape, the field says so beside the cropped thumbnail, and the ad saves with it. On
// a phone (375 px), with and without JavaScript; nothing typed is lost.
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { phonePhoto } from "../../api/testing/photos";
import { OTHER, expect, login, shoot, test } from "./support";
import { uniqueStamp } from "./upstream";

const CROPPED =
  "縦長の画像だったため、中央を横長に切り抜きました。別の部分を使う場合は、横長に編集した画像を選び直してください。";

/** What a phone sends: 1200 × 900 stored pixels, EXIF orientation 6, upright 900 × 1200. */
const portraitPhoto = async () => ({
  name: "IMG_0420.JPG",
  mimeType: "image/jpeg",
  buffer: await phonePhoto(1200, 900, 6),
});

async function fillAd(page: Page, title: string) {
  await page.getByLabel("タイトル").fill(title);
  await page.getByLabel("本文1").fill("縦長の写真で作った広告です。");
  await page.getByLabel("店名").fill("縦長写真店");
  await page.getByLabel("住所").fill("東京都渋谷区神宮前1-1-1");
  await page.getByLabel("掲載用電話番号").fill("03-1111-2222");
}

/** The pixel size of the image an <img> shows, read from the served file (no page script). */
async function storedSize(page: Page, img: Locator) {
  const src = await img.getAttribute("src");
  const response = await page.request.get(src!);
  expect(response.ok()).toBe(true);
  const { width, height } = await sharp(await response.body()).metadata();
  return { width, height };
}

/** The cropped image beside its field: landscape 4:3 thumbnail, the notice, the input told of it. */
async function expectCroppedImage(page: Page) {
  const slot = page.locator("fieldset", { has: page.getByRole("img", { name: "画像1" }) });
  const notice = slot.getByRole("status");
  await expect(notice).toHaveText(CROPPED);
  const thumbnail = slot.getByRole("img", { name: "画像1" });
  // On the phone both fit the screen's width, whole, side by side with nothing cut off.
  for (const shown of [thumbnail, notice]) {
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toBeInViewport({ ratio: 1 });
  }
  expect(await storedSize(page, thumbnail)).toEqual({ width: 900, height: 675 });
  await expect(page.getByLabel("画像1", { exact: true })).toHaveAccessibleDescription(CROPPED);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled, viewport: { width: 375, height: 740 } });

    test("a portrait photo is cropped to landscape, said beside the field, and the ad saves", async ({
      page,
    }) => {
      await login(page, OTHER);
      await expect(page).toHaveURL(/\/advertiser$/);
      await page.goto("/advertiser/advertisements/new");
      const title = `縦長写真 ${uniqueStamp()}`;
      await fillAd(page, title);
      await page.getByLabel("画像1", { exact: true }).setInputFiles(await portraitPhoto());
      if (!javaScriptEnabled) {
        // The files travel with the form: it comes back once, nothing saved yet, to show the crop.
        await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
        await expect(page).toHaveURL(/\/advertiser\/advertisements\/new$/);
        await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toHaveCount(0);
      }
      await expectCroppedImage(page);
      await shoot(page, `portrait-crop-${javaScriptEnabled ? "js" : "nojs"}`, false);
      await expect(page.getByLabel("タイトル")).toHaveValue(title);
      await expect(page.getByLabel("本文1")).toHaveValue("縦長の写真で作った広告です。");
      await expect(page.getByLabel("掲載用電話番号")).toHaveValue("03-1111-2222");

      await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
      await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+\/publishment$/);
      await expect(page.locator(".ad-frame")).toContainText(`${title}【縦長写真店】`);
      const frameImage = page.locator(".ad-frame img");
      await expect(frameImage).toBeVisible();
      expect(await storedSize(page, frameImage)).toEqual({ width: 900, height: 675 });
    });
  });
}
