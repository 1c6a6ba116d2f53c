// The built-in news site's publisher (ADR 0010). The site decides visibility when a page is read
// (post_status, order, period), so publishing only records where the ad page is, and taking an
// ad down needs nothing done here.
import { siteAdPath } from "../../shared/site-paths";
import type { Publisher } from "./publisher";

export function sitePublisher(config: { siteOrigin: string | null }): Publisher {
  return {
    kind: "site",
    async publish(ad) {
      return {
        // Absolute on PUBLIC_ORIGIN when known; else the path, resolved by the portal.
        postUrl: (config.siteOrigin ?? "") + siteAdPath(ad.localityId, ad.advertisementId),
        externalId: String(ad.advertisementId),
        externalMediaId: null,
      };
    },
    async unpublish() {
      // Nothing to do: the site stops listing the ad as soon as the database says so.
    },
  };
}
