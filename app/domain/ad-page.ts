// How an ad reads on the news site (SPEC §2 Ad edit confirm, §7 Preview): the title followed by
// the store name in brackets, image/body pairs, links and the store's details.

export { AD_IMAGE_SLOTS, AD_LINK_SLOTS, type AdImageSlot } from "../../shared/ad-slots";

/** 「タイトル【店名】」 as the ad frame and the ad page show it. */
export function adFrameTitle(
  title: string | null | undefined,
  storeName: string | null | undefined,
) {
  const t = (title ?? "").trim();
  const s = (storeName ?? "").trim();
  return s ? `${t}【${s}】` : t;
}

export type AdPageData = {
  title: string;
  sections: { image: string | null; body: string | null }[];
  links: { title: string; url: string }[];
  store: { name: string; address: string; tel: string; hours: string; homepage: string };
  map: { embedUrl: string | null; linkUrl: string | null };
};

export type AdFrameData = { title: string; eyeCatch: string | null };

/** Where the Maps Embed API serves its frames: the only origin the CSP lets frames come from. */
export const MAPS_EMBED_ORIGIN = "https://www.google.com";

/** The store map's zoom on the ad page (SPEC §9). */
export const MAP_ZOOM = 15;

/** An embedded map at zoom 15 with a key; without one, only a plain link to a map service. */
export function storeMapUrls(
  query: string,
  mapsApiKey: string | null | undefined,
): AdPageData["map"] {
  if (!query) return { embedUrl: null, linkUrl: null };
  const q = encodeURIComponent(query);
  return {
    embedUrl: mapsApiKey
      ? `${MAPS_EMBED_ORIGIN}/maps/embed/v1/place?key=${encodeURIComponent(mapsApiKey)}&q=${q}&zoom=${MAP_ZOOM}`
      : null,
    linkUrl: `https://www.google.com/maps/search/?api=1&query=${q}`,
  };
}
