// The ad form (SPEC §2 Ad create, Ad edit; §5): its fields and rules, reading it with its image
// uploads, and turning its values into the upstream's post body and into the previews.
import { z } from "zod";
import { AD_IMAGE_SLOTS, AD_LINK_SLOTS, type AdImageSlot } from "../../shared/ad-page";
import { AD_BODY_MAX, TEXT_MAX, TITLE_MAX, URL_MAX } from "~/domain/limits";
import { TEL_MESSAGE, isValidTel, normalizeTel } from "../../shared/tel";
import { REQUIRED, SELECT_REQUIRED } from "./account-schemas";
import { adFrameData, adTexts, adPageData, mediaUrl, sitePreview, type AdContent } from "./ad-page";
import { handleConfirmForm, markOutage } from "./forms";
import { CROPPED_NOTICE } from "./portrait-crop";
import type { PreviewVisitor } from "./preview-visitor";
import type { UpstreamClient } from "./upstream/client";
import { validatePost, type PostInput } from "./upstream/posts";
import type { Post } from "./upstream/resources";
import { formBodyLimit, parseFormWithUploads, type UploadTarget } from "./uploads";

const URL_MESSAGE = "URLの形式が正しくありません（http:// または https:// で始まるURL）。";

const text = (max = TEXT_MAX) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, `${max}文字以内で入力してください。`);
const optionalText = (max = TEXT_MAX) => text(max).optional();
const httpUrl = () =>
  text(URL_MAX)
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), URL_MESSAGE)
    .optional();
/** Where a thumbnail comes from: our own /media path or the upstream's http(s) URL, nothing else. */
const mediaLocation = () =>
  z
    .string()
    .refine((v) => /^(\/(?!\/)|https?:\/\/)/i.test(v), "画像のURLが正しくありません。")
    .optional();

const imageFields = Object.fromEntries(
  AD_IMAGE_SLOTS.flatMap((n) => [
    [
      `image${n}`,
      n === 1 ? z.string({ required_error: "画像1を登録してください。" }) : z.string().optional(),
    ],
    [`image${n}Url`, mediaLocation()],
    [`body${n}`, n === 1 ? text(AD_BODY_MAX) : optionalText(AD_BODY_MAX)],
  ]),
);
const linkFields = Object.fromEntries(
  AD_LINK_SLOTS.flatMap((n) => [
    [`link${n}Title`, optionalText()],
    [`link${n}Url`, httpUrl()],
  ]),
);

/** The spec's client-side rules (SPEC §5); the upstream's validate has the last word. */
export const advertisementSchema = z.object({
  title: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(TITLE_MAX, `タイトルは${TITLE_MAX}文字以内で入力してください。`),
  ...imageFields,
  eyecatchIndex: z.enum(["1", "2", "3", "4", "5"], {
    required_error: SELECT_REQUIRED,
    invalid_type_error: SELECT_REQUIRED,
  }),
  ...linkFields,
  storeName: text(),
  storeAddress: text(),
  storeTel: z
    .string({ required_error: REQUIRED })
    .transform(normalizeTel)
    .refine(isValidTel, TEL_MESSAGE),
  businessHours: optionalText(),
  mapParameters: optionalText(),
  homepage: httpUrl(),
});
export type AdvertisementValues = Record<string, string | undefined> & {
  title: string;
  eyecatchIndex: `${AdImageSlot}`;
  storeName: string;
  storeAddress: string;
  storeTel: string;
};

/** The upstream's eyeCatch is the form's choice of image. */
export const advertisementAliases = { eyeCatch: "eyecatchIndex" };

const fileField = (n: AdImageSlot) => `image${n}File`;
const isImageFile = (name: string) => /^image[1-5]File$/.test(name);

/**
 * Reads the posted ad form: new image files go to the upstream first and replace the slot's
 * hidden reference; a ticked 削除 empties the slot; a failed upload is an error on its field, a
 * portrait cropped on the way a notice on it (the form then comes back for the person to look).
 */
export async function readAdvertisementForm(request: Request, target: UploadTarget) {
  const { formData, uploads } = await parseFormWithUploads(
    request,
    target,
    isImageFile,
    formBodyLimit(AD_IMAGE_SLOTS.length),
  );
  const uploadErrors: Record<string, string[]> = {};
  const uploadNotices: Record<string, string[]> = {};
  let uploadOutage = false;
  for (const n of AD_IMAGE_SLOTS) {
    const upload = uploads.get(fileField(n));
    const remove = formData.get(`image${n}Delete`) !== null;
    formData.delete(`image${n}Delete`);
    if (upload?.ok) {
      formData.set(`image${n}`, upload.media["@id"]);
      formData.set(`image${n}Url`, mediaUrl(upload.media.contentUrl) ?? "");
      if (upload.cropped) uploadNotices[`image${n}`] = [CROPPED_NOTICE];
    } else if (upload) {
      uploadErrors[`image${n}`] = [upload.message];
      uploadOutage ||= upload.unavailable === true;
    } else if (remove) {
      formData.set(`image${n}`, "");
      formData.set(`image${n}Url`, "");
    }
  }
  settleEyeCatch(formData);
  return { formData, uploadErrors, uploadNotices, uploadOutage };
}

/**
 * The eye-catch is one of the ad's images: when the chosen slot has no image (it was just
 * deleted), the choice moves to the first image that remains. With no image at all it stays, and
 * image 1's own error says what is missing.
 */
export function settleEyeCatch(formData: FormData) {
  const hasImage = (n: string | number) => {
    const id = formData.get(`image${n}`);
    return typeof id === "string" && id !== "";
  };
  const chosen = formData.get("eyecatchIndex");
  if (typeof chosen === "string" && hasImage(chosen)) return;
  const first = AD_IMAGE_SLOTS.find((n) => hasImage(n));
  if (first !== undefined) formData.set("eyecatchIndex", String(first));
}

const orNull = (value: string | undefined) => value ?? null;

export function toPostInput(value: AdvertisementValues): PostInput {
  const image = (n: AdImageSlot) => orNull(value[`image${n}`]);
  return {
    title: value.title,
    image1: image(1),
    image2: image(2),
    image3: image(3),
    image4: image(4),
    image5: image(5),
    eyeCatch: image(Number(value.eyecatchIndex) as AdImageSlot),
    body1: value.body1 ?? "",
    body2: orNull(value.body2),
    body3: orNull(value.body3),
    body4: orNull(value.body4),
    body5: orNull(value.body5),
    link1Title: orNull(value.link1Title),
    link1Url: orNull(value.link1Url),
    link2Title: orNull(value.link2Title),
    link2Url: orNull(value.link2Url),
    link3Title: orNull(value.link3Title),
    link3Url: orNull(value.link3Url),
    storeName: value.storeName,
    storeAddress: value.storeAddress,
    storeTel: value.storeTel,
    businessHours: orNull(value.businessHours),
    mapParameters: orNull(value.mapParameters),
    homepage: orNull(value.homepage),
  };
}

/** The form's values as an ad's content, for the previews of the confirm phase. */
function contentOfForm(value: AdvertisementValues): AdContent {
  const input = toPostInput(value);
  const media = (n: AdImageSlot) => {
    const id = value[`image${n}`];
    return id ? { "@id": id, contentUrl: value[`image${n}Url`] ?? "" } : null;
  };
  const eyeCatchSlot = Number(value.eyecatchIndex) as AdImageSlot;
  return {
    ...input,
    image1: media(1),
    image2: media(2),
    image3: media(3),
    image4: media(4),
    image5: media(5),
    eyeCatch: media(eyeCatchSlot),
  };
}

/**
 * What the confirm phase shows: the ad page and the ad frame, as readers will see them, and the
 * news site's preview form when there is a site to post to.
 */
export function advertisementPreview(
  value: AdvertisementValues,
  origin: string,
  visitor: PreviewVisitor,
  now = new Date(),
) {
  const content = contentOfForm(value);
  return {
    page: adPageData(content),
    frame: adFrameData(content),
    site: sitePreview(content, origin, visitor, now),
  };
}

/**
 * The ad form's action (create and edit): images are uploaded first, then the input → confirm →
 * submit pattern runs with the ad's rules and the upstream's posts/validate. `extraFields` are
 * parsed and carried with the ad (the administrator's priority and note) but are not part of the
 * content posts/validate judges; save receives them apart.
 */
export async function handleAdvertisementForm<
  Summary = null,
  Prepared = undefined,
  Extra extends z.ZodRawShape = Record<never, never>,
>(
  request: Request,
  api: UpstreamClient,
  options: {
    context: object;
    /**
     * A new ad's owner, the advertiser's client IRI (SPEC §6): sent with posts/validate and the
     * create. An edit sends none: the ad keeps its owner.
     */
    owner?: string;
    extraFields?: Extra;
    /** What save needs (the ad being edited), see handleConfirmForm. */
    prepare?: () => Promise<Prepared>;
    save: (
      input: PostInput,
      prepared: Prepared,
      extra: z.output<z.ZodObject<Extra>>,
    ) => Promise<Response>;
    summarize?: (value: AdvertisementValues) => Summary;
  },
) {
  const { formData, uploadErrors, uploadNotices, uploadOutage } = await readAdvertisementForm(
    request,
    api,
  );
  // The upstream was down for an image: the page must fall back as after any form outage.
  if (uploadOutage) markOutage(options.context);
  const { summarize, extraFields, owner } = options;
  const postInput = (value: Record<string, unknown>): PostInput => ({
    ...toPostInput(value as AdvertisementValues),
    ...(owner ? { owner } : {}),
  });
  const schema = extraFields ? advertisementSchema.extend(extraFields) : advertisementSchema;
  const extraOf = (value: Record<string, unknown>) =>
    Object.fromEntries(
      Object.keys(extraFields ?? {}).map((name) => [name, value[name]]),
    ) as z.output<z.ZodObject<Extra>>;
  return handleConfirmForm<z.ZodObject<z.ZodRawShape>, Summary, Prepared>(formData, {
    context: options.context,
    schema,
    fields: Object.keys(schema.shape),
    aliases: advertisementAliases,
    // The upstream's eye-catch check needs an image to point at.
    dependsOn: { eyecatchIndex: ["image1"] },
    presetErrors: uploadErrors,
    notices: uploadNotices,
    prepare: options.prepare,
    validate: (value) => validatePost(api, postInput(value)),
    save: (value, prepared) => options.save(postInput(value), prepared, extraOf(value)),
    summarize: summarize && ((value) => summarize(value as AdvertisementValues)),
  });
}

/** A saved ad as the form's initial values (edit, and copy into a new ad). */
export function advertisementDefaults(post: Post): Record<string, string> {
  const values: Record<string, string> = { ...adTexts(post), eyecatchIndex: "1" };
  for (const n of AD_IMAGE_SLOTS) {
    const image = post[`image${n}`];
    values[`image${n}`] = image?.["@id"] ?? "";
    values[`image${n}Url`] = mediaUrl(image?.contentUrl) ?? "";
    if (image && image["@id"] === post.eyeCatch?.["@id"]) values.eyecatchIndex = String(n);
  }
  return values;
}
