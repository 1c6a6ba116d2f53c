import { describe, expect, it } from "vitest";
import { nextSortOrder, pageCount, pageWindow, readTableState, tableHref } from "./paging";

const sortable = ["id", "area", "publishesAt"] as const;
const defaults = { sort: "id", order: "desc" } as const;
const read = (query: string) => readTableState(new URLSearchParams(query), sortable, defaults);
const paramsOf = (href: string) => Object.fromEntries(new URLSearchParams(href.replace(/^\?/, "")));

describe("readTableState", () => {
  it("uses the defaults for a bare URL (SPEC §9: id descending, page 1)", () => {
    expect(read("")).toEqual({ page: 1, sort: "id", order: "desc" });
  });

  it("reads page, sort and order", () => {
    expect(read("page=3&sort=area&order=asc")).toEqual({ page: 3, sort: "area", order: "asc" });
  });

  it.each(["page=0", "page=-2", "page=2.5", "page=abc", "page=", "page=100001"])(
    "falls back to page 1 for %s",
    (query) => {
      expect(read(query).page).toBe(1);
    },
  );

  it("falls back to the default sort and order for anything unexpected", () => {
    expect(read("sort=password&order=sideways")).toEqual({ page: 1, sort: "id", order: "desc" });
    expect(read("sort=constructor")).toMatchObject({ sort: "id" });
  });
});

describe("tableHref", () => {
  const current = new URLSearchParams("owner.companyName=山田&page=2&sort=area&order=asc");

  it("changes the page and keeps the other parameters", () => {
    const href = tableHref(current, { page: 3 });

    expect(href.startsWith("?")).toBe(true);
    expect(paramsOf(href)).toEqual({
      "owner.companyName": "山田",
      page: "3",
      sort: "area",
      order: "asc",
    });
  });

  it("goes back to the first page when the sort changes", () => {
    expect(paramsOf(tableHref(current, { sort: "id", order: "asc" }))).toEqual({
      "owner.companyName": "山田",
      sort: "id",
      order: "asc",
    });
    expect(paramsOf(tableHref(current, { order: "desc" }))).not.toHaveProperty("page");
  });

  it("leaves page=1 out of the URL", () => {
    expect(paramsOf(tableHref(current, { page: 1 }))).not.toHaveProperty("page");
  });

  it("does not change the parameters it was given", () => {
    tableHref(current, { page: 5 });

    expect(current.get("page")).toBe("2");
  });
});

describe("nextSortOrder", () => {
  it("sorts a new column ascending", () => {
    expect(nextSortOrder({ sort: "id", order: "desc" }, "area")).toBe("asc");
    expect(nextSortOrder({ sort: "id", order: "asc" }, "area")).toBe("asc");
  });

  it("flips the current column", () => {
    expect(nextSortOrder({ sort: "area", order: "asc" }, "area")).toBe("desc");
    expect(nextSortOrder({ sort: "area", order: "desc" }, "area")).toBe("asc");
  });
});

describe("pageCount", () => {
  it("has at least one page and rounds up", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
});

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first, the last and two either side of the current page, with gaps", () => {
    expect(pageWindow(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
  });

  it("has a single gap at either end", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 8, 9, 10]);
  });
});
