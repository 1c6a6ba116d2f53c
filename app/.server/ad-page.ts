// Builds what the ad page shows from a post: absolute media URLs and the store map.
import type { AdPageData } from "~/domain/ad-page";
import { adFrameTitle } from "~/domain/ad-page";
import { env } from "./env";
import type { Post } from "./upstream/resources";

export const MAP_ZOOM = 15;

/** Media live on the upstream: relative URLs work for the embedded API, else they need its origin. */
export function mediaUrl(contentUrl: string | null | undefined): string | null {
  if (!contentUrl) return null;
  const upstream = env().ADV_API_URL;
  return upstream ? new URL(contentUrl, upstream).href : contentUrl;
}

/** An embedded map at zoom 15 with a key; without one, a plain link to a map service. */
export function storeMap(query: string): AdPageData["map"] {
  if (!query) return { embedUrl: null, linkUrl: null };
  const q = encodeURIComponent(query);
  const key = env().MAPS_API_KEY;
  return {
    embedUrl: key
      ? `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${q}&zoom=${MAP_ZOOM}`
      : null,
    linkUrl: `https://www.google.com/maps/search/?api=1&query=${q}`,
  };
}

export function adPageData(post: Post): AdPageData {
  const slots = [1, 2, 3, 4, 5] as const;
  return {
    title: adFrameTitle(post.title, post.storeName),
    sections: slots
      .map((n) => ({
        image: mediaUrl(post[`image${n}`]?.contentUrl),
        body: post[`body${n}`] ?? null,
      }))
      .filter((s) => s.image || s.body),
    links: ([1, 2, 3] as const)
      .map((n) => ({ title: post[`link${n}Title`] ?? "", url: post[`link${n}Url`] ?? "" }))
      .filter((l) => l.url),
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
