// GET /api/adv/sales (ADR 0011): a month's sales, read page by page by following hydra:view next,
// so the list's totals and the CSV cover the whole month whatever the page size.
import { z } from "zod";
import type { Sale } from "~/domain/sales";
import type { UpstreamClient } from "./client";
import { UpstreamUnavailableError } from "./errors";

// Plain (stripping) objects: a month's CSV parses up to 100,000 of them, and passthrough and
// transforms double zod's time.
const named = z.object({ id: z.number(), name: z.string() });

export const saleSchema: z.ZodType<Sale, z.ZodTypeDef, unknown> = z.object({
  id: z.number(),
  net: z.number(),
  tax: z.number(),
  recordedAt: z.string(),
  saleIndexLabel: z.string().nullish(),
  publishmentOrder: z.object({
    id: z.number(),
    advertisement: z.object({
      id: z.number(),
      title: z.string(),
      owner: z.object({ id: z.number(), companyName: z.string() }),
    }),
    region: named,
    locality: named,
    course: named,
  }),
});

const salesPageSchema = z
  .object({
    "hydra:member": z.array(saleSchema).optional(),
    member: z.array(saleSchema).optional(),
    "hydra:view": z.object({ "hydra:next": z.string().optional() }).passthrough().optional(),
    view: z.object({ next: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

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
  const page = salesPageSchema.parse(await response.json());
  const next = page["hydra:view"]?.["hydra:next"] ?? page.view?.next ?? null;
  // The token goes only where the sales are: a next link elsewhere is not followed.
  if (next !== null && !next.startsWith(`${SALES_PATH}?`)) {
    throw new UpstreamUnavailableError(502, SALES_PATH);
  }
  return { sales: page["hydra:member"] ?? page.member ?? [], next };
}

/**
 * The month's sales a page at a time, oldest first: fetches a page only when the previous one
 * has been consumed (the CSV streams). More than MAX_SALES_PAGES pages is an error.
 */
export async function* salesPages(
  api: UpstreamClient,
  month: string,
  itemsPerPage = SALES_ITEMS_PER_PAGE,
): AsyncGenerator<Sale[], void, undefined> {
  let page = await fetchSalesPage(api, SALES_PATH, { month_recordedAt: month, itemsPerPage });
  for (let count = 1; ; count++) {
    yield page.sales;
    if (page.next === null) return;
    if (count >= MAX_SALES_PAGES) throw new UpstreamUnavailableError(502, SALES_PATH);
    page = await fetchSalesPage(api, page.next);
  }
}
