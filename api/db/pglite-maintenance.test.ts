// PGlite vacuumed by the embedded API: dead row versions go and the visibility map is set (what
// autovacuum does on PostgreSQL), at start and then on its interval, until stopped.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "./client";
import { maintainPglite } from "./pglite-maintenance";

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The prefectures table's pages, and those the visibility map marks all-visible (VACUUM sets it). */
async function prefecturePages(db: OpenedDatabase["db"]) {
  const result = await db.execute(sql`
    select relpages as pages, relallvisible as visible from pg_class where relname = 'prefectures'`);
  return (result as unknown as { rows: { pages: number; visible: number }[] }).rows[0]!;
}

describe("maintainPglite", () => {
  it("vacuums at once: every page of a table just written becomes all-visible", async () => {
    opened = await openDatabase({});
    const { db } = opened;
    await db.execute(
      sql`insert into prefectures (id, name) select g, 'p' || g from generate_series(1, 500) g`,
    );
    await db.execute(sql`update prefectures set name = name || '!'`);
    expect((await prefecturePages(db)).visible).toBe(0);
    const lines: string[] = [];
    const maintenance = maintainPglite(db, { log: (line) => lines.push(line) });
    await maintenance.stop();
    const pages = await prefecturePages(db);
    expect(pages.pages).toBeGreaterThan(1);
    expect(pages.visible).toBe(pages.pages);
    expect(lines).toEqual([expect.stringMatching(/^database: vacuumed in \d+ ms$/)]);
  });

  it("vacuums again on its interval, and no more once stopped", async () => {
    opened = await openDatabase({});
    const lines: string[] = [];
    const maintenance = maintainPglite(opened.db, { intervalMs: 20, log: (l) => lines.push(l) });
    await expect.poll(() => lines.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await maintenance.stop();
    const stopped = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.length).toBe(stopped);
  });
});
