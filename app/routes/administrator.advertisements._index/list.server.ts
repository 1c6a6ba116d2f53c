// AdministratorAdvertisementsIndex data (SPEC §2 Ad list, §7 admin-side GET posts): the filters
// read from the page's URL, one page of every advertiser's ads, and the region/locality choices.
import { z } from "zod";
import type { UpstreamClient, Query } from "~/.server/upstream/client";
import {
  getSiteSummary,
  postSummarySchema,
  resolvePostSummary,
} from "~/.server/upstream/resources";
import {
  areaOrder,
  DISTRIBUTION_VARIABLE,
  readDeclared,
  SECTION7_VARIABLES,
  type Declares,
  STATUS_VARIABLE,
} from "~/.server/upstream/search";
import { relation, resolveIfAllowed } from "~/.server/upstream/relations";
import { publishmentChoices } from "~/.server/reference-data";
import {
  adminDistributionStatus,
  adminDistributionStatusLabels,
  adminRowKind,
  areaLabel,
  manuscriptStatusLabel,
  paymentStatusLabel,
} from "~/domain/advertisement";
import { redirect } from "react-router";
import {
  AD_LIST_FILTER_KEYS,
  adListSearch,
  adListSorts,
  readAdListFilters,
  type AdListFilters,
  type AdListSort,
} from "~/domain/admin-ad-list";
import { formatDate } from "../../../shared/tokyo-calendar";
import { formatAdvertisementId, formatAdvertiserId } from "../../../shared/ids";
import { readTableState, type TableState } from "~/domain/paging";
import { NEEDS_REVIEW_STATUSES } from "~/domain/publishment";

export const ADMIN_AD_PAGE_SIZE = 10;

const orderParameter: Record<AdListSort, string> = {
  id: "order[id]",
  title: "order[title]",
  companyName: "order[owner.companyName]",
  area: "order[area]",
  publishesAt: "order[publishmentOrder.publishesAt]",
  unpublishesAt: "order[publishmentOrder.unpublishesAt]",
};

const ownerSchema = z.object({ id: z.number(), companyName: z.string().nullish() }).passthrough();
const adminPostSchema = postSummarySchema.extend({
  owner: relation(ownerSchema).nullish(),
  companyName: z.string().nullish(),
  isDeleted: z.boolean().optional(),
  priority: z.number().nullish(),
});
type AdminPost = Awaited<ReturnType<typeof resolveAdminPost>>;

/** The row needs the order's status and the owner's name: fetched (once per request) when bare. */
async function resolveAdminPost(api: UpstreamClient, post: z.infer<typeof adminPostSchema>) {
  const [resolved, owner] = await Promise.all([
    resolvePostSummary(api, post),
    resolveIfAllowed(api, post.owner, ownerSchema),
  ]);
  return { ...resolved, owner };
}

export function toAdminAdvertisementRow(post: AdminPost, now: Date) {
  const order = post.publishmentOrder;
  return {
    id: post.id,
    applicationId: post.formattedAdvertisementId ?? formatAdvertisementId(post.id),
    title: post.title || "(タイトル未設定)",
    companyName: post.owner?.companyName ?? post.companyName ?? "",
    advertiserId: post.owner ? formatAdvertiserId(post.owner.id) : "",
    area: areaLabel(order),
    publishesAt: formatDate(order?.publishesAt),
    unpublishesAt: formatDate(order?.unpublishesAt),
    manuscriptStatus: manuscriptStatusLabel(order),
    paymentStatus: paymentStatusLabel(order),
    // Before an order there is nothing to distribute: the cell stays empty.
    distribution: order
      ? adminDistributionStatusLabels[
          adminDistributionStatus(post.publicAdvertisement?.postStatus, order, now)
        ]
      : "",
    // A deleted ad needs no action and is on no list of work: its row says 削除済み only.
    kind: post.isDeleted === true ? null : adminRowKind(order, now),
    isDeleted: post.isDeleted === true,
    /** The list sorts by it first (SPEC §7 order[priority]=asc): shown, so the order reads. */
    priority: post.priority ?? null,
  };
}
export type AdminAdvertisementRow = ReturnType<typeof toAdminAdvertisementRow>;

/** Shown when a link carried a filter or sort the upstream does not declare. */
export const UNDECLARED_NOTE =
  "このリンクの絞り込み・並べ替えの一部には対応していないため、外して表示しています。";

/**
 * The upstream query of the filters (SPEC §7 admin side); the caller adds paging and sorting.
 * The status and 配信状況 filters go only where the upstream declares them (search.ts).
 */
export function filterQuery(filters: AdListFilters, declares: Declares = () => true): Query {
  return {
    owner: filters.ownerId,
    "owner.companyName": filters.companyName,
    title: filters.title,
    "publishmentOrder.region": filters.region,
    "publishmentOrder.locality": filters.locality,
    [STATUS_VARIABLE]: !declares(STATUS_VARIABLE)
      ? undefined
      : filters.status === "needs_action"
        ? NEEDS_REVIEW_STATUSES
        : filters.status,
    [DISTRIBUTION_VARIABLE]: declares(DISTRIBUTION_VARIABLE)
      ? filters.distribution || undefined
      : undefined,
    has_publishmentOrder: filters.hideNotOrdered ? 1 : undefined,
  };
}

const DEFAULT_STATE = { sort: "id", order: "desc" } as const;

/** The sort of the list: priority first, always (SPEC §7); then the column, as declared. */
function sortQuery(declares: Declares, state: Pick<TableState<AdListSort>, "sort" | "order">) {
  const column =
    state.sort === "area"
      ? areaOrder(declares, state.order)
      : { [orderParameter[state.sort]]: state.order };
  return column ? { "order[priority]": "asc", ...column } : null;
}

/** Regions (id values) with their localities, for the filter selects. */
async function areaChoices(api: UpstreamClient, upstreamUrl: string) {
  const { regions } = await publishmentChoices(api, upstreamUrl);
  const idOf = (iri: string) => iri.split("/").pop() ?? "";
  return regions.map((r) => ({
    value: idOf(r.value),
    label: r.label,
    localities: r.localities.map((l) => ({ value: idOf(l.value), label: l.label })),
  }));
}
export type AreaChoice = Awaited<ReturnType<typeof areaChoices>>[number];

export async function loadAdminAdvertisementList(
  api: UpstreamClient,
  upstreamUrl: string,
  searchParams: URLSearchParams,
  now = new Date(),
) {
  const regions = await areaChoices(api, upstreamUrl);
  const filters = readAdListFilters(searchParams, regions);
  const state: TableState<AdListSort> = readTableState(searchParams, adListSorts, {
    sort: "id",
    order: "desc",
  });
  // A GET form sends every field, empty or not: answer with the short URL that means the same
  // list, so what the address bar shows (and a shared link) stays readable.
  const canonical = new URLSearchParams(
    adListSearch(filters, { sort: searchParams.get("sort"), order: searchParams.get("order") }),
  );
  if (state.page > 1) canonical.set("page", String(state.page));
  if (
    [...searchParams.keys()].some(
      (key) => !canonical.has(key) && AD_LIST_FILTER_KEYS.includes(key as never),
    ) ||
    [...searchParams.values()].some((value) => value === "") ||
    searchParams.getAll("hideNotOrdered").length > 1
  ) {
    const query = canonical.toString();
    throw redirect(`/administrator/advertisements${query ? `?${query}` : ""}`);
  }
  const [{ page, declares }, summary] = await Promise.all([
    readDeclared(
      SECTION7_VARIABLES.adminPosts,
      (declares) => ({
        page: state.page,
        itemsPerPage: ADMIN_AD_PAGE_SIZE,
        ...(sortQuery(declares, state) ?? sortQuery(declares, DEFAULT_STATE)),
        ...filterQuery(filters, declares),
      }),
      (query) => api.getCollection("/api/adv/posts", adminPostSchema, query),
    ),
    // How many ads wait for the editors, whatever the filters (SPEC §3 Site summary).
    getSiteSummary(api),
  ]);
  const statusFilter = declares(STATUS_VARIABLE);
  const distributionFilter = declares(DISTRIBUTION_VARIABLE);
  const areaSortable = areaOrder(declares, "asc") !== null;
  // What a link asked for that the upstream does not apply is dropped, and said so.
  const dropStatus = filters.status !== "" && !statusFilter;
  const dropDistribution = filters.distribution !== "" && !distributionFilter;
  const dropSort = state.sort === "area" && !areaSortable;
  return {
    filters: {
      ...filters,
      ...(dropStatus ? { status: "" as const } : {}),
      ...(dropDistribution ? { distribution: "" as const } : {}),
    },
    state: dropSort ? { ...state, ...DEFAULT_STATE } : state,
    statusFilter,
    distributionFilter,
    areaSortable,
    note: dropStatus || dropDistribution || dropSort ? UNDECLARED_NOTE : null,
    regions,
    pageSize: ADMIN_AD_PAGE_SIZE,
    rows: (await Promise.all(page.member.map((post) => resolveAdminPost(api, post)))).map((post) =>
      toAdminAdvertisementRow(post, now),
    ),
    totalItems: page.totalItems,
    needsActionCount: summary.waiting_for_confirmation,
  };
}
