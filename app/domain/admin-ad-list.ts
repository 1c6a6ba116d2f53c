// The administrators' ad list filters (SPEC §2 Ad list, §9): read from the page's URL, and written
// back to it. Both the loader and the browser (debounced filtering) use these, so a reload or a
// shared link shows the same list.

export const adListSorts = [
  "id",
  "title",
  "companyName",
  "area",
  "publishesAt",
  "unpublishesAt",
] as const;
export type AdListSort = (typeof adListSorts)[number];

/** 原稿ステータス filter: "needs_action" is new or reapplying (the dashboard's 承認待ち). */
export const adListStatusOptions = [
  { value: "", label: "すべて" },
  { value: "needs_action", label: "承認待ち（審査中・再審査中）" },
  { value: "new", label: "審査中" },
  { value: "reapplying", label: "再審査中" },
  { value: "remanded", label: "差し戻し" },
  { value: "confirmed", label: "承認済み" },
] as const;
export type AdListStatus = Exclude<(typeof adListStatusOptions)[number]["value"], "">;

/** 配信状況 filter (SPEC §4 admin list): "publishing" is the dashboard's 掲載中. */
export const adListDistributionOptions = [
  { value: "", label: "すべて" },
  { value: "publishing", label: "掲載中" },
  { value: "scheduled", label: "掲載予定" },
  { value: "ended", label: "掲載終了" },
  { value: "suspended", label: "掲載停止" },
  { value: "not_synced", label: "未連携" },
] as const;
export type AdListDistribution = Exclude<(typeof adListDistributionOptions)[number]["value"], "">;

export type AdListFilters = {
  ownerId: string;
  companyName: string;
  title: string;
  region: string;
  locality: string;
  status: AdListStatus | "";
  distribution: AdListDistribution | "";
  /** On by default (SPEC §9): only "hideNotOrdered=0" in the URL turns it off. */
  hideNotOrdered: boolean;
};

/** The filter parameters of the page's URL, in the order the form shows them. */
export const AD_LIST_FILTER_KEYS = [
  "ownerId",
  "companyName",
  "title",
  "region",
  "locality",
  "status",
  "distribution",
  "hideNotOrdered",
] as const;

type RegionChoice = { value: string; localities: readonly { value: string }[] };

const MAX_TEXT = 100;
const text = (params: URLSearchParams, key: string) =>
  (params.get(key) ?? "").trim().slice(0, MAX_TEXT);
const positiveId = (value: string) => (/^[1-9]\d{0,8}$/.test(value) ? value : "");

/**
 * The filters of a URL. Unknown regions, localities, statuses and 配信状況 are dropped; a locality outside
 * the chosen region is dropped too (a page without JS lists every locality). For the checkbox the
 * last value wins: the form sends a hidden "0" before the checkbox's "1".
 */
export function readAdListFilters(
  params: URLSearchParams,
  regions: readonly RegionChoice[],
): AdListFilters {
  const region = regions.find((r) => r.value === params.get("region"));
  const localityId = params.get("locality") ?? "";
  const localities = region ? region.localities : regions.flatMap((r) => r.localities);
  const status = params.get("status") ?? "";
  const distribution = params.get("distribution") ?? "";
  const hide = params.getAll("hideNotOrdered");
  return {
    ownerId: positiveId(text(params, "ownerId")),
    companyName: text(params, "companyName"),
    title: text(params, "title"),
    region: region?.value ?? "",
    locality: localities.some((l) => l.value === localityId) ? localityId : "",
    status: adListStatusOptions.some((o) => o.value === status) ? (status as AdListStatus) : "",
    distribution: adListDistributionOptions.some((o) => o.value === distribution)
      ? (distribution as AdListDistribution)
      : "",
    hideNotOrdered: hide.length === 0 || hide[hide.length - 1] !== "0",
  };
}

/**
 * The page's query string for these filters, keeping the table's sort (a new filter starts again
 * on page 1). Empty filters are left out, and hideNotOrdered only appears when off.
 */
export function adListSearch(
  filters: AdListFilters,
  table: { sort?: string | null; order?: string | null } = {},
): string {
  const params = new URLSearchParams();
  for (const key of AD_LIST_FILTER_KEYS) {
    if (key === "hideNotOrdered") {
      if (!filters.hideNotOrdered) params.set(key, "0");
    } else if (filters[key]) params.set(key, filters[key]);
  }
  if (table.sort) params.set("sort", table.sort);
  if (table.order) params.set("order", table.order);
  const query = params.toString();
  return query ? `?${query}` : "";
}
