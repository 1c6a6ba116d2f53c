// The named-statement registry: one name per SQL shape, and no more names than the bound.
import { describe, expect, it } from "vitest";
import { statementName } from "./prepared";

describe("statementName", () => {
  it("names a shape the same way every time and different shapes differently", () => {
    const a = statementName("select 1 where x = $1");
    expect(a).toMatch(/^s_[0-9a-f]{20}$/);
    expect(statementName("select 1 where x = $1")).toBe(a);
    expect(statementName("select 2 where x = $1")).not.toBe(a);
  });

  it("stops naming new shapes once 200 are known (query strings can repeat order[…] forever)", () => {
    for (let i = 0; i < 300; i++) statementName(`select ${i} order by id`);
    expect(statementName("select 'new shape'")).toBeNull();
    // Shapes named before keep their name.
    expect(statementName("select 1 where x = $1")).toMatch(/^s_/);
  });
});
