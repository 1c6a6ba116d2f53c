import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  advertisementDefaults,
  advertisementPreview,
  advertisementSchema,
  settleEyeCatch,
  toPostInput,
  type AdvertisementValues,
} from "./advertisement-form";
import { sitePreviewFields } from "./ad-page";
import { PreviewVisitor } from "./preview-visitor";
import type { Post } from "./upstream/resources";

const media = (id: number) => ({
  "@id": `/api/adv/media_objects/${id}`,
  contentUrl: `/media/${id}.png`,
});

const POST: Post = {
  "@id": "/api/adv/posts/7",
  id: 7,
  title: "秋の新メニュー",
  storeName: "珈琲テスト",
  storeAddress: "横浜市西区みなとみらい2-3-4",
  storeTel: "045-987-6543",
  image1: media(1),
  image2: media(2),
  image3: null,
  eyeCatch: media(2),
  body1: "一枚目",
  body2: "二枚目",
  link1Title: "Instagram",
  link1Url: "https://www.instagram.com/example",
};

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return parseWithZod(formData, { schema: advertisementSchema }) as {
    status?: string;
    value?: unknown;
    error?: Record<string, string[] | null> | null;
  };
}

const VALID = {
  title: "秋の新メニュー",
  image1: "/api/adv/media_objects/1",
  image1Url: "/media/1.png",
  body1: "一枚目",
  eyecatchIndex: "1",
  storeName: "珈琲テスト",
  storeAddress: "横浜市西区",
  storeTel: "０４５－９８７－６５４３",
};

describe("the ad form's rules", () => {
  it("accepts a complete ad and normalises the phone number", () => {
    const submission = parse(VALID);
    expect(submission.status).toBe("success");
    expect((submission.value as AdvertisementValues).storeTel).toBe("045-987-6543");
  });

  it("reports every missing required field at once", () => {
    const submission = parse({});
    expect(Object.keys(submission.error ?? {}).sort()).toEqual(
      ["body1", "eyecatchIndex", "image1", "storeAddress", "storeName", "storeTel", "title"].sort(),
    );
    expect(submission.error?.image1).toEqual(["画像1を登録してください。"]);
  });

  it("limits the title to 50 characters and links to http(s) URLs", () => {
    const submission = parse({
      ...VALID,
      title: "あ".repeat(51),
      link1Url: "javascript:alert(1)",
      homepage: "ftp://example.com",
      image2Url: "javascript:alert(1)",
    });
    expect(submission.error?.title).toEqual(["タイトルは50文字以内で入力してください。"]);
    expect(submission.error?.link1Url).toBeDefined();
    expect(submission.error?.homepage).toBeDefined();
    expect(submission.error?.image2Url).toBeDefined();
  });
});

describe("between the form and the upstream", () => {
  it("a saved ad becomes the form's values, the eye-catch as its slot number", () => {
    const values = advertisementDefaults(POST);
    expect(values.image2).toBe("/api/adv/media_objects/2");
    expect(values.image3).toBe("");
    expect(values.eyecatchIndex).toBe("2");
    expect(values.link1Url).toBe("https://www.instagram.com/example");
  });

  it("the form's values become the post body, the eye-catch as the chosen image", () => {
    const values = {
      ...advertisementDefaults(POST),
      body3: undefined,
    } as unknown as AdvertisementValues;
    const input = toPostInput(values);
    expect(input.eyeCatch).toBe("/api/adv/media_objects/2");
    expect(input.image1).toBe("/api/adv/media_objects/1");
    expect(input.body3).toBeNull();
  });

  it("previews the frame with the eye-catch and the title【store】", () => {
    const preview = advertisementPreview(
      advertisementDefaults(POST) as AdvertisementValues,
      "https://portal.example.jp",
      new PreviewVisitor(undefined, false),
    );
    expect(preview.frame).toEqual({
      title: "秋の新メニュー【珈琲テスト】",
      eyeCatch: "/media/2.png",
    });
    expect(preview.page.sections).toHaveLength(2);
  });

  it("the news site's preview gets the combined title and absolute image URLs", () => {
    const fields = sitePreviewFields(POST, "https://portal.example.jp");
    expect(fields.title).toBe("秋の新メニュー【珈琲テスト】");
    expect(fields.image1).toBe("https://portal.example.jp/media/1.png");
    expect(fields.image3).toBe("");
    expect(fields.link1Title).toBe("Instagram");
  });
});

describe("the eye-catch follows the images (settleEyeCatch)", () => {
  const form = (fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [k, v] of Object.entries(fields)) formData.set(k, v);
    return formData;
  };

  it("moves to the first remaining image when the chosen image was deleted", () => {
    const formData = form({ image1: "", image2: "/m/2", image3: "/m/3", eyecatchIndex: "1" });
    settleEyeCatch(formData);
    expect(formData.get("eyecatchIndex")).toBe("2");
  });

  it("keeps a choice that points at an image", () => {
    const formData = form({ image1: "/m/1", image3: "/m/3", eyecatchIndex: "3" });
    settleEyeCatch(formData);
    expect(formData.get("eyecatchIndex")).toBe("3");
  });

  it("leaves the choice alone when there is no image at all", () => {
    const formData = form({ image1: "", eyecatchIndex: "2" });
    settleEyeCatch(formData);
    expect(formData.get("eyecatchIndex")).toBe("2");
  });
});
