// hydra:search as API Platform writes it (IriTemplate, both dialects), read tolerantly: absent or
// unreadable means "no template" (SPEC §7's variables then count), never a failed page.
import { describe, expect, it } from "vitest";
import { parseCollection } from "./hydra";
import { areaOrder, isDeclared, readDeclared, searchVariables, type Declares } from "./search";
import { z } from "zod";
import { withSearch } from "../../../tests/mocks/search";

describe("searchVariables", () => {
  it("reads the variables of either dialect", () => {
    for (const dialect of ["hydra", "plain"] as const) {
      const body = { member: [], ...withSearch(["owner", "order[area]"], dialect) };
      expect([...searchVariables(body)!]).toEqual(["owner", "order[area]"]);
    }
  });

  it("says 'no template' for an answer without one or with one it cannot read", () => {
    expect(searchVariables({ "hydra:member": [] })).toBeUndefined();
    expect(searchVariables({ "hydra:search": { "hydra:mapping": "x" } })).toBeUndefined();
    expect(searchVariables(null)).toBeUndefined();
    // A mapping entry without a variable is skipped, the rest still count.
    const odd = { search: { mapping: [{ property: "x" }, 3, { variable: "title" }] } };
    expect([...searchVariables(odd)!]).toEqual(["title"]);
  });

  it("goes with the collection parsed", () => {
    const body = { "hydra:member": [1], "hydra:totalItems": 1, ...withSearch(["title"]) };
    expect(parseCollection(body, z.number()).search).toEqual(new Set(["title"]));
    expect(parseCollection({ "hydra:member": [] }, z.number())).not.toHaveProperty("search");
  });
});

describe("isDeclared and areaOrder", () => {
  it("counts only SPEC §7's variables without a template, only the template's with one", () => {
    expect(isDeclared(undefined, "title", ["title"])).toBe(true);
    expect(isDeclared(undefined, "order[area]", ["title"])).toBe(false);
    expect(isDeclared(new Set(["order[area]"]), "order[area]", ["title"])).toBe(true);
    expect(isDeclared(new Set(["order[area]"]), "title", ["title"])).toBe(false);
  });

  it("sends the area sort as the upstream declares it, or not at all", () => {
    const declares =
      (names: string[]): Declares =>
      (v) =>
        names.includes(v);
    expect(areaOrder(declares(["order[area]"]), "desc")).toEqual({ "order[area]": "desc" });
    expect(
      areaOrder(
        declares(["order[publishmentOrder.region]", "order[publishmentOrder.locality]"]),
        "asc",
      ),
    ).toEqual({
      "order[publishmentOrder.region]": "asc",
      "order[publishmentOrder.locality]": "asc",
    });
    // The spec profile of our reference API declares the sort on the relations' ids.
    const byIds = ["order[publishmentOrder.region.id]", "order[publishmentOrder.locality.id]"];
    expect(areaOrder(declares(byIds), "asc")).toEqual({ [byIds[0]!]: "asc", [byIds[1]!]: "asc" });
    expect(areaOrder(declares(["order[publishmentOrder.region]"]), "asc")).toBeNull();
  });
});

describe("readDeclared", () => {
  const query = (declares: Declares) => ({ title: "a", extra: declares("extra") ? 1 : undefined });

  it("reads once when the answer declares everything asked", async () => {
    const reads: unknown[] = [];
    const { declares } = await readDeclared(["title"], query, async (q) => {
      reads.push(q);
      return { search: new Set(["title", "extra"]) };
    });
    expect(reads).toEqual([{ title: "a", extra: 1 }]);
    expect(declares("extra")).toBe(true);
  });

  it("reads again without what the answer leaves undeclared", async () => {
    const reads: unknown[] = [];
    const { page, declares } = await readDeclared(["title"], query, async (q) => {
      reads.push(q);
      return { n: reads.length, search: undefined };
    });
    expect(reads).toEqual([
      { title: "a", extra: 1 },
      { title: "a", extra: undefined },
    ]);
    expect(page.n).toBe(2);
    expect(declares("extra")).toBe(false);
  });
});
