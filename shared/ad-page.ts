// How an ad reads on the news site (SPEC §2 Ad edit confirm, §3, §7 Preview), as the portal's
// preview and the API's publisher both draw it: the wire's numbered fields (image1..image5 with
// body1..body5, link1..link3), the frame's title and the store's map. Imports nothing.

/** Five images with five bodies, and three links, per ad (SPEC §9). */
export const AD_IMAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export const AD_LINK_SLOTS = [1, 2, 3] as const;
export type AdImageSlot = (typeof AD_IMAGE_SLOTS)[number];

/** 「タイトル【店名】」 as the ad frame and the ad page show it. */
export function adFrameTitle(
  title: string | null | undefined,
  storeName: string | null | undefined,
) {
  const t = (title ?? "").trim();
  const s = (storeName ?? "").trim();
  return s ? `${t}【${s}】` : t;
}

/** Where the Maps Embed API serves its frames: the only origin the CSP lets frames come from. */
export const MAPS_EMBED_ORIGIN = "https://www.google.com";

/** The store map's zoom on the ad page (SPEC §9). */
export const MAP_ZOOM = 15;

export type StoreMap = { embedUrl: string | null; linkUrl: string | null };

/** An embedded map at zoom 15 with a key; without one, only a plain link to a map service. */
export function storeMapUrls(query: string, mapsApiKey: string | null | undefined): StoreMap {
  if (!query) return { embedUrl: null, linkUrl: null };
  const q = encodeURIComponent(query);
  return {
    embedUrl: mapsApiKey
      ? `${MAPS_EMBED_ORIGIN}/maps/embed/v1/place?key=${encodeURIComponent(mapsApiKey)}&q=${q}&zoom=${MAP_ZOOM}`
      : null,
    linkUrl: `https://www.google.com/maps/search/?api=1&query=${q}`,
  };
}
