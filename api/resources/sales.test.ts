// @vitest-environment node
// GET /api/adv/sales (ADR 0011): a Tokyo calendar month of recordedAt, ordered by recordedAt then
// id, paginated with hydra:view next links, the member's shape, administrators only, a bad month
// is a 400, and one query per page (no N+1). GET /api/adv/sales_totals/{month}: the same month's
// count and sums in one query, equal to the sum of its rows, in both dialects.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  advertisements,
  clients,
  publishmentLocalities,
  publishmentOrders,
  publishmentRegions,
  sales,
} from "../db/schema";
import { createTestApi } from "../testing/db";
import { body, get, loginAdmin } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";
import { firstOrder } from "../testing/rows";

const queries: string[] = [];
/** The statements with their parameters, to ask the planner how it reads them. */
const statements: { query: string; params: unknown[] }[] = [];
let api: TestApi;
let admin: string, shop: string;
let orderId: number;
let adId: number;
const demoMonths = new Map<string, { net: number; tax: number }[]>();

beforeAll(async () => {
  ({ api, admin, shop } = await openDemoApi({
    logger: {
      logQuery: (query, params) => {
        queries.push(query);
        statements.push({ query, params });
      },
    },
  }));
  for (const month of ["2025-04", "2025-05", "2025-06"]) {
    const json = await body(await list(`month_recordedAt=${month}`));
    demoMonths.set(month, json["hydra:member"]);
  }
  // The demo's sales are replaced by known ones on one seeded order.
  await api.db.delete(sales);
  ({ id: orderId, adId } = await firstOrder(api.db));
});
afterAll(() => api.close());

async function addSale(recordedAt: string, net = 10000, tax = 1000) {
  const [row] = await api.db
    .insert(sales)
    .values({ publishmentOrderId: orderId, net, tax, recordedAt: new Date(recordedAt) })
    .returning({ id: sales.id });
  return row!.id;
}

const list = (query: string, token = admin) => get(api.app, `/api/adv/sales?${query}`, token);
const totalsOf = (month: string, token = admin) =>
  get(api.app, `/api/adv/sales_totals/${month}`, token);
const idsOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return ((await body(response))["hydra:member"] as { id: number }[]).map((m) => m.id);
};

test("the demo has sales this month (with a reversal pair) and in the months before", () => {
  const june = demoMonths.get("2025-06")!;
  expect(june.length).toBeGreaterThanOrEqual(3);
  const negative = june.find((s) => s.net < 0)!;
  expect(negative).toBeDefined();
  expect(june.some((s) => s.net === -negative.net && s.tax === -negative.tax)).toBe(true);
  expect(demoMonths.get("2025-05")!.length).toBeGreaterThan(0);
  expect(demoMonths.get("2025-04")!.length).toBeGreaterThan(0);
});

describe("GET /api/adv/sales", () => {
  test("the month is the Tokyo calendar month of recordedAt, ordered by recordedAt then id", async () => {
    const lastOfMay = await addSale("2025-05-31T14:59:59Z"); // 5/31 23:59:59 JST
    const firstOfJune = await addSale("2025-05-31T15:30:00Z"); // 6/1 00:30 JST
    const laterJune = await addSale("2025-06-20T03:00:00Z");
    const sameInstantA = await addSale("2025-06-10T00:00:00Z");
    const sameInstantB = await addSale("2025-06-10T00:00:00Z", -10000, -1000); // a reversal
    const lastOfJune = await addSale("2025-06-30T14:59:59Z"); // 6/30 23:59:59 JST
    const firstOfJuly = await addSale("2025-06-30T15:00:00Z"); // 7/1 00:00 JST

    expect(await idsOf(await list("month_recordedAt=2025-06"))).toEqual([
      firstOfJune,
      sameInstantA,
      sameInstantB,
      laterJune,
      lastOfJune,
    ]);
    expect(await idsOf(await list("month_recordedAt=2025-05"))).toEqual([lastOfMay]);
    expect(await idsOf(await list("month_recordedAt=2025-07"))).toEqual([firstOfJuly]);
    expect(await idsOf(await list("month_recordedAt=2024-06"))).toEqual([]);
  });

  test("a member has the ADR's shape, the reversal's amounts negative", async () => {
    await api.db.delete(sales);
    const id = await addSale("2025-04-01T00:00:00Z", -30000, -3000);
    const [order] = await api.db
      .select()
      .from(publishmentOrders)
      .where(eq(publishmentOrders.id, orderId));
    const [ad] = await api.db.select().from(advertisements).where(eq(advertisements.id, adId));
    const [names] = await api.db
      .select({
        region: publishmentRegions.name,
        locality: publishmentLocalities.name,
        company: clients.companyName,
      })
      .from(publishmentOrders)
      .innerJoin(publishmentRegions, eq(publishmentRegions.id, publishmentOrders.regionId))
      .innerJoin(publishmentLocalities, eq(publishmentLocalities.id, publishmentOrders.localityId))
      .innerJoin(clients, eq(clients.id, ad!.ownerId))
      .where(eq(publishmentOrders.id, orderId));
    const response = await list("month_recordedAt=2025-04");
    const json = await body(response);
    expect(response.headers.get("content-type")).toContain("application/ld+json");
    expect(json["@type"]).toBe("hydra:Collection");
    expect(json["hydra:totalItems"]).toBe(1);
    expect(json["hydra:member"]).toEqual([
      {
        "@id": `/api/adv/sales/${id}`,
        "@type": "Sale",
        id,
        net: -30000,
        tax: -3000,
        recordedAt: "2025-04-01T09:00:00+09:00",
        saleIndexLabel: `${names!.locality} ${order!.courseName}`,
        publishmentOrder: {
          "@id": `/api/adv/publishment_orders/${orderId}`,
          id: orderId,
          advertisement: {
            "@id": `/api/adv/posts/${adId}`,
            id: adId,
            title: ad!.title,
            owner: {
              "@id": `/api/adv/clients/${ad!.ownerId}`,
              id: ad!.ownerId,
              companyName: names!.company,
            },
          },
          region: { id: order!.regionId, name: names!.region },
          locality: { id: order!.localityId, name: names!.locality },
          course: { id: order!.courseId, name: order!.courseName },
        },
      },
    ]);
  });

  test("a member's bytes are what JSON.stringify writes, whatever the text holds", async () => {
    // The database writes the members' JSON: quotes, backslashes, control characters, "$&",
    // non-ASCII and a character beyond the BMP must come out as JavaScript would write them.
    await api.db.delete(sales);
    const id = await addSale("2025-02-28T15:00:59.999Z", 12345, 1234);
    const [ad] = await api.db.select().from(advertisements).where(eq(advertisements.id, adId));
    const [owner] = await api.db.select().from(clients).where(eq(clients.id, ad!.ownerId));
    const title = 'say "hi" \\ C:\\ $& $1 /</\b\f\n\r\t\u0001\u001f\u007f ¥€ 𠮷🍜 \u2028';
    const companyName = "株式会社「テスト」\n\t'";
    try {
      await api.db.update(advertisements).set({ title }).where(eq(advertisements.id, adId));
      await api.db.update(clients).set({ companyName }).where(eq(clients.id, ad!.ownerId));
      const text = await (await list("month_recordedAt=2025-03")).text();
      const member = (JSON.parse(text) as { "hydra:member": Record<string, unknown>[] })[
        "hydra:member"
      ][0]!;
      expect(member.id).toBe(id);
      expect(member.recordedAt).toBe("2025-03-01T00:00:59+09:00");
      expect(
        (member.publishmentOrder as { advertisement: { title: string } }).advertisement.title,
      ).toBe(title);
      const order = member.publishmentOrder as Record<string, Record<string, unknown>>;
      expect(Object.keys(member)).toEqual([
        ...["@id", "@type", "id", "net", "tax", "recordedAt", "saleIndexLabel"],
        "publishmentOrder",
      ]);
      expect(Object.keys(order)).toEqual([
        ...["@id", "id", "advertisement", "region", "locality", "course"],
      ]);
      expect(Object.keys(order.advertisement!)).toEqual(["@id", "id", "title", "owner"]);
      expect(Object.keys(order.advertisement!.owner!)).toEqual(["@id", "id", "companyName"]);
      // Written again by JavaScript, the answer is the same text: same keys, order and escapes.
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
    } finally {
      await api.db
        .update(advertisements)
        .set({ title: ad!.title })
        .where(eq(advertisements.id, adId));
      await api.db
        .update(clients)
        .set({ companyName: owner!.companyName })
        .where(eq(clients.id, ad!.ownerId));
    }
  });

  test("paginated: 30 by default, itemsPerPage up to 1000, next links keep the month", async () => {
    await api.db.delete(sales);
    const ids: number[] = [];
    for (let i = 0; i < 35; i++) {
      ids.push(await addSale(`2025-03-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00Z`));
    }
    const first = await body(await list("month_recordedAt=2025-03"));
    expect(first["hydra:member"]).toHaveLength(30);
    expect(first["hydra:totalItems"]).toBe(35);
    const next = first["hydra:view"]["hydra:next"] as string;
    expect(next).toBe("/api/adv/sales?month_recordedAt=2025-03&page=2");
    const second = await body(await get(api.app, next, admin));
    expect(second["hydra:member"]).toHaveLength(5);
    expect(second["hydra:view"]["hydra:next"]).toBeUndefined();
    const seen = [...first["hydra:member"], ...second["hydra:member"]].map(
      (m: { id: number }) => m.id,
    );
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);

    const small = await body(await list("month_recordedAt=2025-03&itemsPerPage=10&page=4"));
    expect(small["hydra:member"]).toHaveLength(5);
    expect(small["hydra:view"]["hydra:previous"]).toBe(
      "/api/adv/sales?month_recordedAt=2025-03&itemsPerPage=10&page=3",
    );
    const all = await body(await list("month_recordedAt=2025-03&itemsPerPage=5000"));
    expect(all["hydra:member"]).toHaveLength(35);
    expect(all["hydra:view"]["hydra:next"]).toBeUndefined();
  });

  test("one query for the page and one count, whatever the number of rows (no N+1)", async () => {
    queries.length = 0;
    expect(await idsOf(await list("month_recordedAt=2025-03&itemsPerPage=1000"))).toHaveLength(35);
    const onSales = queries.filter((q) => /from "sales"/.test(q));
    expect(onSales).toHaveLength(2);
  });

  test("partial=true (API Platform's partial pagination): no count, next while pages are full", async () => {
    queries.length = 0;
    const first = await body(await list("month_recordedAt=2025-03&itemsPerPage=20&partial=true"));
    expect(queries.filter((q) => /from "sales"/.test(q))).toHaveLength(1);
    expect(first["hydra:member"]).toHaveLength(20);
    expect(first["hydra:totalItems"]).toBeUndefined();
    expect(first["hydra:view"]).toEqual({
      "@id": "/api/adv/sales?month_recordedAt=2025-03&itemsPerPage=20&partial=true&page=1",
      "@type": "hydra:PartialCollectionView",
      "hydra:next": "/api/adv/sales?month_recordedAt=2025-03&itemsPerPage=20&partial=true&page=2",
    });
    const second = await body(await get(api.app, first["hydra:view"]["hydra:next"], admin));
    expect(second["hydra:member"]).toHaveLength(15);
    expect(second["hydra:view"]["hydra:next"]).toBeUndefined();
    expect(second["hydra:view"]["hydra:previous"]).toBe(
      "/api/adv/sales?month_recordedAt=2025-03&itemsPerPage=20&partial=true&page=1",
    );
    // A full last page links to an empty one, which ends the collection.
    const full = await body(await list("month_recordedAt=2025-03&itemsPerPage=35&partial=1"));
    expect(full["hydra:member"]).toHaveLength(35);
    const end = await body(await get(api.app, full["hydra:view"]["hydra:next"], admin));
    expect(end["hydra:member"]).toEqual([]);
    expect(end["hydra:view"]["hydra:next"]).toBeUndefined();
    // Anything FILTER_VALIDATE_BOOLEAN does not read as true is the ordinary, counted page.
    const counted = await body(await list("month_recordedAt=2025-03&itemsPerPage=20&partial=no"));
    expect(counted["hydra:totalItems"]).toBe(35);
    expect(counted["hydra:view"]["hydra:last"]).toBeDefined();
  });

  test("a page is read off the (recordedAt, id) index in its order: no sort of the month", async () => {
    statements.length = 0;
    await list("month_recordedAt=2025-03&itemsPerPage=10&page=3");
    const page = statements.find((s) => s.query.includes("page_of_sales"))!;
    // The parameters inlined (dates and numbers): EXPLAIN takes no bind values here.
    const text = page.query.replace(/\$(\d+)/g, (_, n: string) => {
      const value = page.params[Number(n) - 1];
      return typeof value === "number" ? String(value) : `'${String(value)}'`;
    });
    type Plan = { "Node Type": string; "Index Name"?: string; Plans?: Plan[] };
    const plan = await api.db.transaction(async (tx) => {
      // With 35 rows a scan and a sort would win: forbid them, so only an index in order is left.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_incremental_sort = off`);
      const result: unknown = await tx.execute(sql.raw(`explain (format json) ${text}`));
      const rows = (
        Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
      ) as Record<string, unknown>[];
      const json = Object.values(rows[0]!)[0];
      return (typeof json === "string" ? JSON.parse(json) : json)[0].Plan as Plan;
    });
    const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];
    const limit = nodes(plan).find((n) => n["Node Type"] === "Limit")!;
    const under = nodes(limit).map((n) => n["Node Type"]);
    expect(under).not.toContain("Sort");
    expect(under).not.toContain("Incremental Sort");
    expect(nodes(limit).map((n) => n["Index Name"])).toContain("sales_recorded_at_id_idx");
  });

  test("administrators only: an advertiser gets 403, anonymous 401", async () => {
    expect((await list("month_recordedAt=2025-06", shop)).status).toBe(403);
    expect((await get(api.app, "/api/adv/sales?month_recordedAt=2025-06")).status).toBe(401);
  });

  test.each([
    "",
    "month_recordedAt=",
    "month_recordedAt=2025-6",
    "month_recordedAt=2025-13",
    "month_recordedAt=2025-06-01",
    "month_recordedAt=abcd-ef",
  ])("a missing or malformed month (%s) is a 400 hydra:Error", async (query) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    const json = await body(response);
    expect(json["@type"]).toBe("hydra:Error");
    expect(json["hydra:description"]).toContain("month_recordedAt");
  });
});

describe("months outside SPEC §5's range (Sep 2020 to a year after this month)", () => {
  // TEST_NOW is 15 June 2025 in Tokyo: the last month is June 2026.
  test.each(["9999-12", "0001-01", "2020-08", "2026-07"])(
    "%s is a 400 on the list and the totals, not a 500",
    async (month) => {
      const response = await list(`month_recordedAt=${month}`);
      expect(response.status).toBe(400);
      expect((await body(response))["hydra:description"]).toBe(
        "month_recordedAt: 2020-09 から 2026-06 までの月を指定してください。",
      );
      expect((await totalsOf(month)).status).toBe(400);
    },
  );

  test("the range's ends are read", async () => {
    expect((await list("month_recordedAt=2020-09")).status).toBe(200);
    expect((await totalsOf("2026-06")).status).toBe(200);
  });
});

/** What the totals must be: the sums over the month's rows as the list gives them. */
async function sumOfRows(app: typeof api.app, month: string, token: string) {
  const json = await body(
    await get(app, `/api/adv/sales?month_recordedAt=${month}&itemsPerPage=1000`, token),
  );
  const rows = (json["hydra:member"] ?? json.member) as { net: number; tax: number }[];
  const net = rows.reduce((sum, s) => sum + s.net, 0);
  const tax = rows.reduce((sum, s) => sum + s.tax, 0);
  return { count: rows.length, net, tax, gross: net + tax };
}

describe("GET /api/adv/sales_totals/{month}", () => {
  test("the Tokyo month's count and sums, reversals subtracting, equal to its rows", async () => {
    await api.db.delete(sales);
    await addSale("2025-05-31T14:59:59Z", 7000, 700); // 5/31 23:59:59 JST
    await addSale("2025-05-31T15:00:00Z", 10000, 1000); // 6/1 00:00 JST
    await addSale("2025-06-10T00:00:00Z", 30000, 3000);
    await addSale("2025-06-12T00:00:00Z", -30000, -3000); // a reversal
    await addSale("2025-06-30T14:59:59Z", 5000, 500); // 6/30 23:59:59 JST
    await addSale("2025-06-30T15:00:00Z", 9000, 900); // 7/1 00:00 JST

    const response = await totalsOf("2025-06");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/ld+json");
    const june = await body(response);
    expect(june).toEqual({
      "@context": "/api/contexts/SalesTotals",
      "@id": "/api/adv/sales_totals/2025-06",
      "@type": "SalesTotals",
      month: "2025-06",
      count: 4,
      net: 15000,
      tax: 1500,
      gross: 16500,
    });
    expect(june).toMatchObject(await sumOfRows(api.app, "2025-06", admin));
    expect(await body(await totalsOf("2025-05"))).toMatchObject({ count: 1, net: 7000, tax: 700 });
    expect(await body(await totalsOf("2025-07"))).toMatchObject({ count: 1, gross: 9900 });
  });

  test("a month without sales is zeros, not nulls", async () => {
    expect(await body(await totalsOf("2020-09"))).toMatchObject({
      month: "2020-09",
      count: 0,
      net: 0,
      tax: 0,
      gross: 0,
    });
  });

  test("one query on sales whatever the number of rows", async () => {
    queries.length = 0;
    expect((await totalsOf("2025-06")).status).toBe(200);
    expect(queries.filter((q) => /from "sales"/.test(q))).toHaveLength(1);
  });

  test("administrators only: an advertiser gets 403, anonymous 401; only GET", async () => {
    expect((await totalsOf("2025-06", shop)).status).toBe(403);
    expect((await get(api.app, "/api/adv/sales_totals/2025-06")).status).toBe(401);
    const post = await api.app.request("/api/adv/sales_totals/2025-06", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });

  test.each(["2025-6", "2025-13", "2025-06-01", "abcd-ef", "202506"])(
    "a malformed month (%s) is a 400 hydra:Error",
    async (month) => {
      const response = await totalsOf(month);
      expect(response.status).toBe(400);
      const json = await body(response);
      expect(json["@type"]).toBe("hydra:Error");
      expect(json["hydra:description"]).toContain("month");
    },
  );
});

describe("GET /api/adv/sales_totals/{month} in API Platform 4's dialect", () => {
  let apip4: Awaited<ReturnType<typeof createTestApi>>;
  let apip4Admin: string;
  beforeAll(async () => {
    apip4 = await createTestApi({ env: { API_FORMAT: "apip4" } });
    apip4Admin = (await loginAdmin(apip4.app)).token;
  });
  afterAll(() => apip4.close());

  test("the same item: the demo's month with its reversal pair equals its rows", async () => {
    const response = await get(apip4.app, "/api/adv/sales_totals/2025-06", apip4Admin);
    expect(response.status).toBe(200);
    const json = await body(response);
    expect(json["@type"]).toBe("SalesTotals");
    expect(json["@id"]).toBe("/api/adv/sales_totals/2025-06");
    const expected = await sumOfRows(apip4.app, "2025-06", apip4Admin);
    expect(expected.count).toBeGreaterThanOrEqual(3);
    expect(json).toMatchObject(expected);
  });

  test("a malformed month is a problem+json 400", async () => {
    const response = await get(apip4.app, "/api/adv/sales_totals/2025-13", apip4Admin);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect((await body(response)).detail).toContain("month");
  });
});
