// AdministratorAdvertisersIndex data (SPEC §2 Advertiser list, §7 GET clients, §9 300 a page):
// the filters read from the page's URL, and one page of the advertisers that are not deleted.
import type { Query, UpstreamClient } from "~/.server/upstream/client";
import { listClients, type AdminClient } from "~/.server/upstream/clients";
import { formatAdvertiserId } from "../../../shared/ids";
import { readTableState, type TableState } from "~/domain/paging";

/** SPEC §9: the advertiser list shows 300 a page (the upstream's default and its maximum). */
export const ADVERTISER_PAGE_SIZE = 300;

export const advertiserSorts = ["id", "companyName", "personInCharge", "email"] as const;
export type AdvertiserSort = (typeof advertiserSorts)[number];

const orderParameter: Record<AdvertiserSort, string> = {
  id: "order[id]",
  companyName: "order[companyName]",
  personInCharge: "order[personInCharge]",
  email: "order[owner.email]",
};

export type AdvertiserFilters = {
  id: string;
  companyName: string;
  personInCharge: string;
  email: string;
};

/** The GET form's fields; an id is digits only (leading zeros of the 5-digit display allowed). */
export function readAdvertiserFilters(params: URLSearchParams): AdvertiserFilters {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 255);
  return {
    id: text("id"),
    companyName: text("companyName"),
    personInCharge: text("personInCharge"),
    email: text("email"),
  };
}

/** The upstream query of the filters (ADR 0011); an id that is not a number matches nothing. */
export function advertiserQuery(filters: AdvertiserFilters): Query {
  const id = /^\d{1,9}$/.test(filters.id) ? String(Number(filters.id)) : filters.id || undefined;
  return {
    isDeleted: "false",
    id,
    companyName: filters.companyName || undefined,
    personInCharge: filters.personInCharge || undefined,
    "owner.email": filters.email || undefined,
  };
}

export function toAdvertiserRow(client: AdminClient) {
  return {
    id: client.id,
    displayId: formatAdvertiserId(client.id),
    companyName: client.companyName,
    personInCharge: client.personInCharge,
    email: client.owner.email ?? "",
    tel: client.tel ?? "",
    autoConfirm: client.isAutoConfirmable ? "ON" : "OFF",
  };
}
export type AdvertiserRow = ReturnType<typeof toAdvertiserRow>;

export async function loadAdvertiserList(api: UpstreamClient, searchParams: URLSearchParams) {
  const filters = readAdvertiserFilters(searchParams);
  const state: TableState<AdvertiserSort> = readTableState(searchParams, advertiserSorts, {
    sort: "id",
    order: "desc",
  });
  const page = await listClients(
    api,
    { [orderParameter[state.sort]]: state.order, ...advertiserQuery(filters) },
    { page: state.page, itemsPerPage: ADVERTISER_PAGE_SIZE },
  );
  return {
    filters,
    state,
    pageSize: ADVERTISER_PAGE_SIZE,
    rows: page.member.map(toAdvertiserRow),
    totalItems: page.totalItems,
  };
}
