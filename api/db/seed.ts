// Seeds: the prefectures (always), Japan's regions (a database without any), the demo data (demo mode, empty database only) and bulk ads (benchmarks).
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { addCalendarDays } from "../../shared/calendar-days";
import { startOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";
import { createAdministrator, createAdvertiser, emailEquals } from "../accounts";
import { courseSnapshot, publicationPeriod } from "../domain/publishment";
import { saleAmounts } from "../domain/pricing";
import { siteAdPath } from "../../shared/site-paths";
import type { Database } from "./client";
import {
  DEMO_ADS,
  DEMO_MESSAGES,
  SITE_SHOWCASE_ADS,
  type DemoAd,
  type DemoOrderPlan,
} from "./demo-ads";
import {
  DEMO_ACCOUNTS,
  DEMO_COURSES,
  DEMO_IMAGES,
  DEMO_REGIONS,
  JAPAN_REGIONS,
  PREFECTURES,
  demoSvg,
  type DemoCourseKey,
  type DemoImageKey,
  type DemoLocalityKey,
} from "./seed-data";
import {
  advertisements,
  clients,
  dailyReports,
  mediaObjects,
  messageBoxes,
  prefectures,
  publicAdvertisements,
  publishmentCourses,
  publishmentLocalities,
  publishmentOrders,
  publishmentRegions,
  sales,
  userLogins,
} from "./schema";

const DAY_MS = 86_400_000;

/** Idempotent: run at every start. */
export async function seedPrefectures(db: Database): Promise<void> {
  await db.insert(prefectures).values(PREFECTURES).onConflictDoNothing();
}

/**
 * Idempotent: run at every start, after the demo. A database without regions (a real one made
 * with create-admin) gets Japan's; one that has regions (the demo's, or an operator's) is left as
 * it is, so nothing is duplicated or renamed.
 */
export async function seedRegions(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Two instances starting on one new database: the second waits here, then finds the rows.
    await tx.execute(sql`lock table publishment_regions in share row exclusive mode`);
    const existing = await tx
      .select({ id: publishmentRegions.id })
      .from(publishmentRegions)
      .limit(1);
    if (existing.length > 0) return;
    await tx.insert(publishmentRegions).values(JAPAN_REGIONS.map((name) => ({ name })));
  });
}

export interface SeedDemoOptions {
  /** When given, the demo pictures are written there so /media/* can serve them. */
  mediaDir?: string | null;
  /**
   * Also the extra live ads of SITE_SHOWCASE_ADS (default true). The API tests' template leaves
   * them out: their fixed ids and counts were written against DEMO_ADS alone.
   */
  siteShowcase?: boolean;
}

/**
 * Loads the demo accounts, areas, courses, ads in every state and messages, with dates relative
 * to `now`. Does nothing (returns false) when any login exists, so a real database is never touched.
 */
export async function seedDemo(
  db: Database,
  now = new Date(),
  opts: SeedDemoOptions = {},
): Promise<boolean> {
  const existing = await db.select({ id: userLogins.id }).from(userLogins).limit(1);
  if (existing.length > 0) return false;
  await seedPrefectures(db);
  if (opts.mediaDir) await writeDemoImages(opts.mediaDir);

  await db.transaction(async (tx) => {
    await createAdministrator(tx, DEMO_ACCOUNTS.admin);
    const shop = await createAdvertiser(tx, DEMO_ACCOUNTS.shop);
    const other = await createAdvertiser(tx, DEMO_ACCOUNTS.other);
    const owners = { shop: shop.clientId, other: other.clientId };

    const localities = await insertAreas(tx);
    const courses = await insertCourses(tx);
    const images = await insertImages(tx, owners);

    const adIds = new Map<string, number>();
    const ads = opts.siteShowcase === false ? DEMO_ADS : [...DEMO_ADS, ...SITE_SHOWCASE_ADS];
    for (const ad of ads) {
      const adId = await insertDemoAd(tx, ad, owners[ad.owner], images, now);
      adIds.set(ad.key, adId);
      if (ad.order) await insertDemoOrder(tx, adId, ad.order, { localities, courses, now });
    }

    await insertDemoReversal(tx, adIds.get("ended")!, now);

    await tx.insert(messageBoxes).values(
      DEMO_MESSAGES.map((m) => ({
        clientId: owners[m.owner],
        advertisementId: m.ad ? adIds.get(m.ad)! : null,
        sender: m.sender,
        subject: m.subject,
        body: m.body,
        createdAt: daysBefore(now, m.daysAgo),
      })),
    );
  });
  return true;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * The sales list's month closing in the demo: the "ended" ad's payment marked unpaid by mistake
 * this month and marked paid again (a reversal pair: −amount, then +amount), so the current Tokyo
 * month always has sales, whatever the day. Both instants lie between the month's start and `now`.
 */
async function insertDemoReversal(db: Database, advertisementId: number, now: Date) {
  const [sale] = await db
    .select({ publishmentOrderId: sales.publishmentOrderId, net: sales.net, tax: sales.tax })
    .from(sales)
    .innerJoin(publishmentOrders, eq(publishmentOrders.id, sales.publishmentOrderId))
    .where(eq(publishmentOrders.advertisementId, advertisementId))
    .limit(1);
  if (!sale) return;
  const monthStart = startOfTokyoDay(`${tokyoDate(now).slice(0, 7)}-01`).getTime();
  const undone = Math.max(monthStart, now.getTime() - 2 * 60 * 60 * 1000);
  const redone = undone + Math.floor((now.getTime() - undone) / 2);
  const { publishmentOrderId, net, tax } = sale;
  await db.insert(sales).values([
    { publishmentOrderId, net: -net, tax: -tax, recordedAt: new Date(undone) },
    { publishmentOrderId, net, tax, recordedAt: new Date(redone) },
  ]);
}

async function writeDemoImages(mediaDir: string) {
  await mkdir(mediaDir, { recursive: true });
  for (const image of DEMO_IMAGES) {
    await writeFile(
      path.join(mediaDir, image.file),
      demoSvg(image.label, image.color, image.width, image.height),
    );
  }
}

type LocalityRef = { id: number; regionId: number; blogUrl: string };
type CourseRef = (typeof publishmentCourses)["$inferSelect"];

async function insertAreas(db: Database) {
  const localities = new Map<DemoLocalityKey, LocalityRef>();
  for (const region of DEMO_REGIONS) {
    const [row] = await db.insert(publishmentRegions).values({ name: region.name }).returning();
    for (const locality of region.localities) {
      const [inserted] = await db
        .insert(publishmentLocalities)
        .values({ regionId: row!.id, name: locality.name, blogUrl: locality.blogUrl })
        .returning();
      localities.set(locality.key, {
        id: inserted!.id,
        regionId: row!.id,
        blogUrl: locality.blogUrl,
      });
    }
  }
  return localities;
}

async function insertCourses(db: Database) {
  const rows = await db
    .insert(publishmentCourses)
    .values(DEMO_COURSES.map(({ key: _key, ...course }) => course))
    .returning();
  return new Map<DemoCourseKey, CourseRef>(DEMO_COURSES.map((c, i) => [c.key, rows[i]!]));
}

async function insertImages(db: Database, owners: { shop: number; other: number }) {
  const rows = await db
    .insert(mediaObjects)
    .values(
      DEMO_IMAGES.map((image) => ({
        clientId: owners[image.owner],
        filePath: image.file,
        contentType: "image/svg+xml",
        width: image.width,
        height: image.height,
        size: Buffer.byteLength(demoSvg(image.label, image.color, image.width, image.height)),
      })),
    )
    .returning({ id: mediaObjects.id });
  return new Map<DemoImageKey, number>(DEMO_IMAGES.map((image, i) => [image.key, rows[i]!.id]));
}

async function insertDemoAd(
  db: Database,
  ad: DemoAd,
  ownerId: number,
  images: Map<DemoImageKey, number>,
  now: Date,
): Promise<number> {
  const foreign = ad.images.filter(
    (key) => DEMO_IMAGES.find((i) => i.key === key)?.owner !== ad.owner,
  );
  // The advertiser could not save such an ad (its media must be its own): a seed mistake.
  if (foreign.length > 0) throw new Error(`demo ad ${ad.key} uses another's images: ${foreign}`);
  const imageIds = ad.images.map((key) => images.get(key) ?? null);
  const createdAt = daysBefore(now, ad.createdDaysAgo);
  const [row] = await db
    .insert(advertisements)
    .values({
      ownerId,
      title: ad.title,
      storeName: ad.storeName,
      storeAddress: ad.storeAddress,
      storeTel: ad.storeTel,
      businessHours: ad.businessHours,
      mapParameters: ad.storeAddress,
      homepage: ad.homepage,
      previewToken: ad.withPreviewToken ? randomBytes(32).toString("hex") : null,
      statusNote: ad.statusNote ?? null,
      priority: ad.priority,
      image1Id: imageIds[0] ?? null,
      image2Id: imageIds[1] ?? null,
      image3Id: imageIds[2] ?? null,
      image4Id: imageIds[3] ?? null,
      image5Id: imageIds[4] ?? null,
      eyeCatchId: imageIds[0] ?? null,
      body1: ad.bodies[0] ?? null,
      body2: ad.bodies[1] ?? null,
      body3: ad.bodies[2] ?? null,
      body4: ad.bodies[3] ?? null,
      body5: ad.bodies[4] ?? null,
      link1Title: ad.links[0]?.title ?? null,
      link1Url: ad.links[0]?.url ?? null,
      link2Title: ad.links[1]?.title ?? null,
      link2Url: ad.links[1]?.url ?? null,
      link3Title: ad.links[2]?.title ?? null,
      link3Url: ad.links[2]?.url ?? null,
      isDeleted: ad.isDeleted ?? false,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: advertisements.id });
  return row!.id;
}

async function insertDemoOrder(
  db: Database,
  advertisementId: number,
  plan: DemoOrderPlan,
  refs: {
    localities: Map<DemoLocalityKey, LocalityRef>;
    courses: Map<DemoCourseKey, CourseRef>;
    now: Date;
  },
) {
  const { now } = refs;
  const locality = refs.localities.get(plan.locality)!;
  const course = refs.courses.get(plan.course)!;
  const today = tokyoDate(now);
  const period = publicationPeriod(addCalendarDays(today, plan.startInDays), course);
  const paidAt =
    plan.payment?.paidDaysAgo !== undefined ? daysBefore(now, plan.payment.paidDaysAgo) : null;
  const orderedAt = daysBefore(now, plan.orderedDaysAgo);

  const [order] = await db
    .insert(publishmentOrders)
    .values({
      advertisementId,
      regionId: locality.regionId,
      localityId: locality.id,
      ...courseSnapshot(course),
      orderedAt,
      ...period,
      paidAt,
      publishmentStatus: plan.publishmentStatus,
      paymentStatus: plan.payment?.status ?? "none",
      paymentMethod: plan.payment?.method ?? null,
      paymentType: plan.payment?.type ?? "none",
      paymentKey:
        plan.payment && plan.payment.method !== "bank_transfer" ? `demo-${advertisementId}` : null,
      updatedAt: paidAt ?? orderedAt,
    })
    .returning({ id: publishmentOrders.id });

  if (paidAt) {
    await db
      .insert(sales)
      .values({ publishmentOrderId: order!.id, ...saleAmounts(course.price), recordedAt: paidAt });
  }
  if (plan.postStatus) {
    await db.insert(publicAdvertisements).values({
      advertisementId,
      // The built-in site's ad page, relative: the portal resolves it against its own origin.
      postUrl: siteAdPath(locality.id, advertisementId),
      postStatus: plan.postStatus,
      synchronizedAt: paidAt ?? now,
      externalId: String(advertisementId),
    });
  }
  if (plan.reportDays) {
    await db.insert(dailyReports).values(demoReportRows(advertisementId, today, plan.reportDays));
  }
}

/** Plausible, deterministic daily numbers (a fixed pseudo-random sequence per ad). */
function demoReportRows(advertisementId: number, today: string, days: number) {
  const random = mulberry32(advertisementId);
  return Array.from({ length: days }, (_, i) => {
    const imp = 800 + Math.floor(random() * 700);
    const clk = Math.floor(imp * (0.01 + random() * 0.04));
    const pv = clk + Math.floor(random() * 30);
    return {
      advertisementId,
      date: addCalendarDays(today, -(days - i)),
      imp,
      clk,
      pv,
      link1: Math.floor(pv * 0.2),
      link2: Math.floor(pv * 0.1),
      link3: Math.floor(pv * 0.05),
    };
  });
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BULK_BATCH = 500;
const BULK_STATUSES = ["new", "reapplying", "confirmed", "remanded"] as const;

/**
 * Inserts `n` ads with orders for one advertiser (its client id, or its login email), in batches,
 * for benchmarks and list performance tests. Uses the areas and active courses already there.
 */
export async function seedBulkAds(
  db: Database,
  owner: number | string,
  n: number,
  now = new Date(),
): Promise<{ clientId: number; advertisementIds: number[] }> {
  const clientId = typeof owner === "number" ? owner : await clientIdByEmail(db, owner);
  const localities = await db
    .select({ id: publishmentLocalities.id, regionId: publishmentLocalities.regionId })
    .from(publishmentLocalities);
  const courses = await db
    .select()
    .from(publishmentCourses)
    .where(eq(publishmentCourses.isActive, true));
  if (localities.length === 0 || courses.length === 0) {
    throw new Error(
      "seedBulkAds needs at least one locality and one active course (run seedDemo first)",
    );
  }
  const today = tokyoDate(now);
  const ids: number[] = [];
  for (let start = 0; start < n; start += BULK_BATCH) {
    const size = Math.min(BULK_BATCH, n - start);
    const indexes = Array.from({ length: size }, (_, k) => start + k);
    const inserted = await db
      .insert(advertisements)
      .values(
        indexes.map((i) => ({
          ownerId: clientId,
          title: `一括登録の広告 ${i + 1}`,
          storeName: "ベンチマーク店",
          storeAddress: "東京都渋谷区神宮前1-2-3",
          storeTel: "03-0000-0000",
          body1: `一括登録された広告の本文です（${i + 1}件目）。`,
          priority: i % 7,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: advertisements.id });
    await db.insert(publishmentOrders).values(
      inserted.map(({ id }, k) => {
        const i = start + k;
        const locality = localities[i % localities.length]!;
        const course = courses[i % courses.length]!;
        const status = BULK_STATUSES[i % BULK_STATUSES.length]!;
        return {
          advertisementId: id,
          regionId: locality.regionId,
          localityId: locality.id,
          ...courseSnapshot(course),
          orderedAt: now,
          ...publicationPeriod(addCalendarDays(today, (i % 61) - 30), course),
          publishmentStatus: status,
        };
      }),
    );
    ids.push(...inserted.map((row) => row.id));
  }
  return { clientId, advertisementIds: ids };
}

async function clientIdByEmail(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(userLogins, eq(userLogins.id, clients.userLoginId))
    .where(emailEquals(email));
  if (!row) throw new Error(`No advertiser with the email ${email}`);
  return row.id;
}
