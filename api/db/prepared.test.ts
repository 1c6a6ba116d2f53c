// The shape registry: one set of statements per shape and database handle, and no more than the bound.
import { describe, expect, it } from "vitest";
import type { Database } from "./client";
import { MAX_SHAPES, preparedShape, statementName } from "./prepared";

const handle = () => ({}) as Database;

describe("preparedShape", () => {
  it("prepares a shape once per database handle, named the same way every time", () => {
    const db = handle();
    const names: string[] = [];
    const prepare = (name: string) => (names.push(name), { name });
    const first = preparedShape(db, "posts advertiser viewer", prepare);
    expect(preparedShape(db, "posts advertiser viewer", prepare)).toBe(first);
    expect(names).toEqual([statementName("posts advertiser viewer")]);
    expect(first.name).toMatch(/^s_[0-9a-f]{20}$/);
    // Another shape gets another name; another handle (a transaction) prepares its own.
    expect(preparedShape(db, "posts administrator", prepare).name).not.toBe(first.name);
    expect(preparedShape(handle(), "posts advertiser viewer", prepare)).not.toBe(first);
  });

  it("stops keeping new shapes once the bound is reached (order[…] can repeat forever)", () => {
    const db = handle();
    for (let i = 0; i < MAX_SHAPES; i++) preparedShape(db, `shape ${i}`, (name) => ({ name }));
    let built = 0;
    const prepare = (name: string) => (built++, { name });
    expect(preparedShape(db, "one more", prepare).name).toBe("");
    expect(preparedShape(db, "one more", prepare).name).toBe("");
    expect(built).toBe(2);
    // Shapes kept before are still used.
    expect(preparedShape(db, "shape 0", prepare).name).toBe(statementName("shape 0"));
  });
});
