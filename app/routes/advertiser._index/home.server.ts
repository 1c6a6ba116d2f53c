// AdvertiserIndex data: the advertiser's ads, one page, sorted as the table asks, ready to show.
import type { UpstreamClient } from "~/.server/upstream/client";
import { listDeclaredPosts, type PostSummary } from "~/.server/upstream/resources";
import { areaOrder, SECTION7_VARIABLES, type Declares } from "~/.server/upstream/search";
import { areaLabel, manuscriptStatusLabel, paymentStatusLabel } from "~/domain/advertisement";
import {
  advertiserStage,
  advertiserStageLabels,
  advertiserStageTones,
  nextAdvertiserAction,
} from "~/domain/advertiser-stage";
import { formatDate } from "../../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../../shared/ids";
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

/** A row of My Page: what the table shows, and the ad's 配信状況 and next action (issue 30). */
export function toAdvertisementRow(post: PostSummary, now = new Date()) {
  const order = post.publishmentOrder;
  const stage = advertiserStage(order, post.publicAdvertisement?.postStatus, now);
  return {
    id: post.id,
    title: post.title || "(タイトル未設定)",
    area: areaLabel(order),
    publishesAt: formatDate(order?.publishesAt),
    unpublishesAt: formatDate(order?.unpublishesAt),
    manuscriptStatus: manuscriptStatusLabel(order),
    paymentStatus: paymentStatusLabel(order),
    applicationId: post.formattedAdvertisementId ?? formatAdvertisementId(post.id),
    stage: { label: advertiserStageLabels[stage], tone: advertiserStageTones[stage] },
    nextAction: nextAdvertiserAction(post.id, order, stage),
  };
}
export type AdvertisementRow = ReturnType<typeof toAdvertisementRow>;

/** Shown when a link asked for the area sort the upstream does not declare. */
export const AREA_SORT_UNAVAILABLE_NOTE =
  "地域での並べ替えには対応していないため、申込ID順で表示しています。";

const DEFAULT_STATE = { sort: "id", order: "desc" } as const;

/**
 * One page of the advertiser's ads. The area sort goes out as the upstream declares it (SPEC §7
 * region id then locality id; search.ts areaOrder); when it declares none, the area column offers
 * no sort and a link asking for it is shown in the default order, with a note.
 */
export async function loadAdvertisementPage(
  api: UpstreamClient,
  owner: number,
  state: TableState<AdvertisementSort>,
  now = new Date(),
) {
  const order = (declares: Declares, s: Pick<TableState<AdvertisementSort>, "sort" | "order">) =>
    s.sort === "area" ? areaOrder(declares, s.order) : { [orderParameter[s.sort]]: s.order };
  const { member, totalItems, declares } = await listDeclaredPosts(
    api,
    SECTION7_VARIABLES.advertiserPosts,
    (declares) => ({ owner, ...(order(declares, state) ?? order(declares, DEFAULT_STATE)) }),
    { page: state.page, itemsPerPage: ADVERTISEMENT_PAGE_SIZE },
  );
  const areaSortable = areaOrder(declares, "asc") !== null;
  const dropped = state.sort === "area" && !areaSortable;
  return {
    rows: member.map((post: PostSummary) => toAdvertisementRow(post, now)),
    totalItems,
    areaSortable,
    state: dropped ? { ...state, ...DEFAULT_STATE } : state,
    sortNote: dropped ? AREA_SORT_UNAVAILABLE_NOTE : null,
  };
}
