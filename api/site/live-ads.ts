// Which ads the built-in news site shows (ADR 0010): decided when the page is read, so the start
// at 00:00 and the end at 23:59:59 (Asia/Tokyo) hold to the second without any job running.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import {
  advertisements,
  clients,
  mediaObjects,
  publicAdvertisements,
  publishmentLocalities,
  publishmentOrders,
} from "../db/schema";
import { periodPhaseSql, phaseBounds, publishableOrderSql } from "../domain/publishment";

/** An image slot's stored file path, as a scalar subquery (as posts-query.ts does). */
const filePathOf = (column: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${mediaObjects.filePath} from ${mediaObjects} where ${mediaObjects.id} = ${column})`;

/**
 * Live: the copy is public, the order confirmed and paid, neither the ad nor its advertiser
 * deleted (ADR 0011: a deleted client's ads count as withdrawn), and `now` inside the period by
 * the API's one rule (periodPhase: the whole last second of the end day included).
 */
export function liveCondition(now: Date): SQL {
  return and(
    eq(publicAdvertisements.postStatus, "public"),
    publishableOrderSql(),
    eq(advertisements.isDeleted, false),
    eq(clients.isDeleted, false),
    periodPhaseSql("live", phaseBounds(now)),
  )!;
}

const liveAdColumns = {
  ad: advertisements,
  eyeCatch: filePathOf(advertisements.eyeCatchId),
  image1: filePathOf(advertisements.image1Id),
  image2: filePathOf(advertisements.image2Id),
  image3: filePathOf(advertisements.image3Id),
  image4: filePathOf(advertisements.image4Id),
  image5: filePathOf(advertisements.image5Id),
};

function liveAds(db: Database, localityId: number, now: Date, extra?: SQL) {
  return db
    .select(liveAdColumns)
    .from(publicAdvertisements)
    .innerJoin(advertisements, eq(advertisements.id, publicAdvertisements.advertisementId))
    .innerJoin(publishmentOrders, eq(publishmentOrders.advertisementId, advertisements.id))
    .innerJoin(clients, eq(clients.id, advertisements.ownerId))
    .where(and(liveCondition(now), eq(publishmentOrders.localityId, localityId), extra));
}

export type LiveAd = Awaited<ReturnType<typeof liveAds>>[number];

/** The locality's live ads, higher priority first, then the earlier start, then by id: stable. */
export function liveAdsOf(db: Database, localityId: number, now: Date) {
  return liveAds(db, localityId, now).orderBy(
    desc(advertisements.priority),
    asc(publishmentOrders.publishesAt),
    asc(advertisements.id),
  );
}

/** The ad when it is live in that locality, else null. */
export async function liveAd(
  db: Database,
  localityId: number,
  advertisementId: number,
  now: Date,
): Promise<LiveAd | null> {
  const [row] = await liveAds(db, localityId, now, eq(advertisements.id, advertisementId)).limit(1);
  return row ?? null;
}

export async function findLocality(db: Database, localityId: number) {
  const [row] = await db
    .select({ id: publishmentLocalities.id, name: publishmentLocalities.name })
    .from(publishmentLocalities)
    .where(eq(publishmentLocalities.id, localityId))
    .limit(1);
  return row ?? null;
}
