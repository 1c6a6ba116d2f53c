// The administrator corrects an ad: title and priority through input → confirm → complete, with
// JavaScript and without. Each test makes its own ad (the second demo advertiser's, via the API).
import type { APIRequestContext, Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { ADMIN, OTHER, expect, login, test } from "./support";

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post("/api/authentication_token", { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** A draft ad of the second demo advertiser, made through the API; its id. */
async function createAd(request: APIRequestContext, title: string): Promise<number> {
  const token = await tokenOf(request, OTHER);
  const headers = { Authorization: `Bearer ${token}` };
  const upload = await request.post("/api/adv/media_objects", {
    headers,
    multipart: { file: { name: "front.png", mimeType: "image/png", buffer: tinyPng(64, 48) } },
  });
  expect(upload.status()).toBe(201);
  const image = ((await upload.json()) as { "@id": string })["@id"];
  const created = await request.post("/api/adv/posts", {
    headers: { ...headers, "Content-Type": "application/ld+json" },
    data: {
      title,
      image1: image,
      eyeCatch: image,
      body1: "手作りパンのお店です。",
      storeName: "パン工房テスト",
      storeAddress: "大阪府大阪市北区梅田1-1-1",
      storeTel: "06-1234-5678",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function savedAd(request: APIRequestContext, id: number) {
  const token = await tokenOf(request, ADMIN);
  const response = await request.get(`/api/adv/posts/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    title: string;
    priority: number;
    statusNote: string | null;
    image2: { "@id": string } | null;
  };
}

/**
 * Input → confirm → (修正 → confirm) → complete as the administrator; the confirm phase shows what
 * will be saved.
 */
async function editAd(
  page: Page,
  id: number,
  title: string,
  priority: string,
  more?: { before: () => Promise<void>; images: number },
) {
  await page.goto(`/administrator/advertisements/${id}/edit`);
  await expect(page.getByRole("heading", { name: /^広告編集（申込ID/ })).toBeVisible();
  await expect(page.getByLabel("優先度")).toHaveValue("0");
  await page.getByLabel("タイトル").fill(title);
  await page.getByLabel("優先度").fill(priority);
  await page.getByLabel("編集部メモ").fill("タイトルを短くしました。");
  await more?.before();
  await page.getByRole("button", { name: "次へ" }).click();

  await expect(page.getByRole("heading", { name: "広告枠のプレビュー" })).toBeVisible();
  await expect(page.locator(".ad-frame")).toContainText(`${title}【パン工房テスト】`);
  await expect(page.locator(".ad-page img")).toHaveCount(more?.images ?? 1);
  const row = (label: string) => page.locator(".confirm-row", { hasText: label });
  await expect(row("優先度").locator("dd")).toHaveText(priority);
  await expect(row("編集部メモ").locator("dd")).toHaveText("タイトルを短くしました。");
  // 修正 brings every typed value back; 次へ returns to the confirm phase.
  await page.getByRole("button", { name: "修正" }).click();
  await expect(page.getByLabel("タイトル")).toHaveValue(title);
  await expect(page.getByLabel("優先度")).toHaveValue(priority);
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();

  await expect(page).toHaveURL(new RegExp(`/administrator/advertisements/${id}/edit/complete$`));
  await expect(page.getByRole("heading", { name: "広告編集完了" })).toBeVisible();
  await expect(page.getByText("編集内容を保存しました", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "広告詳細へ戻る" })).toHaveAttribute(
    "href",
    `/administrator/advertisements/${id}/detail`,
  );
}

test("an administrator edits an ad's title and priority, adding a picture", async ({
  page,
  request,
}) => {
  const id = await createAd(request, "焼きたてパンの朝市を開催します");
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await editAd(page, id, "焼きたてパンの朝市", "2", {
    // The editor's picture is uploaded as soon as it is chosen and shown at once.
    before: async () => {
      await page
        .getByLabel("画像2", { exact: true })
        .setInputFiles({ name: "bread.png", mimeType: "image/png", buffer: tinyPng(60, 40) });
      await expect(page.getByRole("img", { name: "画像2" })).toBeVisible();
    },
    images: 2,
  });
  const saved = await savedAd(request, id);
  expect(saved.title).toBe("焼きたてパンの朝市");
  expect(saved.priority).toBe(2);
  expect(saved.statusNote).toBe("タイトルを短くしました。");
  expect(saved.image2?.["@id"]).toMatch(/^\/api\/adv\/media_objects\/\d+$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same edit with plain forms", async ({ page, request }) => {
    // Each page of the journey is checked with axe in a mirror page: slow on a busy machine.
    test.slow();
    const id = await createAd(request, "食パン1斤プレゼントキャンペーン実施中");
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    await editAd(page, id, "食パン1斤プレゼント", "15");
    const saved = await savedAd(request, id);
    expect(saved.title).toBe("食パン1斤プレゼント");
    expect(saved.priority).toBe(15);
    expect(saved.statusNote).toBe("タイトルを短くしました。");
  });
});
