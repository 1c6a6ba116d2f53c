// AdministratorAreasIndex data: every locality with its region and where its ads are published.
import type { UpstreamClient } from "~/.server/upstream/client";
import { getAdminLocalities, type AdminLocality } from "~/.server/upstream/areas";

export const BUILT_IN_SITE = "内蔵ニュースサイト";

export function toAreaRow(locality: AdminLocality) {
  return {
    id: locality.id,
    region: locality.region.name ?? "",
    name: locality.name,
    blogUrl: locality.blogUrl ?? "",
    // The publisher posts to WordPress when its URL is set (api/publishing/publishers.ts).
    destination: locality.wpRestUrl ? "WordPress" : BUILT_IN_SITE,
  };
}
export type AreaRow = ReturnType<typeof toAreaRow>;

export async function loadAreaList(api: UpstreamClient) {
  return { rows: (await getAdminLocalities(api)).map(toAreaRow) };
}
