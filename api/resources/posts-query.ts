// The Post (advertisement) read model: one statement for a page of posts with everything the
// serialiser needs (owner, order, area, course, public copy, images), plus its filters and sorting.
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  not,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Identity } from "../context";
import type { Database } from "../db/client";
import {
  advertisements,
  clients,
  mediaObjects,
  publicAdvertisements,
  publishmentCourses,
  publishmentLocalities,
  publishmentOrders,
  publishmentRegions,
  postTallies,
} from "../db/schema";
import type { PublishmentStatus } from "../../shared/wire";
import {
  EDITORS_GRACE_MS,
  NEEDS_REVIEW,
  periodPhaseSql,
  phaseBounds,
  type PhaseBounds,
} from "../domain/publishment";
import { parseIdOrIri, type Page } from "../hydra";
import { orderPartColumns } from "./publishment-orders";

/**
 * An image slot's file, as a scalar subquery rather than a join: six more joins made planning
 * the page query cost more than running it.
 */
const filePathOf = (column: AnyPgColumn) => {
  const m = mediaObjects;
  return sql<string | null>`(select ${m.filePath} from ${m} where ${m.id} = ${column})`;
};
const image = (column: AnyPgColumn) => ({
  id: sql<number | null>`${column}`,
  filePath: filePathOf(column),
});

// The filters and sorts (postFilters, postOrder) look at three tables only: advertisements,
// clients and publishment_orders. The count and the page's id selection join only those of them
// a request's filters and sorts name: each ad has exactly one owner and at most one order, so the
// joins change no count, but an advertiser's page of their own ads then reads one index alone.

/** Which of the other filterable tables a request's filters or sorts name. */
export interface PostJoins {
  clients: boolean;
  orders: boolean;
}
const ALL_JOINS: PostJoins = { clients: true, orders: true };

/**
 * Adds the joins `joins` asks for to a select from advertisements. The selection is fixed
 * before, so the joins change the rows' shape of nothing the caller reads.
 */
function withJoins<T extends PgSelect>(query: T, joins: PostJoins): T {
  let joined: PgSelect = query;
  if (joins.clients) joined = joined.innerJoin(clients, eq(clients.id, advertisements.ownerId));
  if (joins.orders) {
    joined = joined.leftJoin(
      publishmentOrders,
      eq(publishmentOrders.advertisementId, advertisements.id),
    );
  }
  return joined as T;
}

export function countPosts(db: Database, where: SQL | undefined, joins: PostJoins = ALL_JOINS) {
  const query = db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(advertisements)
    .$dynamic();
  return withJoins(query, joins).where(where);
}

/**
 * A list whose count the triggers keep (post_tallies, migration 0012): every ad, the ordered
 * ones, those waiting for review, or those live at bounds (values or placeholders).
 */
export type Tally = { of: "all" | "ordered" | "waiting" } | { of: "live"; at: PhaseBounds };

/** The kept count of `tally`: a row or a range of rows instead of a scan of the ads. */
export function tallied(db: Database, tally: Tally) {
  const t = postTallies;
  const sum = (when: SQL) => sql`coalesce(sum(${t.n}) filter (where ${when}), 0)`;
  // ISO text, as the collection binds it: the driver is given text, cast here to timestamptz.
  const instant = (at: Date | Placeholder) => (at instanceof Date ? at.toISOString() : at);
  const n =
    tally.of === "live"
      ? // Live = started by now − over before the earliest end still live (a period ends after
        // it starts: publishment_orders_period_check), exactly periodPhaseSql("live").
        sql`${sum(sql`${t.tally} = 'live_from' and ${t.at} <= ${instant(tally.at.now)}::timestamptz`)} - ${sum(
          sql`${t.tally} = 'live_until' and ${t.at} < ${instant(tally.at.endsFrom)}::timestamptz`,
        )}`
      : sum(sql`true`);
  const tallies = tally.of === "live" ? ["live_from", "live_until"] : [tally.of];
  return db
    .select({ n: sql<number>`${n}`.mapWith(Number) })
    .from(t)
    .where(inArray(t.tally, tallies as (typeof t.tally.enumValues)[number][]));
}

/** A list's count: the kept one when there is one, else a count of the ads it shows. */
export const countListed = (
  db: Database,
  list: Pick<PostsListQuery, "where" | "joins" | "tally">,
) => (list.tally ? tallied(db, list.tally) : countPosts(db, list.where, list.joins));

/**
 * A page of posts with everything the serialiser needs, in one statement. The page's ids are
 * chosen first in a derived table on the three filterable tables; only those rows get the other
 * joins. (Joining everything before sorting and limiting cost 60-170 ms for a 10-row page of a
 * 1,000-ad advertiser on PGlite, and an `id IN (…)` variant was planned no better.)
 */
export function selectPosts(
  db: Database,
  opts: {
    where: SQL | undefined;
    order: SQL[];
    page: Pick<Page, "itemsPerPage" | "offset"> | ReturnType<typeof pageShape>["page"];
    joins?: PostJoins;
    /** Adds the collection's count to every row (`total`): one statement instead of two. */
    withTotal?: boolean;
    /** The count is a kept one (countListed). */
    tally?: Tally;
  },
) {
  const joins = opts.joins ?? ALL_JOINS;
  const total = opts.withTotal
    ? sql`(${countListed(db, { where: opts.where, joins, tally: opts.tally })})`
    : sql`null`;
  const ids = db.select({ id: advertisements.id }).from(advertisements).$dynamic();
  const page = withJoins(ids, joins)
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.page.itemsPerPage)
    .offset(opts.page.offset)
    .as("page");
  return db
    .select({
      ad: advertisements,
      owner: { id: clients.id, companyName: clients.companyName },
      ...orderPartColumns,
      publicAd: publicAdvertisements,
      image1: image(advertisements.image1Id),
      image2: image(advertisements.image2Id),
      image3: image(advertisements.image3Id),
      image4: image(advertisements.image4Id),
      image5: image(advertisements.image5Id),
      eyeCatch: image(advertisements.eyeCatchId),
      total: sql<number | null>`${total}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(advertisements, eq(advertisements.id, page.id))
    .innerJoin(clients, eq(clients.id, advertisements.ownerId))
    .leftJoin(publishmentOrders, eq(publishmentOrders.advertisementId, advertisements.id))
    .leftJoin(publishmentRegions, eq(publishmentRegions.id, publishmentOrders.regionId))
    .leftJoin(publishmentLocalities, eq(publishmentLocalities.id, publishmentOrders.localityId))
    .leftJoin(publishmentCourses, eq(publishmentCourses.id, publishmentOrders.courseId))
    .leftJoin(publicAdvertisements, eq(publicAdvertisements.advertisementId, advertisements.id))
    .orderBy(...opts.order);
}

export type PostRow = Awaited<ReturnType<typeof selectPosts>>[number];

/** The one post `where` finds, or undefined: a post's GET and what a write answers. */
export async function selectOnePost(db: Database, where: SQL | undefined) {
  const [row] = await selectPosts(db, {
    where,
    order: [],
    page: { itemsPerPage: 1, offset: 0 },
  });
  return row;
}

/**
 * What a caller may see at all: advertisers only their own, non-deleted posts (`owner` is the
 * caller's client id, or the placeholder a prepared statement takes it by).
 */
export function visiblePosts(
  identity: Identity,
  owner: number | Placeholder = identity.clientId ?? -1,
): SQL | undefined {
  if (identity.role === "administrator") return undefined;
  // `not is_deleted` written out, not bound: a prepared statement's generic plan can then read the
  // partial index made for it (schema.ts advertisements_owner_id_id_visible_idx).
  return and(eq(advertisements.ownerId, owner), not(advertisements.isDeleted));
}

/** A whole number written into the SQL text where drizzle would bind a parameter. */
const inlineCount = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;

/**
 * The page as a prepared statement takes it: the limit written into the SQL, and on the first page
 * the offset too; further pages bind theirs (`offset`). With a bound limit PostgreSQL's plan for
 * any value guesses a tenth of the table, with hash joins, so it planned the statement anew on
 * every request, at several times what running it costs; with these it keeps one plan per
 * connection (ADR 0013). `key` tells the shapes apart.
 */
export function pageShape(page: Pick<Page, "itemsPerPage" | "offset">) {
  const first = page.offset === 0;
  return {
    key: `limit ${page.itemsPerPage}${first ? " first" : ""}`,
    page: {
      itemsPerPage: inlineCount(page.itemsPerPage),
      offset: first ? inlineCount(0) : sql.placeholder("offset"),
    },
  };
}

/**
 * A collection request as a statement shape: SQL whose values are placeholders, the values
 * they take, and a key that is the same exactly when the SQL text is (it names the prepared
 * statements, so neither is built again for the next request of that shape).
 */
export interface PostsListQuery {
  key: string;
  where: SQL | undefined;
  order: SQL[];
  joins: PostJoins;
  values: Record<string, unknown>;
  /** The count the triggers keep for exactly these filters, if any. */
  tally?: Tally;
}

/** Collects a shape's key and its placeholders' values while its SQL is put together. */
class Shape {
  readonly tokens: string[] = [];
  readonly values: Record<string, unknown> = {};
  /**
   * What the filters ask, as far as a kept count goes: `hasOrder`, `waiting` (the review
   * statuses exactly), `live` (with its bounds), or `other` (anything no tally counts).
   */
  readonly filters = new Set<"hasOrder" | "waiting" | "live" | "other">();
  liveBounds?: PhaseBounds;
  constructor(readonly joins: PostJoins) {}
  /** A placeholder for `value`; its name joins the key. */
  bind(name: string, value: unknown): Placeholder {
    this.tokens.push(name);
    this.values[name] = value;
    return sql.placeholder(name);
  }
  /** A part of the SQL text that depends on the request but takes no value. */
  note(token: string) {
    this.tokens.push(token);
  }
}

/**
 * The posts collection's statement shape for these query parameters and this caller; `now` is
 * the instant the distribution filter reads the periods at.
 */
export function postsListQuery(
  params: URLSearchParams,
  identity: Identity,
  now = new Date(),
): PostsListQuery {
  const shape = new Shape({ clients: false, orders: false });
  shape.note(identity.role);
  const visible =
    identity.role === "administrator"
      ? undefined
      : visiblePosts(identity, shape.bind("viewer", identity.clientId ?? -1));
  const where = and(visible, ...postFilters(params, shape, now));
  const order = postOrder(params, shape);
  return {
    key: shape.tokens.join(" "),
    where,
    order,
    joins: shape.joins,
    values: shape.values,
    tally: identity.role === "administrator" ? tallyOf(shape) : undefined,
  };
}

/** The kept count of an editor's list with these filters, when one counts exactly them. */
function tallyOf({ filters, liveBounds }: Shape): Tally | undefined {
  if (filters.has("other")) return undefined;
  // Waiting and live ads have an order: asking for one as well narrows nothing.
  const also = [...filters].filter((f) => f !== "hasOrder");
  if (also.length === 0) return { of: filters.has("hasOrder") ? "ordered" : "all" };
  if (also.length > 1) return undefined;
  if (also[0] === "waiting") return { of: "waiting" };
  return liveBounds && { of: "live", at: liveBounds };
}

const NOTHING = sql`false`;
const PUBLISHMENT_STATUSES = new Set<string>(["new", "remanded", "reapplying", "confirmed"]);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (value: string) => `%${escapeLike(value)}%`;

/**
 * The collection's search filters (SPEC §7), as placeholders with their values in `shape`, which
 * also learns the tables they read. They only ever narrow `visiblePosts`, so an advertiser's
 * `owner` filter naming someone else yields an empty list, never their data.
 * An unreadable id matches nothing rather than being ignored.
 */
function postFilters(params: URLSearchParams, shape: Shape, now: Date): SQL[] {
  const conditions: SQL[] = [];
  const value = (name: string) => {
    const v = params.get(name)?.trim();
    return v ? v : null;
  };
  const byId = (name: string, collection: string, column: AnyPgColumn) => {
    const raw = value(name);
    if (raw === null) return false;
    const id = parseIdOrIri(raw, collection);
    shape.filters.add("other");
    if (id === null) shape.note(`${name}=nothing`);
    conditions.push(id === null ? NOTHING : eq(column, shape.bind(name, id)));
    return true;
  };

  byId("owner", "clients", advertisements.ownerId);
  const byRegion = byId(
    "publishmentOrder.region",
    "publishment_regions",
    publishmentOrders.regionId,
  );
  const byLocality = byId(
    "publishmentOrder.locality",
    "publishment_localities",
    publishmentOrders.localityId,
  );
  if (byRegion || byLocality) shape.joins.orders = true;

  const companyName = value("owner.companyName");
  if (companyName) {
    conditions.push(ilike(clients.companyName, shape.bind("companyName", contains(companyName))));
    shape.joins.clients = true;
    shape.filters.add("other");
  }
  const title = value("title");
  if (title) {
    conditions.push(ilike(advertisements.title, shape.bind("title", contains(title))));
    shape.filters.add("other");
  }

  const hasOrder = value("has_publishmentOrder");
  if (hasOrder !== null) {
    shape.joins.orders = true;
    const has = /^(1|true)$/i.test(hasOrder);
    shape.note(`hasOrder=${has}`);
    shape.filters.add(has ? "hasOrder" : "other");
    // The join's own column: the unique index on it answers "has an order" without the table.
    const orderAd = publishmentOrders.advertisementId;
    conditions.push(has ? isNotNull(orderAd) : isNull(orderAd));
  }
  // The order's status, exact, one or several (`publishmentOrder.publishmentStatus[]=new&…[]=
  // reapplying`, API Platform's SearchFilter form): the dashboard's 承認待ち links here. An unknown
  // status matches nothing. A deleted ad's order waits for no review: the filter reads live ads
  // only, as the site summary counts them (issue 30 #10: the banner and the list agree).
  const statuses = [
    ...params.getAll("publishmentOrder.publishmentStatus"),
    ...params.getAll("publishmentOrder.publishmentStatus[]"),
  ]
    .map((s) => s.trim())
    .filter(Boolean);
  if (statuses.length > 0) {
    shape.joins.orders = true;
    const known = [...new Set(statuses)].filter((s): s is PublishmentStatus =>
      PUBLISHMENT_STATUSES.has(s),
    );
    const unknown = known.length < new Set(statuses).size;
    // Exactly the review statuses is the kept 承認待ち count; an unknown one matches nothing.
    const reviewOnly =
      !unknown &&
      known.length === NEEDS_REVIEW.length &&
      NEEDS_REVIEW.every((s) => known.includes(s));
    shape.filters.add(reviewOnly ? "waiting" : "other");
    if (unknown) {
      shape.note("status=nothing");
      conditions.push(NOTHING);
    } else {
      const bound = known.map((status, i) => shape.bind(`status${i}`, status));
      conditions.push(
        inArray(publishmentOrders.publishmentStatus, bound),
        eq(advertisements.isDeleted, false),
      );
    }
  }
  const distribution = value("distributionStatus");
  if (distribution !== null) {
    shape.joins.orders = true;
    shape.note(`distribution=${isDistribution(distribution) ? distribution : "nothing"}`);
    if (isDistribution(distribution)) {
      const bounds = {
        // ISO strings: the driver is given text, which the comparison casts to timestamptz.
        now: shape.bind("distributionNow", now.toISOString()),
        endsFrom: shape.bind("distributionEndsFrom", editorsBounds(now).endsFrom.toISOString()),
      };
      conditions.push(distributionIs(distribution, bounds));
      if (distribution === "publishing") shape.liveBounds = bounds;
    } else conditions.push(NOTHING);
    shape.filters.add(distribution === "publishing" ? "live" : "other");
  }
  const isDeleted = value("isDeleted");
  if (isDeleted !== null) {
    const deleted = /^(1|true)$/i.test(isDeleted);
    shape.filters.add("other");
    conditions.push(eq(advertisements.isDeleted, shape.bind("isDeleted", deleted)));
  }
  return conditions;
}

/** 配信状況 as the editors' list reads it (SPEC §4 Distribution status in the admin list). */
export const DISTRIBUTIONS = [
  "scheduled",
  "publishing",
  "ended",
  "not_synced",
  "suspended",
] as const;
export type Distribution = (typeof DISTRIBUTIONS)[number];
const isDistribution = (value: string): value is Distribution =>
  (DISTRIBUTIONS as readonly string[]).includes(value);

/** The editors' reading of the period: live through the day after the end date (SPEC §4). */
export const editorsBounds = (now: Date) => phaseBounds(now, EDITORS_GRACE_MS);

/** The public copy's status, read beside the filterable tables (no copy: not_synced). */
const postStatusOf = () => {
  const p = publicAdvertisements;
  return sql`coalesce((select ${p.postStatus} from ${p} where ${p.advertisementId} = ${advertisements.id}), 'not_synced')`;
};

/**
 * The ads of one 配信状況, as the portal's adminDistributionStatus reads a row: a public copy is
 * scheduled before its start, live from the start through the day after its end date, ended
 * after that (periodPhaseSql with the editors' grace day); not_synced and suspended as they are.
 * Only live ads with an order (the list shows no 配信状況 without one; a deleted ad is on no
 * site): the dashboard's 掲載中 count (site-summary.ts) is this filter's `publishing`. The bounds
 * are values or placeholders (editorsBounds); the caller joins the orders.
 */
export function distributionIs(status: Distribution, at: PhaseBounds): SQL {
  const o = publishmentOrders;
  const base = [isNotNull(o.id), eq(advertisements.isDeleted, false)];
  const postStatus = postStatusOf();
  const isPublic = sql`${postStatus} = 'public'`;
  const byStatus: Record<Distribution, SQL | undefined> = {
    not_synced: sql`${postStatus} = 'not_synced'`,
    suspended: sql`${postStatus} = 'suspended'`,
    scheduled: and(isPublic, periodPhaseSql("scheduled", at)),
    publishing: and(isPublic, periodPhaseSql("live", at)),
    ended: and(isPublic, periodPhaseSql("ended", at)),
  };
  return and(...base, byStatus[status])!;
}

type Direction = "asc" | "desc";

/** Columns that may be missing (ads without an order) sort last in both directions. */
const nullsLast = (column: AnyPgColumn, dir: Direction) =>
  dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;

const byDirection = (column: AnyPgColumn) => (dir: Direction) => [
  dir === "asc" ? asc(column) : desc(column),
];

/** A sort: its clauses, and the table (besides advertisements) it reads, if any. */
interface Sort {
  clauses: (dir: Direction) => SQL[];
  joins?: keyof PostJoins;
}

// A Map, not an object literal: `order[constructor]` must not find Object.prototype members.
const SORTS = new Map<string, Sort>([
  ["id", { clauses: byDirection(advertisements.id) }],
  ["title", { clauses: byDirection(advertisements.title) }],
  ["priority", { clauses: byDirection(advertisements.priority) }],
  ["owner.companyName", { clauses: byDirection(clients.companyName), joins: "clients" }],
  [
    "publishmentOrder.publishesAt",
    { clauses: (dir) => [nullsLast(publishmentOrders.publishesAt, dir)], joins: "orders" },
  ],
  [
    "publishmentOrder.unpublishesAt",
    { clauses: (dir) => [nullsLast(publishmentOrders.unpublishesAt, dir)], joins: "orders" },
  ],
  // Area = region, then locality (SPEC §7).
  [
    "area",
    {
      clauses: (dir) => [
        nullsLast(publishmentOrders.regionId, dir),
        nullsLast(publishmentOrders.localityId, dir),
      ],
      joins: "orders",
    },
  ],
]);

/**
 * `order[field]=asc|desc`, several allowed (noting in `shape` the tables they read), applied in
 * query order; unknown fields are ignored. A final id desc keeps pages stable when the sort keys
 * tie. Default: id desc.
 */
function postOrder(params: URLSearchParams, shape: Shape): SQL[] {
  const clauses: SQL[] = [];
  for (const [key, raw] of params) {
    const field = /^order\[(.+)\]$/.exec(key)?.[1];
    const dir = raw.toLowerCase();
    const sort = field ? SORTS.get(field) : undefined;
    if (sort && (dir === "asc" || dir === "desc")) {
      shape.note(`order[${field}]=${dir}`);
      clauses.push(...sort.clauses(dir));
      if (sort.joins) shape.joins[sort.joins] = true;
    }
  }
  clauses.push(desc(advertisements.id));
  return clauses;
}
