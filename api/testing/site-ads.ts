// Test fixtures for the built-in site and the reports: a locality of its own and ads in any
// publication state, written straight to the database (the lifecycle is tested elsewhere).
import { eq } from "drizzle-orm";
import { endOfTokyoDay, startOfTokyoDay } from "../../shared/tokyo-calendar";
import type { Database } from "../db/client";
import {
  advertisements,
  publicAdvertisements,
  publishmentLocalities,
  publishmentOrders,
} from "../db/schema";

export async function insertLocality(db: Database, name: string) {
  const [row] = await db
    .insert(publishmentLocalities)
    .values({ regionId: 1, name })
    .returning({ id: publishmentLocalities.id });
  return row!.id;
}

export interface SiteAdPlan {
  ownerId: number;
  localityId: number;
  title: string;
  storeName?: string;
  /** Tokyo calendar dates of the period. */
  start: string;
  end: string;
  postStatus?: "public" | "not_synced" | "suspended" | null;
  paymentStatus?: "none" | "waiting" | "paid";
  publishmentStatus?: "new" | "remanded" | "reapplying" | "confirmed";
  isDeleted?: boolean;
  links?: (string | null)[];
  priority?: number;
}

/** An ad with its order and public copy; answers the ad's id. */
export async function insertSiteAd(db: Database, plan: SiteAdPlan): Promise<number> {
  const links = plan.links ?? [];
  const [ad] = await db
    .insert(advertisements)
    .values({
      ownerId: plan.ownerId,
      title: plan.title,
      storeName: plan.storeName ?? "テスト商店",
      body1: `${plan.title}の本文です。`,
      link1Title: links[0] ? "リンク1" : null,
      link1Url: links[0] ?? null,
      link2Title: links[1] ? "リンク2" : null,
      link2Url: links[1] ?? null,
      link3Title: links[2] ? "リンク3" : null,
      link3Url: links[2] ?? null,
      isDeleted: plan.isDeleted ?? false,
      priority: plan.priority ?? 0,
    })
    .returning({ id: advertisements.id });
  const [locality] = await db
    .select({ regionId: publishmentLocalities.regionId })
    .from(publishmentLocalities)
    .where(eq(publishmentLocalities.id, plan.localityId));
  await db.insert(publishmentOrders).values({
    advertisementId: ad!.id,
    regionId: locality!.regionId,
    localityId: plan.localityId,
    courseId: 1,
    price: 30000,
    courseName: "テストコース",
    periodType: "day",
    days: 10,
    orderedAt: startOfTokyoDay(plan.start),
    publishesAt: startOfTokyoDay(plan.start),
    unpublishesAt: endOfTokyoDay(plan.end),
    publishmentStatus: plan.publishmentStatus ?? "confirmed",
    paymentStatus: plan.paymentStatus ?? "paid",
  });
  if (plan.postStatus !== null) {
    await db.insert(publicAdvertisements).values({
      advertisementId: ad!.id,
      postStatus: plan.postStatus ?? "public",
      postUrl: `/site/${plan.localityId}/ads/${ad!.id}`,
    });
  }
  return ad!.id;
}
