// The administrator's ad edit through the real server: input → confirm → back → submit saving the
// content with the editors' priority and note, no re-review (the order's status stays), errors
// beside their fields with every typed value kept, images uploaded with the form by an editor,
// a deleted ad, and advertisers and anonymous visitors refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adForm, startStack, type Stack, multipart, pngBlob as png } from "./stack";

let stack: Stack;
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack();
  const shop = await stack.tokens("shop@example.com", "shop-password");
  const admin = await stack.tokens("admin@example.com", "admin-password");
  tokens.shop = shop.token;
  tokens.admin = admin.token;
  cookies.shop = stack.cookieFor({ main: shop });
  cookies.admin = stack.cookieFor({ main: admin });
});
afterAll(async () => {
  await stack?.close();
});

const AD = adForm("編集部が直したタイトル", "編集部が本文を整えました。");

const post = (path: string, cookie: string | undefined, body: FormData) =>
  stack.postForm(path, cookie, body);

const get = (path: string, cookie?: string) =>
  stack.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });

type ApiPost = Record<string, unknown> & {
  id: number;
  title: string;
  priority?: number;
  statusNote?: string | null;
  image1: { "@id": string } | null;
  image2: { "@id": string } | null;
  publishmentOrder: { publishmentStatus: string } | null;
};

const apiGet = (path: string, token = tokens.admin!) => stack.apiGet<ApiPost>(path, token);

const editPath = (id: number) => `/administrator/advertisements/${id}/edit`;

/** Posts the edit form of `ad` as `cookie`: the AD content on the ad's own first image, and `fields`. */
const postEditAs = (
  cookie: string | undefined,
  ad: Pick<ApiPost, "id" | "image1">,
  fields: Record<string, string>,
  files: Record<string, Blob> = {},
) =>
  post(editPath(ad.id), cookie, multipart({ ...AD, image1: ad.image1!["@id"], ...fields }, files));

/** The same as an editor. */
const postEdit = (
  ad: Pick<ApiPost, "id" | "image1">,
  fields: Record<string, string>,
  files?: Record<string, Blob>,
) => postEditAs(cookies.admin, ad, fields, files);

/** The shop's first ad whose order is in `status` (the stack's database is this file's own). */
async function adWithStatus(status: string): Promise<ApiPost> {
  const list = (await apiGet("/api/adv/posts?itemsPerPage=100", tokens.shop)) as unknown as {
    "hydra:member": ApiPost[];
  };
  const ad = list["hydra:member"].find((p) => p.publishmentOrder?.publishmentStatus === status);
  expect(ad, `a demo ad in ${status}`).toBeTruthy();
  return apiGet(`/api/adv/posts/${ad!.id}`);
}

/** A draft of the shop's made through the advertiser's own form, for tests that change it. */
async function newDraft(title: string): Promise<number> {
  const response = await post(
    "/advertiser/advertisements/new",
    cookies.shop,
    multipart({ ...AD, title, intent: "submit" }, { image1File: png(40, 30) }),
  );
  expect(response.status).toBe(302);
  return Number(/\/advertisements\/(\d+)\//.exec(response.headers.get("location")!)![1]);
}

describe("an editor edits an ad: input → confirm → complete", () => {
  it("saves the content, the priority and the note; the new order stays new", async () => {
    const before = await adWithStatus("new");
    const path = editPath(before.id);

    const page = await get(path, cookies.admin);
    expect(page.status).toBe(200);
    const input = await page.text();
    expect(input).toContain("編集部の設定");
    expect(input).toContain("小さいほど一覧の上に表示されます");
    expect(input).toContain("「編集部より」として表示されます");
    expect(input).toMatch(new RegExp(`name="priority"[^>]*value="${before.priority ?? 0}"`));
    // The advertiser's re-review notice is not an editor's.
    expect(input).not.toContain("再審査になり");

    const fields = {
      ...AD,
      image1: before.image1!["@id"],
      priority: "3",
      statusNote: "写真の明るさを調整しました。",
    };
    const confirm = await post(path, cookies.admin, multipart({ ...fields, intent: "next" }));
    expect(confirm.status).toBe(200);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain("広告枠のプレビュー");
    expect(confirmHtml).toContain("編集部が直したタイトル【カフェ・ド・デモ】");
    expect(confirmHtml).toContain("写真の明るさを調整しました。");
    expect(confirmHtml).toContain(">送信<");
    expect((await apiGet(`/api/adv/posts/${before.id}`)).title).toBe(before.title);

    const back = await post(path, cookies.admin, multipart({ ...fields, intent: "back" }));
    expect(back.status).toBe(200);
    const backHtml = await back.text();
    expect(backHtml).toContain('value="編集部が直したタイトル"');
    expect(backHtml).toMatch(/name="priority"[^>]*value="3"/);
    expect(backHtml).toContain(">次へ<");

    const saved = await post(path, cookies.admin, multipart({ ...fields, intent: "submit" }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${path}/complete`);
    const after = await apiGet(`/api/adv/posts/${before.id}`);
    expect(after.title).toBe("編集部が直したタイトル");
    expect(after.priority).toBe(3);
    expect(after.statusNote).toBe("写真の明るさを調整しました。");
    expect(after.publishmentOrder!.publishmentStatus).toBe("new");

    const complete = await get(`${path}/complete`, cookies.admin);
    expect(complete.status).toBe(200);
    const completeHtml = await complete.text();
    expect(completeHtml).toContain("編集内容を保存しました");
    expect(completeHtml).toContain(`href="/administrator/advertisements/${before.id}/detail"`);
    expect(completeHtml).toContain('href="/administrator/advertisements"');

    // The advertiser reads the note on the ad detail as the editors' word.
    const detail = await (
      await get(`/advertiser/advertisements/${before.id}`, cookies.shop)
    ).text();
    expect(detail).toContain("編集部より");
    expect(detail).toContain("写真の明るさを調整しました。");
  });

  it("a blank note clears it", async () => {
    const id = await newDraft("メモを消す広告");
    const ad = await apiGet(`/api/adv/posts/${id}`);
    await postEdit(ad, { priority: "0", statusNote: "一時的なメモ", intent: "submit" });
    expect((await apiGet(`/api/adv/posts/${id}`)).statusNote).toBe("一時的なメモ");
    const cleared = await postEdit(ad, { priority: "0", statusNote: "  ", intent: "submit" });
    expect(cleared.status).toBe(302);
    expect((await apiGet(`/api/adv/posts/${id}`)).statusNote ?? null).toBeNull();
  });
});

describe("errors stay beside their fields, every typed value kept", () => {
  it("a priority out of range and an over-long note are refused on their fields", async () => {
    const ad = await adWithStatus("new");
    const response = await postEdit(ad, {
      priority: "10000",
      statusNote: "あ".repeat(1001),
      intent: "next",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("エラーがあります。入力内容をご確認ください。");
    expect(html).toMatch(
      /id="[^"]*priority[^"]*-error"[^>]*>優先度は0から9999までの整数で入力してください。/,
    );
    expect(html).toContain("編集部メモは1000文字以内で入力してください。");
    expect(html).toContain('value="編集部が直したタイトル"');
    expect(html).toMatch(/name="priority"[^>]*value="10000"/);
  });

  it("the upstream's 422 comes back on its field, with the typed values", async () => {
    const ad = await adWithStatus("new");
    // A link title without its URL: only the upstream's rule knows the pair.
    const response = await postEdit(ad, {
      link1Title: "公式サイト",
      priority: "7",
      statusNote: "リンクを確認してください。",
      intent: "next",
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("エラーがあります。入力内容をご確認ください。");
    expect(html).toMatch(/id="[^"]*link1Url[^"]*-error"/);
    expect(html).toContain('value="公式サイト"');
    expect(html).toMatch(/name="priority"[^>]*value="7"/);
    expect(html).toContain("リンクを確認してください。</textarea>");
  });
});

describe("images an editor uploads", () => {
  it("travel with the form (no JavaScript) and are saved on the ad", async () => {
    const id = await newDraft("編集部が写真を足す広告");
    const ad = await apiGet(`/api/adv/posts/${id}`);
    const response = await postEdit(
      ad,
      { priority: "0", intent: "submit" },
      { image2File: png(60, 40) },
    );
    expect(response.status).toBe(302);
    const after = await apiGet(`/api/adv/posts/${id}`);
    expect(after.image2?.["@id"]).toMatch(/^\/api\/adv\/media_objects\/\d+$/);
    expect(after.image2?.["@id"]).not.toBe(after.image1?.["@id"]);
  });

  it("the advertiser can still save and copy the ad the editor's image is on", async () => {
    const id = await newDraft("編集部の写真が載った広告");
    const ad = await apiGet(`/api/adv/posts/${id}`);
    const upload = (await (
      await post("/uploads", cookies.admin, multipart({}, { file: png(60, 40) }))
    ).json()) as { "@id": string; contentUrl: string };
    const byEditor = await postEdit(ad, {
      image2: upload["@id"],
      image2Url: upload.contentUrl,
      priority: "0",
      intent: "submit",
    });
    expect(byEditor.status).toBe(302);

    const fields = {
      ...AD,
      title: "広告主が直したタイトル",
      image1: ad.image1!["@id"],
      image2: upload["@id"],
    };
    const next = await post(
      `/advertiser/advertisements/${id}/edit`,
      cookies.shop,
      multipart({ ...fields, intent: "next" }),
    );
    expect(next.status).toBe(200);
    const saved = await post(
      `/advertiser/advertisements/${id}/edit`,
      cookies.shop,
      multipart({ ...fields, intent: "submit" }),
    );
    expect(saved.status).toBe(302);
    expect((await apiGet(`/api/adv/posts/${id}`)).title).toBe("広告主が直したタイトル");
  });
});

describe("a deleted ad", () => {
  it("shows that it is deleted instead of the form; a post saves nothing", async () => {
    const id = await newDraft("削除される広告");
    const ad = await apiGet(`/api/adv/posts/${id}`);
    const deleted = await fetch(`${stack.base}/api/adv/posts/${id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${tokens.admin}` },
    });
    expect(deleted.status).toBe(204);

    const path = editPath(id);
    const page = await get(path, cookies.admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("この広告は削除済みです");
    expect(html).not.toContain('name="title"');

    const response = await postEdit(ad, { title: "削除後の編集", priority: "0", intent: "submit" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(path);
    expect((await apiGet(`/api/adv/posts/${id}`)).title).toBe("削除される広告");
  });
});

describe("who may edit", () => {
  it("advertisers and anonymous visitors are sent to Login; nothing changes", async () => {
    const ad = await adWithStatus("new");
    const path = editPath(ad.id);
    for (const cookie of [cookies.shop, undefined]) {
      const page = await get(path, cookie);
      expect(page.status).toBe(302);
      expect(new URL(page.headers.get("location")!, stack.base).pathname).toBe("/");
      const complete = await get(`${path}/complete`, cookie);
      expect(complete.status).toBe(302);
      const fields = { title: "勝手な編集", priority: "0", intent: "submit" };
      const response = await postEditAs(cookie, ad, fields);
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe("/");
    }
    expect((await apiGet(`/api/adv/posts/${ad.id}`)).title).not.toBe("勝手な編集");
  });

  it("an unknown ad is not found", async () => {
    expect((await get("/administrator/advertisements/99999/edit", cookies.admin)).status).toBe(404);
    expect(
      (await get("/administrator/advertisements/99999/edit/complete", cookies.admin)).status,
    ).toBe(404);
  });
});
