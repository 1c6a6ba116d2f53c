// AdvertiserIndex data: the advertiser's ads, one page, sorted as the table asks, ready to show.
import type { UpstreamClient } from "./upstream/client";
import { listPosts, type PostSummary } from "./upstream/resources";
import { areaLabel, manuscriptStatusLabel, paymentStatusLabel } from "~/domain/advertisement";
import { formatDate } from "~/domain/dates";
import { formatAdvertisementId } from "~/domain/ids";
import type { TableState } from "~/domain/paging";

export const ADVERTISEMENT_PAGE_SIZE = 10;
export const advertisementSorts = ["id", "area", "publishesAt", "unpublishesAt"] as const;
export type AdvertisementSort = (typeof advertisementSorts)[number];

const orderParameter: Record<AdvertisementSort, string> = {
  id: "order[id]",
  area: "order[area]",
  publishesAt: "order[publishmentOrder.publishesAt]",
  unpublishesAt: "order[publishmentOrder.unpublishesAt]",
};

export function toAdvertisementRow(post: PostSummary) {
  const order = post.publishmentOrder;
  return {
    id: post.id,
    title: post.title || "(タイトル未設定)",
    area: areaLabel(order),
    publishesAt: formatDate(order?.publishesAt),
    unpublishesAt: formatDate(order?.unpublishesAt),
    manuscriptStatus: manuscriptStatusLabel(order),
    paymentStatus: paymentStatusLabel(order),
    applicationId: post.formattedAdvertisementId ?? formatAdvertisementId(post.id),
  };
}
export type AdvertisementRow = ReturnType<typeof toAdvertisementRow>;

export async function loadAdvertisementPage(
  api: UpstreamClient,
  owner: number,
  state: TableState<AdvertisementSort>,
) {
  const { member, totalItems } = await listPosts(
    api,
    { owner, [orderParameter[state.sort]]: state.order },
    { page: state.page, itemsPerPage: ADVERTISEMENT_PAGE_SIZE },
  );
  return { rows: member.map(toAdvertisementRow), totalItems };
}
