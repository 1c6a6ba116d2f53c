import { describe, expect, it } from "vitest";
import { adListSearch, readAdListFilters } from "./admin-ad-list";

const regions = [
  { value: "1", localities: [{ value: "1" }, { value: "2" }] },
  { value: "2", localities: [{ value: "3" }] },
];
const read = (query: string) => readAdListFilters(new URLSearchParams(query), regions);

describe("readAdListFilters", () => {
  it("has no filters and hides ads without an order by default", () => {
    expect(read("")).toEqual({
      ownerId: "",
      companyName: "",
      title: "",
      region: "",
      locality: "",
      status: "",
      distribution: "",
      hideNotOrdered: true,
    });
  });

  it("turns hideNotOrdered off only for an explicit 0, the checkbox's 1 winning over the hidden 0", () => {
    expect(read("hideNotOrdered=0").hideNotOrdered).toBe(false);
    expect(read("hideNotOrdered=0&hideNotOrdered=1").hideNotOrdered).toBe(true);
    expect(read("hideNotOrdered=1").hideNotOrdered).toBe(true);
  });

  it("reads the owner preset, texts and status", () => {
    expect(
      read("ownerId=12&companyName=+サンプル+&title=カフェ&status=needs_action"),
    ).toMatchObject({
      ownerId: "12",
      companyName: "サンプル",
      title: "カフェ",
      status: "needs_action",
    });
    expect(read("ownerId=abc&status=deleted")).toMatchObject({ ownerId: "", status: "" });
  });

  it("reads the 配信状況 (the dashboard's 掲載中 is publishing) and drops an unknown one", () => {
    expect(read("distribution=publishing").distribution).toBe("publishing");
    expect(read("distribution=live").distribution).toBe("");
  });

  it("keeps a locality of the chosen region and drops one of another region", () => {
    expect(read("region=1&locality=2")).toMatchObject({ region: "1", locality: "2" });
    expect(read("region=1&locality=3")).toMatchObject({ region: "1", locality: "" });
    expect(read("locality=3")).toMatchObject({ region: "", locality: "3" });
    expect(read("region=9&locality=99")).toMatchObject({ region: "", locality: "" });
  });
});

describe("adListSearch", () => {
  it("writes only the filters that are set, and hideNotOrdered only when off", () => {
    expect(adListSearch(read(""))).toBe("");
    expect(adListSearch(read("title=a b&hideNotOrdered=0"), { sort: "title", order: "asc" })).toBe(
      "?title=a+b&hideNotOrdered=0&sort=title&order=asc",
    );
  });

  it("round-trips through readAdListFilters", () => {
    const filters = read(
      "ownerId=3&region=2&locality=3&status=new&distribution=ended&hideNotOrdered=0",
    );
    expect(read(adListSearch(filters).slice(1))).toEqual(filters);
  });
});
