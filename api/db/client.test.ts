// The database PGlite opens is planned for memory: an advertiser's page is read from its index.
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

describe("openDatabase (PGlite)", () => {
  it("plans with random reads as cheap as sequential ones (random_page_cost 1.1)", async () => {
    const { db, close } = await openDatabase({});
    try {
      const result = (await db.execute("show random_page_cost")) as { rows: unknown[] };
      expect(result.rows).toEqual([{ random_page_cost: "1.1" }]);
    } finally {
      await close();
    }
  });
});
