// The PGlite statement cache: a repeated read is prepared once and answers exactly what the
// ordinary query answers, whatever its values hold.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PREPARED, withStatementCache } from "./pglite-statements";

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
    expect(await preparedTexts()).toEqual([`PREPARE pglite_s1 AS ${byName}`]);
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
