// The built-in news site's URLs (ADR 0010), as both the publisher (postUrl) and the site's routes
// and the report lookup by URL (GET /api/adv/reports?url=) see them. Localities and ads by id.

export const SITE_PREFIX = "/site";

/** The locality's front page: sample articles with the live ads' frames among them. */
export const siteLocalityPath = (localityId: number) => `${SITE_PREFIX}/${localityId}`;

/** The ad page readers land on (counted as a page view). */
export const siteAdPath = (localityId: number, advertisementId: number) =>
  `${SITE_PREFIX}/${localityId}/ads/${advertisementId}`;

/** An ad frame's link: counts a click, then redirects to the ad page. */
export const siteFrameClickPath = (localityId: number, advertisementId: number) =>
  `${siteAdPath(localityId, advertisementId)}/click`;

/** Link n (1..3) on the ad page: counts a link click, then redirects to the link's URL. */
export const siteLinkPath = (localityId: number, advertisementId: number, n: number) =>
  `${siteAdPath(localityId, advertisementId)}/links/${n}`;

/** The ids in an ad page's path (any origin), or null when the path is not one. */
export function parseSiteAdPath(
  pathname: string,
): { localityId: number; advertisementId: number } | null {
  const match = /^\/site\/(\d+)\/ads\/(\d+)\/?$/.exec(pathname);
  if (!match) return null;
  return { localityId: Number(match[1]), advertisementId: Number(match[2]) };
}
