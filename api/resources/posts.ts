// Post: the advertisement resource (collection and item reads; writes come in later issues).
import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { currentIdentity } from "../auth";
import type { ApiDeps, ApiEnv, Identity } from "../context";
import { preparedShape } from "../db/prepared";
import { advertisements } from "../db/schema";
import { iri, jsonLd, notFound, parseId, readPage, collectionResponse } from "../hydra";
import { serializeMediaObject } from "./media-objects";
import {
  countListed,
  pageShape,
  postsListQuery,
  selectPosts,
  visiblePosts,
  type PostRow,
} from "./posts-query";
import {
  serializePublicAdvertisement,
  serializePublishmentOrder,
  type SerializeOptions,
} from "./publishment-orders";

export const POST_CONTEXT = "/api/contexts/Post";

/** `forAdministrator` adds what only editors see (publicAdvertisement.syncError). */
export function serializePost(row: PostRow, opts: SerializeOptions = {}) {
  const { ad, owner, order, region, locality, course, paymentAttempt } = row;
  return {
    "@id": iri("posts", ad.id),
    "@type": "Post",
    id: ad.id,
    formattedAdvertisementId: formatAdvertisementId(ad.id),
    title: ad.title,
    storeName: ad.storeName,
    storeAddress: ad.storeAddress,
    storeTel: ad.storeTel,
    businessHours: ad.businessHours,
    mapParameters: ad.mapParameters,
    homepage: ad.homepage,
    previewToken: ad.previewToken,
    statusNote: ad.statusNote,
    priority: ad.priority,
    image1: serializeMediaObject(row.image1),
    image2: serializeMediaObject(row.image2),
    image3: serializeMediaObject(row.image3),
    image4: serializeMediaObject(row.image4),
    image5: serializeMediaObject(row.image5),
    body1: ad.body1,
    body2: ad.body2,
    body3: ad.body3,
    body4: ad.body4,
    body5: ad.body5,
    eyeCatch: serializeMediaObject(row.eyeCatch),
    link1Title: ad.link1Title,
    link2Title: ad.link2Title,
    link3Title: ad.link3Title,
    link1Url: ad.link1Url,
    link2Url: ad.link2Url,
    link3Url: ad.link3Url,
    owner: {
      "@id": iri("clients", owner.id),
      "@type": "Client",
      id: owner.id,
      companyName: owner.companyName,
    },
    companyName: owner.companyName,
    publishmentOrder:
      order && region && locality && course
        ? serializePublishmentOrder({ order, region, locality, course, paymentAttempt })
        : null,
    publicAdvertisement: serializePublicAdvertisement(row.publicAd, opts),
    isDeleted: ad.isDeleted,
    createdAt: toTokyoIso(ad.createdAt),
    updatedAt: toTokyoIso(ad.updatedAt),
  };
}

/** What the caller may read of a post (impersonating administrators read as the advertiser). */
export const forReader = (identity: Identity): SerializeOptions => ({
  forAdministrator: identity.role === "administrator",
});

export function postRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  // One statement for the page (everything joined) and one count: no per-row queries. Both are
  // prepared once per shape of request (filters and sorts), then only take their values.
  routes.get("/api/adv/posts", async (c) => {
    const url = new URL(c.req.url);
    const identity = currentIdentity(c);
    const opts = forReader(identity);
    const list = postsListQuery(url.searchParams, identity, deps.clock());
    const page = readPage(url.searchParams);
    const shape = pageShape(page);
    const statements = preparedShape(deps.db, `posts ${list.key} ${shape.key}`, (name) => ({
      page: selectPosts(deps.db, { ...list, page: shape.page, withTotal: true }).prepare(
        name && `${name}_p`,
      ),
      count: countListed(deps.db, list).prepare(name && `${name}_n`),
    }));
    const values = { ...list.values, offset: page.offset };
    const rows = await statements.page.execute(values);
    // Every row carries the count; a page past the end (or of no items) has no row to carry it.
    const totalItems =
      rows[0]?.total ??
      (page.offset > 0 || page.itemsPerPage === 0
        ? ((await statements.count.execute(values))[0]?.n ?? 0)
        : 0);
    return collectionResponse(
      c,
      POST_CONTEXT,
      "/posts",
      rows.map((row) => serializePost(row, opts)),
      { page, totalItems: totalItems },
    );
  });

  routes.get("/api/adv/posts/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    if (!id) throw notFound();
    const identity = currentIdentity(c);
    // Prepared per role: PostgreSQL plans this many-join statement once per connection (planning
    // it each time cost several times its 0.1 ms execution).
    const statement = preparedShape(deps.db, `post ${identity.role}`, (name) =>
      selectPosts(deps.db, {
        where: and(
          eq(advertisements.id, sql.placeholder("id")),
          visiblePosts(identity, sql.placeholder("owner")),
        ),
        order: [],
        page: { itemsPerPage: 1, offset: 0 },
      }).prepare(name),
    );
    const [row] = await statement.execute({ id, owner: identity.clientId ?? -1 });
    if (!row) throw notFound();
    return jsonLd(c, { "@context": POST_CONTEXT, ...serializePost(row, forReader(identity)) });
  });

  return routes;
}
