// GET /api/adv/sales (ADR 0011): one page of a month's sales (the list), or the whole month read by
// following hydra:view next (the CSV); GET /api/adv/sales_totals/{month}: the month's totals (an
// extension of SPEC §7: ../sales.ts sums the rows without it).
import { z } from "zod";
import type { Sale, SalesTotals } from "~/domain/sales";
import type { UpstreamClient } from "./client";
import { UpstreamUnavailableError } from "./errors";
import { getCollectionPage } from "./hydra";
import { bulkRelation, identified, resolveIfAllowed } from "./relations";

// Plain (stripping) objects: a month's CSV parses up to 100,000 of them, and passthrough and
// transforms double zod's time. Every relation may be a bare IRI (issue 16): its id is then known,
// and the table fetches the rest (resolveSale); the CSV writes what it has.
const named = z.object({ id: z.number(), name: z.string() });
const owner = z.object({ id: z.number(), companyName: z.string() });
const advertisement = z.object({ id: z.number(), title: z.string(), owner: bulkRelation(owner) });
const order = z.object({
  id: z.number(),
  advertisement: bulkRelation(advertisement),
  region: bulkRelation(named),
  locality: bulkRelation(named),
  course: bulkRelation(named),
});

export const saleSchema: z.ZodType<Sale, z.ZodTypeDef, unknown> = z.object({
  id: z.number(),
  net: z.number(),
  tax: z.number(),
  /** Not in SPEC §3 (our reference API's extension): the table and the CSV leave the date blank. */
  recordedAt: z.string().optional(),
  saleIndexLabel: z.string().nullish(),
  publishmentOrder: bulkRelation(order),
});

/**
 * A sale of the table with what its relations left out fetched (each resource once per request:
 * the client's memo); what the upstream will not give stays as known.
 */
export async function resolveSale(api: UpstreamClient, sale: Sale): Promise<Sale> {
  // A fetched resource may leave out `id` (API Platform writes it only when exposed).
  const known = await resolveIfAllowed(api, sale.publishmentOrder, identified(order));
  if (!known) return sale;
  const [ad, region, locality, course] = await Promise.all([
    resolveIfAllowed(api, known.advertisement, identified(advertisement)),
    resolveIfAllowed(api, known.region, identified(named)),
    resolveIfAllowed(api, known.locality, identified(named)),
    resolveIfAllowed(api, known.course, identified(named)),
  ]);
  const adOwner = ad && (await resolveIfAllowed(api, ad.owner, identified(owner)));
  return {
    ...sale,
    publishmentOrder: {
      ...known,
      advertisement: ad ? { ...ad, owner: adOwner ?? undefined } : undefined,
      region: region ?? undefined,
      locality: locality ?? undefined,
      course: course ?? undefined,
    },
  };
}

const salesPageSchema = z
  .object({
    "hydra:member": z.array(saleSchema).optional(),
    member: z.array(saleSchema).optional(),
    "hydra:view": z.object({ "hydra:next": z.string().optional() }).passthrough().optional(),
    view: z.object({ next: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

// The page's frame with its members left unread: embeddedSales reads them without zod.
const salesPageFrame = z
  .object({
    "hydra:member": z.array(z.unknown()).optional(),
    member: z.array(z.unknown()).optional(),
    "hydra:view": z.object({ "hydra:next": z.string().optional() }).passthrough().optional(),
    view: z.object({ next: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNamed = (value: unknown): value is { id: number; name: string } =>
  isRecord(value) && typeof value.id === "number" && typeof value.name === "string";

/**
 * A sale as saleSchema parses it, when every relation is embedded with its id (what our API and
 * an embedding API Platform send); null for anything else, which zod then reads. Zod per row
 * cost ~50 ms of a 10,000-row CSV; these checks accept nothing saleSchema would refuse.
 */
function embeddedSale(member: unknown): Sale | null {
  if (!isRecord(member)) return null;
  const { id, net, tax, recordedAt, saleIndexLabel, publishmentOrder: order } = member;
  if (typeof id !== "number" || typeof net !== "number" || typeof tax !== "number") return null;
  if (recordedAt !== undefined && typeof recordedAt !== "string") return null;
  if (saleIndexLabel != null && typeof saleIndexLabel !== "string") return null;
  if (!isRecord(order) || typeof order.id !== "number") return null;
  const { advertisement: ad, region, locality, course } = order;
  if (!isRecord(ad) || typeof ad.id !== "number" || typeof ad.title !== "string") return null;
  const owner = ad.owner;
  if (!isRecord(owner) || typeof owner.id !== "number") return null;
  if (typeof owner.companyName !== "string") return null;
  if (!isNamed(region) || !isNamed(locality) || !isNamed(course)) return null;
  const sale: Sale = {
    id,
    net,
    tax,
    publishmentOrder: {
      id: order.id,
      advertisement: {
        id: ad.id,
        title: ad.title,
        owner: { id: owner.id, companyName: owner.companyName },
      },
      region: { id: region.id, name: region.name },
      locality: { id: locality.id, name: locality.name },
      course: { id: course.id, name: course.name },
    },
  };
  if ("recordedAt" in member) sale.recordedAt = recordedAt as string | undefined;
  if ("saleIndexLabel" in member) sale.saleIndexLabel = saleIndexLabel as string | null | undefined;
  return sale;
}

/** Every member read by embeddedSale, or null when one needs zod (a bare IRI, a bad field). */
function embeddedSales(members: readonly unknown[]): Sale[] | null {
  const sales: Sale[] = [];
  for (const member of members) {
    const sale = embeddedSale(member);
    if (sale === null) return null;
    sales.push(sale);
  }
  return sales;
}

/**
 * A page of sales as salesPageSchema reads it, zod only for the frame: a page with any member
 * embeddedSale will not take is parsed whole by zod (its errors and bare IRIs as before).
 */
export function parseSalesPage(body: unknown): z.output<typeof salesPageSchema> {
  const page = salesPageFrame.parse(body);
  const hydra = page["hydra:member"] && embeddedSales(page["hydra:member"]);
  const plain = page.member && embeddedSales(page.member);
  if (hydra === null || plain === null) return salesPageSchema.parse(body);
  return { ...page, "hydra:member": hydra, member: plain };
}

const SALES_PATH = "/api/adv/sales";
/** The largest page the API gives (ADR 0011). */
export const SALES_ITEMS_PER_PAGE = 1000;
/** 200 pages of 1,000: a month beyond that is refused rather than silently cut short. */
export const MAX_SALES_PAGES = 200;

export type SalesPage = { sales: Sale[]; next: string | null };

async function fetchSalesPage(
  api: UpstreamClient,
  path: string,
  query?: Record<string, string | number>,
): Promise<SalesPage> {
  const response = await api.request("GET", path, { query });
  // An answer the portal cannot read is an upstream fault (a friendly page), never a 500.
  const page = await api.readAnswer("GET", SALES_PATH, response, parseSalesPage);
  const next = page["hydra:view"]?.["hydra:next"] ?? page.view?.next ?? null;
  // The token goes only where the sales are: a next link elsewhere is not followed.
  if (next !== null && !next.startsWith(`${SALES_PATH}?`)) {
    throw new UpstreamUnavailableError(502, SALES_PATH);
  }
  return { sales: page["hydra:member"] ?? page.member ?? [], next };
}

/**
 * One screen page of the month's sales, oldest first (the list's table): rows
 * (page−1)·itemsPerPage … page·itemsPerPage−1 even when the upstream serves smaller pages.
 */
export async function salesPage(
  api: UpstreamClient,
  month: string,
  page: number,
  itemsPerPage: number,
): Promise<Sale[]> {
  const at = { page, itemsPerPage };
  return (await getCollectionPage(api, SALES_PATH, saleSchema, { month_recordedAt: month }, at))
    .member;
}

const salesTotalsSchema: z.ZodType<SalesTotals, z.ZodTypeDef, unknown> = z.object({
  count: z.number(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
});

/** The month's count and sums over every row, reversals included (one aggregate upstream). */
export async function salesTotals(api: UpstreamClient, month: string): Promise<SalesTotals> {
  const response = await api.request("GET", `/api/adv/sales_totals/${month}`);
  return salesTotalsSchema.parse(await response.json());
}

/**
 * The month's sales a page at a time, oldest first: fetches a page only when the previous one
 * has been consumed (the CSV streams). More than MAX_SALES_PAGES pages of sales is an error.
 *
 * Asks for partial pages (API Platform's `partial=true`): a server that allows it skips counting
 * the month for every page, and one that does not ignores the name (as it ignores any it does not
 * declare) and counts. Only the next links are followed, so both read the same; a partial last
 * page that is full links to an empty one.
 */
export async function* salesPages(
  api: UpstreamClient,
  month: string,
  itemsPerPage = SALES_ITEMS_PER_PAGE,
): AsyncGenerator<Sale[], void, undefined> {
  const query = { month_recordedAt: month, itemsPerPage, partial: "true" };
  let page = await fetchSalesPage(api, SALES_PATH, query);
  for (let count = 1; ; count++) {
    // Beyond the last page allowed, only the empty end a full partial page links to.
    if (count > MAX_SALES_PAGES && (page.sales.length > 0 || page.next !== null)) {
      throw new UpstreamUnavailableError(502, SALES_PATH);
    }
    yield page.sales;
    if (page.next === null) return;
    page = await fetchSalesPage(api, page.next);
  }
}
