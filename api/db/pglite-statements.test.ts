// The PGlite statement cache: a repeated read is prepared once and answers exactly what the
// ordinary query answers, whatever its values hold.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PREPARED, RECORD_MIN_COLUMNS, withStatementCache } from "./pglite-statements";

let raw: PGlite;
let cached: PGlite;

const preparedTexts = async () =>
  (await raw.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
    (r) => r.statement,
  );

beforeAll(async () => {
  raw = await PGlite.create();
  cached = withStatementCache(raw);
  await raw.exec(`
    create table shop (id integer primary key, name text, open boolean, note text);
    insert into shop values (1, 'O''Neil\\商店', true, null), (2, 'ベンチ商店', false, 'x');
  `);
});
afterAll(() => raw.close());

const byName = "select id, name, open, note from shop where name = $1 and open = $2";

describe("withStatementCache", () => {
  it("prepares a read the second time it is seen, then answers as the ordinary query does", async () => {
    const first = await cached.query(byName, ["O'Neil\\商店", true], { rowMode: "array" });
    expect(await preparedTexts()).toEqual([]);
    const second = await cached.query(byName, ["O'Neil\\商店", true], { rowMode: "array" });
    // Four columns or more: each row comes back as one text (record-text.ts).
    expect(await preparedTexts()).toEqual([
      `PREPARE pglite_s1 AS select (r.*)::text from (${byName}) r`,
    ]);
    const third = await cached.query(byName, ["O'Neil\\商店", true], { rowMode: "array" });
    expect(first.rows).toEqual([[1, "O'Neil\\商店", true, null]]);
    expect(second.rows).toEqual(first.rows);
    expect(third.rows).toEqual(first.rows);
    expect(third.fields.map((f) => f.name)).toEqual(["id", "name", "open", "note"]);
  });

  it("passes every value as a value: quotes, backslashes, null and numbers", async () => {
    const query =
      "select id from shop where ($1::text is null or note = $1) and id >= $2 order by id";
    for (let i = 0; i < 2; i++) await cached.query(query, [null, 0]);
    expect((await cached.query(query, [null, 0])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await cached.query(query, ["x", 2])).rows).toEqual([{ id: 2 }]);
    expect((await cached.query(query, ["x'); drop table shop; --", 0])).rows).toEqual([]);
    expect((await cached.query(query, ["\\'", -1])).rows).toEqual([]);
    expect((await raw.query("select count(*)::int as n from shop")).rows).toEqual([{ n: 2 }]);
  });

  it("refuses what PostgreSQL refuses (a NUL in text) as the ordinary query does", async () => {
    const query = "select id from shop where name = $1";
    await cached.query(query, ["ベンチ商店"]);
    await cached.query(query, ["ベンチ商店"]);
    await expect(cached.query(query, ["a\0b"])).rejects.toThrow();
    expect((await cached.query(query, ["ベンチ商店"])).rows).toEqual([{ id: 2 }]);
  });

  it("answers a wide read row by row as one text, with every value as the ordinary query has it", async () => {
    await raw.exec(`
      create table odd (
        id integer primary key, t text, j jsonb, tags text[], at timestamptz, d date,
        n numeric, big bigint, f double precision, b bytea, ok boolean, nothing text
      );
      insert into odd values
        (1, '', '{"a": "x\\"y", "b": [1, 2]}', '{"a b","c,d",""}', '2026-11-27 23:45:59.123+09',
         '2026-02-28', 12.50, 9007199254740993, 0.1, '\\x00ff', false, null),
        (2, ' "(quoted), \\back\\slash" ', 'null', '{}', '-infinity', '2024-02-29', -0.5,
         -1, -1e300, '\\x', true, null),
        (3, 'ベンチ商店 O''Neil', '[]', null, '1951-12-31 15:00:00Z', '1952-01-01', 0, 0,
         'NaN', '\\x5c22', null, 'NULL');
    `);
    const query = "select * from odd where id >= $1 order by id desc";
    // As drizzle asks: arrays, its own parsers for timestamps and dates (kept as text).
    const options = {
      rowMode: "array" as const,
      parsers: { 1184: (v: string) => v, 1082: (v: string) => v },
    };
    const ordinary = await raw.query(query, [0], options);
    const objects = await raw.query(query, [0]);
    for (let i = 0; i < 2; i++) await cached.query(query, [0], options);
    expect(
      (await preparedTexts()).some((t) => t.includes("(r.*)::text from (select * from odd")),
    ).toBe(true);
    const asRecords = await cached.query(query, [0], options);
    expect(asRecords.rows).toEqual(ordinary.rows);
    expect(asRecords.rows.map((r) => (r as unknown[])[0])).toEqual([3, 2, 1]);
    expect(asRecords.fields).toEqual(ordinary.fields);
    expect((await cached.query(query, [0])).rows).toEqual(objects.rows);
    expect((await cached.query(query, [2], options)).rows).toEqual(ordinary.rows.slice(0, 2));
  });

  it("answers narrow reads and locking reads as they are", async () => {
    const narrow = `select ${Array.from({ length: RECORD_MIN_COLUMNS - 1 }, (_, i) => `id + ${i}`).join(", ")} from shop where id = $1`;
    const locking = "select id, name, open, note from shop where id = $1 for update";
    for (const query of [narrow, locking]) {
      const first = await cached.query(query, [1]);
      expect((await cached.query(query, [1])).rows).toEqual(first.rows);
    }
    const texts = await preparedTexts();
    expect(texts).toContain(`PREPARE pglite_s${texts.length - 1} AS ${narrow}`);
    expect(texts).toContain(`PREPARE pglite_s${texts.length} AS ${locking}`);
  });

  it("leaves writes alone, and keeps no more than its bound of statements", async () => {
    const write = "update shop set note = $1 where id = $2";
    for (let i = 0; i < 3; i++) await cached.query(write, ["y", 2]);
    expect((await preparedTexts()).some((t) => t.includes("update shop"))).toBe(false);

    for (let i = 0; i < MAX_PREPARED + 5; i++) {
      const query = `select ${i} as n, id from shop where id = $1`;
      await cached.query(query, [1]);
      expect((await cached.query(query, [1])).rows).toEqual([{ n: i, id: 1 }]);
    }
    expect(await preparedTexts()).toHaveLength(MAX_PREPARED);
  });
});
