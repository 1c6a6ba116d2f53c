// A paged collection GET, as API Platform pages one: the page the query asks for (readPage), that
// page of a filtered and ordered select, and the count of all rows that match, with view links.
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Context } from "hono";
import { collectionResponse, readPage } from "../hydra";

export interface PagedCollection {
  /** The collection's JSON-LD context and its path under API_PREFIX. */
  context: string;
  path: string;
  /** Items per page without `itemsPerPage` in the query, and the most a query may ask for. */
  itemsPerPage: number;
  maxItemsPerPage: number;
}

/**
 * Answers `rows` (a dynamic select with its where and order) cut to the requested page, each
 * serialized, with `count` (the same where, counted) as totalItems.
 */
export async function pagedCollectionResponse<T extends PgSelect>(
  c: Context,
  collection: PagedCollection,
  rows: T,
  count: PromiseLike<{ n: number }[]>,
  serialize: (row: Awaited<T>[number]) => unknown,
) {
  const params = new URL(c.req.url).searchParams;
  const page = readPage(params, collection.itemsPerPage, collection.maxItemsPerPage);
  const [members, [total]] = await Promise.all([
    rows.limit(page.itemsPerPage).offset(page.offset),
    count,
  ]);
  return collectionResponse(c, collection.context, collection.path, members.map(serialize), {
    page,
    totalItems: total?.n ?? 0,
  });
}
