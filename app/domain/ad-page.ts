// The shapes the portal's preview draws an ad from (SPEC §2 Ad edit confirm, §7 Preview); the
// reading rules themselves (title, slots, map) are shared/ad-page.ts.
import type { StoreMap } from "../../shared/ad-page";

export type AdPageData = {
  title: string;
  sections: { image: string | null; body: string | null }[];
  links: { title: string; url: string }[];
  store: { name: string; address: string; tel: string; hours: string; homepage: string };
  map: StoreMap;
};

export type AdFrameData = { title: string; eyeCatch: string | null };
