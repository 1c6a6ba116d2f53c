// Sale and SalesTotals (ADR 0011): the month's sales for the administrators' 売上一覧 and its CSV,
// and the month's totals in one aggregate. A month is a Tokyo calendar month of recordedAt; a
// reversal (mark-unpaid) is a row with negative amounts. One query with joins per page, its members
// written as JSON by the database.
import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { Hono, type Context } from "hono";
import { startOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";
import { EARLIEST_SALES_MONTH, latestSalesMonth } from "../domain/sales";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import {
  advertisements,
  clients,
  publishmentLocalities,
  publishmentOrders,
  publishmentRegions,
  sales,
} from "../db/schema";
import {
  API_PREFIX,
  asksPartialPage,
  badRequest,
  formatOf,
  iri,
  JSON_LD,
  jsonLd,
  readPage,
  serializers,
  type Page,
} from "../hydra";

const SALE_CONTEXT = "/api/contexts/Sale";
const SALES_TOTALS_CONTEXT = "/api/contexts/SalesTotals";
const DEFAULT_ITEMS_PER_PAGE = 30;
const MAX_ITEMS_PER_PAGE = 1000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The instants [from, to) of a Tokyo calendar month "YYYY-MM"; null when malformed. */
export function tokyoMonthRange(month: string | null | undefined): { from: Date; to: Date } | null {
  const match = month ? MONTH.exec(month) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const m = Number(match[2]);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: startOfTokyoDay(`${month}-01`), to: startOfTokyoDay(`${next}-01`) };
}

/**
 * The instants of a Tokyo month whose sales are asked for; a missing or malformed month, or one
 * outside SPEC §5's range (Sep 2020 to a year after the current month), is a 400 naming `field`.
 */
function salesMonth(month: string | null | undefined, field: string, now: Date) {
  const range = tokyoMonthRange(month);
  if (!range) throw badRequest(`${field}: YYYY-MM の形式で月を指定してください。`);
  const latest = latestSalesMonth(tokyoDate(now));
  if (month! < EARLIEST_SALES_MONTH || month! > latest) {
    throw badRequest(
      `${field}: ${EARLIEST_SALES_MONTH} から ${latest} までの月を指定してください。`,
    );
  }
  // As text: PGlite's statement cache takes values it can write as literals (pglite-statements).
  return { from: range.from.toISOString(), to: range.to.toISOString() };
}

/** The sales recorded in [from, to), the instants as a prepared statement's placeholders. */
const RECORDED_IN_MONTH = and(
  gte(sales.recordedAt, sql.placeholder("from")),
  lt(sales.recordedAt, sql.placeholder("to")),
);

/** PostgreSQL's count and sum are bigint (a string to the driver); a month's yen fit a number. */
const asNumber = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/** An IRI's collection part ("/api/adv/sales/"), as text the database appends an id to. */
const iriPrefix = (collection: string) => sql`${iri(collection, "")}::text`;

// A member is JSON text written by the database (issue 32): a month's CSV reads 10,000 of them,
// and decoding 15 fields a row, mapping them and writing the JSON again cost the API's thread
// ~150 ms a month on PGlite. Written as one concat() of literals and values: nested row_to_json
// subselects cost PostgreSQL ~2.5 ms and PGlite ~2–4 ms more a page of 1,000 (same bytes).
// to_json escapes a string as JSON.stringify does (", \\, \b \f \n \r \t, \u00XX below U+0020,
// nothing else). Every column read is NOT NULL: concat() would write nothing for a null, which
// JSON.parse then refuses (loud, never a row lost).
type JsonPieces = (SQL | string)[];
/** `{"key":value,…}`, the keys in the order given. */
const object = (fields: Record<string, JsonPieces>): JsonPieces => [
  ...Object.entries(fields).flatMap(([key, value], index) => [
    `${index === 0 ? "{" : ","}${JSON.stringify(key)}:`,
    ...value,
  ]),
  "}",
];
const number = (column: AnyPgColumn): JsonPieces => [sql`${column}`];
const string = (text: SQL | AnyPgColumn): JsonPieces => [sql`to_json(${text})::text`];
const literal = (value: string): JsonPieces => [JSON.stringify(value)];
/** An item's IRI: its collection's prefix and its id. */
const iriOf = (collection: string, id: AnyPgColumn): JsonPieces => [
  '"',
  iriPrefix(collection),
  sql`${id}`,
  '"',
];
/** The pieces as one text: neighbouring literals joined into one SQL string literal. */
function concat(pieces: JsonPieces) {
  const merged = pieces.reduce<JsonPieces>((all, piece) => {
    const last = all.at(-1);
    if (typeof piece === "string" && typeof last === "string") all[all.length - 1] = last + piece;
    else all.push(piece);
    return all;
  }, []);
  const values = merged.map((piece) =>
    typeof piece === "string" ? sql.raw(`'${piece.replaceAll("'", "''")}'`) : piece,
  );
  return sql<string>`concat(${sql.join(values, sql`, `)})`;
}

/**
 * One member: `{"@id","@type":"Sale",id,net,tax,recordedAt,saleIndexLabel,publishmentOrder:{"@id",
 * id,advertisement:{"@id",id,title,owner:{"@id",id,companyName}},region:{id,name},
 * locality:{id,name},course:{id,name}}}` (ADR 0011). recordedAt is Tokyo's wall clock to the
 * second with "+09:00", as toTokyoIso writes it: Japan has kept +09:00 without summer time since
 * 1951, and sales start in 2020. The course is the order's snapshot (its name when ordered).
 */
const memberJson = concat(
  object({
    "@id": iriOf("sales", sales.id),
    "@type": literal("Sale"),
    id: number(sales.id),
    net: number(sales.net),
    tax: number(sales.tax),
    recordedAt: [
      '"',
      sql`to_char((${sales.recordedAt} at time zone 'UTC') + interval '9 hours', 'YYYY-MM-DD"T"HH24:MI:SS')`,
      '+09:00"',
    ],
    saleIndexLabel: string(
      sql`${publishmentLocalities.name} || ' ' || ${publishmentOrders.courseName}`,
    ),
    publishmentOrder: object({
      "@id": iriOf("publishment_orders", publishmentOrders.id),
      id: number(publishmentOrders.id),
      advertisement: object({
        "@id": iriOf("posts", advertisements.id),
        id: number(advertisements.id),
        title: string(advertisements.title),
        owner: object({
          "@id": iriOf("clients", clients.id),
          id: number(clients.id),
          companyName: string(clients.companyName),
        }),
      }),
      region: object({ id: number(publishmentRegions.id), name: string(publishmentRegions.name) }),
      locality: object({
        id: number(publishmentLocalities.id),
        name: string(publishmentLocalities.name),
      }),
      course: object({
        id: number(publishmentOrders.courseId),
        name: string(publishmentOrders.courseName),
      }),
    }),
  }),
);

/** Stands for the members while the collection's frame is written; replaced by their text. */
const MEMBERS = "\u0000members\u0000";

/** The collection answer with members already JSON text (the frame as collectionResponse writes). */
function collectionOfJson(
  c: Context,
  members: string,
  paged: { page: Page; totalItems?: number; itemsOnPage: number },
) {
  const frame = serializers(formatOf(c)).collection({
    context: SALE_CONTEXT,
    id: `${API_PREFIX}/sales`,
    url: new URL(c.req.url),
    members: [MEMBERS],
    ...paged,
  });
  // A function, so that "$&" in a title is not read as a replacement pattern.
  const text = JSON.stringify(frame).replace(JSON.stringify([MEMBERS]), () => `[${members}]`);
  // As bytes: a Response made from a string scans all of its ~450 KiB for lone surrogates first
  // (the text from the database has none), and the hydra:search layer reads the answer's bytes.
  return c.body(Buffer.from(text), 200, { "Content-Type": JSON_LD });
}

export function saleRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  // Prepared once (named): a month's CSV reads ten pages, and PostgreSQL planned the page's
  // statement anew each time, at about a tenth of what running it costs. The page's sales first
  // (the (recorded_at, id) index gives them in order, unsorted), then the joins for those rows
  // only: joining the whole month before LIMIT cost ~90 ms a page at 10,000 sales.
  const pageOfSales = deps.db
    .select({ id: sales.id })
    .from(sales)
    .where(RECORDED_IN_MONTH)
    .orderBy(asc(sales.recordedAt), asc(sales.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_of_sales");
  const salesPage = deps.db
    .select({
      text: sql<
        string | null
      >`string_agg(${memberJson}, ',' order by ${sales.recordedAt}, ${sales.id})`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(pageOfSales)
    .innerJoin(sales, eq(sales.id, pageOfSales.id))
    .innerJoin(publishmentOrders, eq(publishmentOrders.id, sales.publishmentOrderId))
    .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
    .innerJoin(clients, eq(clients.id, advertisements.ownerId))
    .innerJoin(publishmentRegions, eq(publishmentRegions.id, publishmentOrders.regionId))
    .innerJoin(publishmentLocalities, eq(publishmentLocalities.id, publishmentOrders.localityId))
    .prepare("sales_page");
  const salesCount = deps.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sales)
    .where(RECORDED_IN_MONTH)
    .prepare("sales_count");

  routes.get("/api/adv/sales", requireAdministrator, async (c) => {
    const url = new URL(c.req.url);
    const month = salesMonth(
      url.searchParams.get("month_recordedAt"),
      "month_recordedAt",
      deps.clock(),
    );
    const page = readPage(url.searchParams, DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
    const values = { ...month, limit: page.itemsPerPage, offset: page.offset };
    const [members] = await salesPage.execute(values);
    // `partial=true` (the CSV's pages): no count of the month, ten times over.
    const totalItems = asksPartialPage(url.searchParams)
      ? undefined
      : ((await salesCount.execute(month))[0]?.n ?? 0);
    return collectionOfJson(c, members?.text ?? "", {
      page,
      totalItems,
      itemsOnPage: members?.n ?? 0,
    });
  });

  // The month's totals as one item, so the list screen reads one page of rows and this rather
  // than the whole month (issue 15): the (recorded_at, id) index bounds the aggregate to the month.
  routes.get("/api/adv/sales_totals/:month", requireAdministrator, async (c) => {
    const month = c.req.param("month");
    const [totals] = await deps.db
      .select({
        count: asNumber(sql`count(*)`),
        net: asNumber(sql`sum(${sales.net})`),
        tax: asNumber(sql`sum(${sales.tax})`),
      })
      .from(sales)
      .where(RECORDED_IN_MONTH)
      .execute(salesMonth(month, "month", deps.clock()));
    const { count = 0, net = 0, tax = 0 } = totals ?? {};
    return jsonLd(c, {
      "@context": SALES_TOTALS_CONTEXT,
      "@id": iri("sales_totals", month),
      "@type": "SalesTotals",
      month,
      count,
      net,
      tax,
      gross: net + tax,
    });
  });

  return routes;
}
