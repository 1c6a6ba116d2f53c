// The bench's data at real scale, written straight into the database before the server starts:
// the demo, then 500 advertisers, 50,000 ads in every state, orders, messages, a year of reports.
// Set-based INSERT … SELECT over generate_series: seconds on PGlite, where row-by-row takes minutes.
import { sql } from "drizzle-orm";
import { tokyoDate } from "../shared/tokyo-calendar";
import { shiftMonth } from "../app/domain/report";
import type { Database } from "../api/db/client";
import { openDatabase } from "../api/db/client";
import { seedDemo, seedPrefectures } from "../api/db/seed";

export const SCALE = {
  advertisers: 500,
  ads: 50_000,
  /** The demo's shop@example.com gets this many of the ads: the posts page and My Page's. */
  shopAds: 1_000,
  messages: 5_000,
  /** Ads with a year of daily report rows. */
  reportedAds: 200,
  reportDays: 365,
  sales: 10_000,
} as const;

/** The month the 10,000 sales fall in (the sales list and its CSV read it whole). */
export const SALES_MONTH = "2021-01";
export const SHOP = { email: "shop@example.com", password: "shop-password" };
export const ADMIN = { email: "admin@example.com", password: "admin-password" };
/** Matches the company names of ten bench advertisers (株式会社ベンチ商店0120 … 0129). */
export const COMPANY_FILTER = "ベンチ商店012";

/** What the bench's requests point at, found in the seeded data. */
export type BenchData = {
  shopClientId: number;
  /** The shop's ad with a paid, public order and reports (ad detail, invoice, report). */
  publicAdId: number;
  /** Its article path on the built-in site (the report-by-URL lookup). */
  publicAdPath: string;
  /** The shop's ad without an order (the publication application page). */
  draftAdId: number;
  /** The last full month of reports. */
  reportMonth: string;
  counts: Record<string, number>;
  seconds: number;
};

/** Opens the database the server will use, seeds it and closes it again. */
export async function seedBench(target: { dataDir?: string; databaseUrl?: string }) {
  const started = performance.now();
  const { db, close } = await openDatabase(target);
  try {
    await seedPrefectures(db);
    await seedDemo(db);
    const shopClientId = await clientIdOf(db, SHOP.email);
    await insertAdvertisers(db, SCALE.advertisers - (await count(db, "clients")));
    await insertAds(db, shopClientId);
    await insertOrders(db);
    await insertPublications(db);
    await insertMessages(db, shopClientId);
    await insertReports(db);
    await insertSales(db);
    // PostgreSQL's autovacuum would vacuum the new rows soon (and set the visibility map that
    // index-only scans read): done now, so its work neither lands in a measurement nor is
    // missing from one. PGlite has no autovacuum: its tables stay as written.
    await db.execute(target.databaseUrl ? sql`vacuum analyze` : sql`analyze`);
    const data: BenchData = {
      shopClientId,
      ...(await benchTargets(db, shopClientId)),
      reportMonth: shiftMonth(tokyoDate(new Date()).slice(0, 7), -1),
      counts: {},
      seconds: 0,
    };
    for (const table of TABLES) data.counts[table] = await count(db, table);
    data.seconds = (performance.now() - started) / 1000;
    return data;
  } finally {
    await close();
  }
}

const TABLES = [
  "clients",
  "advertisements",
  "publishment_orders",
  "public_advertisements",
  "message_boxes",
  "daily_reports",
  "sales",
] as const;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(db: Database, table: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(row!.n);
}

async function clientIdOf(db: Database, email: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select c.id from clients c join user_logins u on u.id = c.user_login_id
        where lower(u.email) = lower(${email})`,
  );
  if (!row) throw new Error(`no advertiser ${email}: the demo seed did not run`);
  return row.id;
}

/** Logins share the shop's password hash: hashing 500 passwords would take half a minute. */
async function insertAdvertisers(db: Database, n: number) {
  if (n <= 0) return;
  await db.execute(sql`
    with logins as (
      insert into user_logins (email, password_hash, role)
      select 'bench' || i || '@example.com',
             (select password_hash from user_logins where lower(email) = lower(${SHOP.email})),
             'advertiser'
      from generate_series(1, ${n}) as i
      returning id, email
    )
    insert into clients (user_login_id, company_name, person_in_charge, tel, zip_code,
                         prefecture_id, city, address, created_at)
    select id,
           '株式会社ベンチ商店' || lpad(substring(email from 'bench([0-9]+)@'), 4, '0'),
           'ベンチ 担当', '03-0000-0000', '100-0001', 13, '千代田区', '千代田1-1-1',
           now() - (id % 700) * interval '1 day'
    from logins`);
}

/** The shop's 1,000 first, then the rest spread over every other advertiser. */
async function insertAds(db: Database, shopClientId: number) {
  await db.execute(sql`
    with owners as (
      select array_agg(id order by id) as ids from clients where id <> ${shopClientId}
    )
    insert into advertisements (owner_id, title, store_name, store_address, store_tel,
                                business_hours, body1, priority, is_deleted, created_at, updated_at)
    select case when i <= ${SCALE.shopAds} then ${shopClientId}
                else owners.ids[1 + i % array_length(owners.ids, 1)] end,
           'ベンチ広告 ' || i || ' 季節のおすすめ',
           'ベンチ店 ' || (i % 997),
           '東京都渋谷区神宮前' || (1 + i % 6) || '-' || (1 + i % 20) || '-' || (1 + i % 9),
           '03-0000-' || lpad((i % 10000)::text, 4, '0'),
           '10:00〜20:00',
           '一括登録された広告の本文です（' || i || '件目）。',
           i % 7,
           i % 97 = 0,
           now() - (i % 400) * interval '1 day',
           now() - (i % 300) * interval '1 day'
    from generate_series(1, ${SCALE.ads}) as i, owners`);
}

/**
 * One order per ad but every tenth (drafts), in every publishment and payment state, over the
 * areas and courses there are; periods from a year ago to four months ahead.
 */
async function insertOrders(db: Database) {
  await db.execute(sql`
    with areas as (
      select id, region_id, row_number() over (order by id) - 1 as k,
             count(*) over () as n from publishment_localities
    ), courses as (
      select *, row_number() over (order by id) - 1 as k, count(*) over () as n
      from publishment_courses where is_active
    ), plan as (
      select a.id as ad, a.created_at,
             (array['new', 'remanded', 'reapplying', 'confirmed', 'confirmed', 'confirmed'])
               [1 + a.id % 6] as status,
             (a.id / 6) % 3 as pay,
             now() + ((a.id % 480) - 360) * interval '1 day' as starts
      from advertisements a
      where a.id % 10 <> 0 and a.title like 'ベンチ広告 %'
        and not exists (select 1 from publishment_orders o where o.advertisement_id = a.id)
    )
    insert into publishment_orders (advertisement_id, region_id, locality_id, course_id, price,
      course_name, period_type, months, days, ordered_at, publishes_at, unpublishes_at, paid_at,
      publishment_status, payment_status, payment_method, payment_type, updated_at)
    select p.ad, l.region_id, l.id, c.id, c.price, c.name, c.period_type, c.months, c.days,
           p.created_at, p.starts,
           p.starts + case when c.period_type = 'month' then c.months * interval '1 month'
                           else c.days * interval '1 day' end,
           case when p.status = 'confirmed' and p.pay = 2 then p.starts - interval '3 days' end,
           p.status,
           case when p.status <> 'confirmed' then 'none'
                else (array['none', 'waiting', 'paid'])[1 + p.pay] end,
           case when p.status = 'confirmed' and p.pay > 0 then 'card' end,
           case when p.status = 'confirmed' and p.pay = 2 then 'direct' else 'none' end,
           p.created_at
    from plan p
    join areas l on l.k = p.ad % l.n
    join courses c on c.k = p.ad % c.n`);
}

/** The paid orders' ads on the built-in site: public, some suspended or not yet synchronised. */
async function insertPublications(db: Database) {
  await db.execute(sql`
    insert into public_advertisements (advertisement_id, post_url, post_status, synchronized_at,
                                       external_id)
    select o.advertisement_id, '/site/' || o.locality_id || '/ads/' || o.advertisement_id,
           (array['public', 'public', 'public', 'suspended', 'not_synced'])
             [1 + o.advertisement_id % 5],
           o.paid_at, o.advertisement_id::text
    from publishment_orders o
    where o.payment_status = 'paid'
      and not exists (select 1 from public_advertisements p
                      where p.advertisement_id = o.advertisement_id)`);
}

/** A tenth for the shop (its contact history pages), the rest over the ads' owners. */
async function insertMessages(db: Database, shopClientId: number) {
  await db.execute(sql`
    insert into message_boxes (client_id, advertisement_id, sender, subject, body, created_at)
    select case when i % 10 = 0 then ${shopClientId} else a.owner_id end,
           case when i % 3 = 0 then null else a.id end,
           (array['advertiser', 'system', 'administrator'])[1 + i % 3],
           'ベンチのお知らせ ' || i,
           '掲載についてのご連絡です（' || i || '件目）。',
           now() - (i % 365) * interval '1 day'
    from generate_series(1, ${SCALE.messages}) as i
    join advertisements a on a.id = (select min(id) from advertisements) + i * 7 % ${SCALE.ads}`);
}

/** A year of daily numbers for the first public ads (the shop's among them). */
async function insertReports(db: Database) {
  await db.execute(sql`
    with reported as (
      select p.advertisement_id as id from public_advertisements p
      where p.post_status = 'public' order by p.advertisement_id limit ${SCALE.reportedAds}
    ), days as (
      select r.id, (current_date - d) as day, abs(hashtext(r.id || '-' || d)) as h
      from reported r, generate_series(1, ${SCALE.reportDays}) as d
    )
    insert into daily_reports (advertisement_id, date, imp, clk, pv, link1, link2, link3)
    select id, day, 800 + h % 700, 8 + h % 50, 10 + h % 60, h % 12, h % 6, h % 3
    from days
    on conflict do nothing`);
}

/** 10,000 sales in SALES_MONTH, a minute apart, over the paid orders; every 50th a reversal. */
async function insertSales(db: Database) {
  await db.execute(sql`
    with paid as (
      select id, price, row_number() over (order by id) - 1 as k, count(*) over () as n
      from publishment_orders where payment_status = 'paid'
    )
    insert into sales (publishment_order_id, net, tax, recorded_at)
    select p.id,
           case when i % 50 = 49 then -p.price else p.price end,
           case when i % 50 = 49 then -(p.price / 10) else p.price / 10 end,
           ${`${SALES_MONTH}-01T00:00:00+09:00`}::timestamptz + i * interval '1 minute'
    from generate_series(0, ${SCALE.sales - 1}) as i
    join paid p on p.k = i % p.n`);
}

async function benchTargets(db: Database, shopClientId: number) {
  const [published] = await rows<{ id: number; path: string }>(
    db,
    sql`select a.id, p.post_url as path from advertisements a
        join public_advertisements p on p.advertisement_id = a.id
        where a.owner_id = ${shopClientId} and p.post_status = 'public' and not a.is_deleted
          and exists (select 1 from daily_reports r where r.advertisement_id = a.id)
        order by a.id limit 1`,
  );
  const [draft] = await rows<{ id: number }>(
    db,
    sql`select a.id from advertisements a
        where a.owner_id = ${shopClientId} and not a.is_deleted
          and not exists (select 1 from publishment_orders o where o.advertisement_id = a.id)
        order by a.id desc limit 1`,
  );
  if (!published || !draft) throw new Error("the bench data has no public or draft shop ad");
  return { publicAdId: published.id, publicAdPath: published.path, draftAdId: draft.id };
}
