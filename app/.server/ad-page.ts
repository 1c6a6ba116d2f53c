// Builds what the ad page shows from a post: absolute media URLs and the store map.
import type { AdPageData } from "~/domain/ad-page";
import { AD_IMAGE_SLOTS, AD_LINK_SLOTS, adFrameTitle, storeMapUrls } from "../../shared/ad-page";
import { signPreview } from "../../shared/site-preview-signature";
import { env } from "./env";
import { formTexts } from "./forms";
import type { PreviewVisitor } from "./preview-visitor";
import type { Post } from "./upstream/resources";

/** Media live on the upstream: relative URLs work for the embedded API, else they need its origin. */
export function mediaUrl(contentUrl: string | null | undefined): string | null {
  if (!contentUrl) return null;
  const upstream = env().ADV_API_URL;
  return upstream ? new URL(contentUrl, upstream).href : contentUrl;
}

/** The store map with the configured key (SPEC §9: zoom 15), or a plain link without one. */
export function storeMap(query: string): AdPageData["map"] {
  return storeMapUrls(query, env().MAPS_API_KEY);
}

/** What an ad page shows, from a saved post or from the ad form's values. */
export type AdContent = Omit<
  Post,
  "@id" | "id" | "formattedAdvertisementId" | "publishmentOrder" | "publicAdvertisement"
>;

export function adPageData(post: AdContent): AdPageData {
  return {
    title: adFrameTitle(post.title, post.storeName),
    sections: AD_IMAGE_SLOTS.map((n) => ({
      image: mediaUrl(post[`image${n}`]?.contentUrl),
      body: post[`body${n}`] ?? null,
    })).filter((s) => s.image || s.body),
    links: AD_LINK_SLOTS.map((n) => ({
      title: post[`link${n}Title`] ?? "",
      url: post[`link${n}Url`] ?? "",
    })).filter((l) => l.url),
    store: {
      name: post.storeName ?? "",
      address: post.storeAddress ?? "",
      tel: post.storeTel ?? "",
      hours: post.businessHours ?? "",
      homepage: post.homepage ?? "",
    },
    map: storeMap(post.mapParameters || post.storeAddress || ""),
  };
}

/** The ad frame of the news site's list: ad badge, eye-catch image, title【store name】. */
export function adFrameData(post: AdContent) {
  return {
    title: adFrameTitle(post.title, post.storeName),
    eyeCatch: mediaUrl(post.eyeCatch?.contentUrl),
  };
}

/**
 * Where the preview button posts (SPEC §7 Preview): the configured public site, else the
 * embedded reference API's news site; none when an external upstream has no preview URL set.
 */
function sitePreviewUrl(): string | null {
  const { PUBLIC_SITE_PREVIEW_URL, ADV_API_URL } = env();
  return PUBLIC_SITE_PREVIEW_URL ?? (ADV_API_URL ? null : "/site/preview");
}

const AD_TEXTS = [
  "title",
  "storeName",
  "storeAddress",
  "storeTel",
  "businessHours",
  "mapParameters",
  "homepage",
  ...AD_IMAGE_SLOTS.map((n) => `body${n}` as const),
  ...AD_LINK_SLOTS.flatMap((n) => [`link${n}Title`, `link${n}Url`] as const),
] as const;

/** The ad's texts as form strings: title, bodies, links and the store's details. */
export function adTexts(post: AdContent): Record<string, string> {
  return formTexts(post, AD_TEXTS);
}

/** The hidden fields of the preview form: the combined title, absolute image URLs, the rest as is. */
export function sitePreviewFields(post: AdContent, origin: string): Record<string, string> {
  const fields: Record<string, string> = {
    ...adTexts(post),
    title: adFrameTitle(post.title, post.storeName),
  };
  for (const n of AD_IMAGE_SLOTS) {
    const url = mediaUrl(post[`image${n}`]?.contentUrl);
    fields[`image${n}`] = url ? new URL(url, origin).href : "";
  }
  return fields;
}

/**
 * The preview button's form (where it posts and what, signed so the site shows only what the
 * portal sent, to this browser, for ten minutes), or null when there is no site to post to.
 */
export function sitePreview(
  post: AdContent,
  origin: string,
  visitor: PreviewVisitor,
  now = new Date(),
) {
  const url = sitePreviewUrl();
  if (!url) return null;
  const fields = sitePreviewFields(post, origin);
  return {
    url,
    fields: signPreview(fields, env().sitePreviewSecret, now, visitor.binding()),
  };
}
