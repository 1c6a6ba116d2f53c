// One ad's publication brought in line with what should be on the site (ADR 0010). Called by the
// `sync` and `takedown` jobs and by POST {ad}/sync. Should be published: the order is confirmed
// and paid, the ad is neither deleted nor suspended, and the period has not ended. The publisher
// call runs outside any transaction (it may be a slow HTTP call); the outcome is then recorded
// in public_advertisements.
import { eq } from "drizzle-orm";
import { PublishError, type PublishableAd, type PublishedCopy } from "../adapters/publisher";
import type { ApiDeps } from "../context";
import {
  advertisements,
  clients,
  mediaObjects,
  publicAdvertisements,
  publishmentLocalities,
  publishmentOrders,
} from "../db/schema";
import { isPublishableOrder, periodPhase } from "../domain/publishment";
import { contentUrl } from "../resources/media-objects";
import { storeTexts } from "../site/render";
import { publisherFor } from "./publishers";

type PublicRow = typeof publicAdvertisements.$inferSelect;
type AdRow = typeof advertisements.$inferSelect;
type OrderRow = typeof publishmentOrders.$inferSelect;

export interface ReconcileResult {
  ok: boolean;
}

/** What may be shown to administrators as sync_error: a publisher's own message, else generic. */
export function syncErrorText(error: unknown): string {
  if (error instanceof PublishError) return error.message.slice(0, 500);
  return "公開先との同期に失敗しました (publishing failed)";
}

/**
 * The order says it should be on the site now (suspension aside). A deleted advertiser's ads
 * count as deleted (ADR 0011).
 */
export const isPublishable = (order: OrderRow | null, ad: AdRow, now: Date, ownerDeleted = false) =>
  order !== null &&
  isPublishableOrder(order) &&
  !ad.isDeleted &&
  !ownerDeleted &&
  periodPhase(order, now) !== "ended";

const copyOf = (row: PublicRow | null): PublishedCopy | null =>
  row?.postUrl && row.externalId
    ? { postUrl: row.postUrl, externalId: row.externalId, externalMediaId: row.externalMediaId }
    : null;

export async function reconcile(deps: ApiDeps, advertisementId: number): Promise<ReconcileResult> {
  const [row] = await deps.db
    .select({
      ad: advertisements,
      order: publishmentOrders,
      locality: publishmentLocalities,
      publicAd: publicAdvertisements,
      ownerDeleted: clients.isDeleted,
    })
    .from(advertisements)
    .innerJoin(clients, eq(clients.id, advertisements.ownerId))
    .leftJoin(publishmentOrders, eq(publishmentOrders.advertisementId, advertisements.id))
    .leftJoin(publishmentLocalities, eq(publishmentLocalities.id, publishmentOrders.localityId))
    .leftJoin(publicAdvertisements, eq(publicAdvertisements.advertisementId, advertisements.id))
    .where(eq(advertisements.id, advertisementId))
    .limit(1);
  if (!row) return { ok: true };
  const { ad, order, locality, publicAd, ownerDeleted } = row;
  const now = deps.clock();
  const previous = copyOf(publicAd);
  const suspended = publicAd?.postStatus === "suspended";

  if (order && locality && isPublishable(order, ad, now, ownerDeleted) && !suspended) {
    try {
      const publisher = publisherFor(locality, deps);
      const copy = await publisher.publish(
        await publishableAd(deps, ad, order, locality.id),
        previous,
      );
      await upsert(deps, advertisementId, {
        postStatus: "public",
        postUrl: copy.postUrl,
        externalId: copy.externalId,
        externalMediaId: copy.externalMediaId,
        synchronizedAt: deps.clock(),
        syncError: null,
      });
      return { ok: true };
    } catch (error) {
      await upsert(deps, advertisementId, {
        postStatus: "not_synced",
        syncError: syncErrorText(error),
      });
      return { ok: false };
    }
  }

  // Not to be shown. A suspended copy stays suspended and an ended one keeps its status (the
  // advertiser sees 掲載終了 from the dates); a withdrawn order (unpaid, remanded, deleted ad or
  // advertiser) leaves it not_synced.
  if (!publicAd) return { ok: true };
  const withdrawn = !order || !isPublishableOrder(order) || ad.isDeleted || ownerDeleted;
  if (previous && locality) {
    try {
      await publisherFor(locality, deps).unpublish(previous);
    } catch (error) {
      await upsert(deps, advertisementId, {
        ...(withdrawn ? { postStatus: "not_synced" as const } : {}),
        syncError: syncErrorText(error),
      });
      return { ok: false };
    }
  }
  await upsert(deps, advertisementId, {
    ...(withdrawn && !suspended ? { postStatus: "not_synced" as const } : {}),
    syncError: null,
  });
  return { ok: true };
}

async function upsert(
  deps: ApiDeps,
  advertisementId: number,
  values: Partial<typeof publicAdvertisements.$inferInsert>,
) {
  const now = deps.clock();
  await deps.db
    .insert(publicAdvertisements)
    .values({ advertisementId, createdAt: now, updatedAt: now, ...values })
    .onConflictDoUpdate({
      target: publicAdvertisements.advertisementId,
      set: { ...values, updatedAt: now },
    });
}

/** The ad as a publisher needs it: image URLs absolute on PUBLIC_ORIGIN (paths without it). */
async function publishableAd(
  deps: ApiDeps,
  ad: AdRow,
  order: OrderRow,
  localityId: number,
): Promise<PublishableAd> {
  const ids = [ad.image1Id, ad.image2Id, ad.image3Id, ad.image4Id, ad.image5Id, ad.eyeCatchId];
  const wanted = ids.filter((id): id is number => id !== null);
  const files = new Map<number, string>();
  for (const id of new Set(wanted)) {
    const [media] = await deps.db
      .select({ filePath: mediaObjects.filePath })
      .from(mediaObjects)
      .where(eq(mediaObjects.id, id));
    if (media) files.set(id, (deps.config.siteOrigin ?? "") + contentUrl(media.filePath));
  }
  const urlOf = (id: number | null) => (id === null ? null : (files.get(id) ?? null));
  const bodies = [ad.body1, ad.body2, ad.body3, ad.body4, ad.body5];
  const links = [
    [ad.link1Title, ad.link1Url],
    [ad.link2Title, ad.link2Url],
    [ad.link3Title, ad.link3Url],
  ] as const;
  return {
    advertisementId: ad.id,
    localityId,
    title: ad.title,
    ...storeTexts(ad),
    // A slot is null when it has neither image nor text; text without an image keeps url "".
    images: bodies.map((body, i) => {
      const url = urlOf(ids[i]!);
      return url || body ? { url: url ?? "", body: body ?? "" } : null;
    }),
    eyeCatchUrl: urlOf(ad.eyeCatchId),
    links: links.map(([title, url]) => (url ? { title: title ?? url, url } : null)),
    publishesAt: order.publishesAt,
    unpublishesAt: order.unpublishesAt,
  };
}
