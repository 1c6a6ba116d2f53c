import { describe, expect, it } from "vitest";
import { findRoute, routeTable } from "./routes";

describe("findRoute", () => {
  it("prefers a static segment over a parameter", () => {
    expect(findRoute("/advertiser/advertisements/new")?.name).toBe("AdvertiserAdvertisementsNew");
    expect(findRoute("/advertiser/advertisements/12")?.name).toBe("AdvertiserAdvertisementsDetail");
    expect(findRoute("/administrator/areas/new")?.name).toBe("AdministratorAreasNew");
    expect(findRoute("/administrator/courses/new")?.name).toBe("AdministratorCoursesNew");
  });

  it("ignores a trailing slash", () => {
    expect(findRoute("/advertiser/")?.name).toBe("AdvertiserIndex");
    expect(findRoute("/administrator/advertisements/7/report/")?.name).toBe(
      "AdministratorAdvertisementsReport",
    );
  });

  it("finds Login at the root", () => {
    expect(findRoute("/")).toMatchObject({ name: "Login", access: "public" });
  });

  it("finds nothing for an unknown path", () => {
    expect(findRoute("/nowhere")).toBeUndefined();
    expect(findRoute("/advertiser/advertisements/12/unknown")).toBeUndefined();
    expect(findRoute("/administrator/advertisements/12")).toBeUndefined();
  });

  it("finds every entry of the table from a concrete URL", () => {
    for (const entry of routeTable) {
      const url = entry.path.replace(/:[a-z]+/g, "123");
      expect(findRoute(url), url).toBe(entry);
    }
  });
});

describe("routeTable", () => {
  it("gives every entry one of the three access levels", () => {
    for (const entry of routeTable) {
      expect(["public", "advertiser", "administrator"], entry.name).toContain(entry.access);
    }
  });

  it("has unique names and paths", () => {
    expect(new Set(routeTable.map((r) => r.name)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
  });

  it("keeps the advertiser and administrator areas behind their role", () => {
    for (const entry of routeTable) {
      if (entry.path.startsWith("/administrator"))
        expect(entry.access, entry.path).toBe("administrator");
      if (
        entry.path.startsWith("/advertiser") &&
        !["/advertiser/new", "/advertiser/created"].includes(entry.path)
      ) {
        expect(entry.access, entry.path).toBe("advertiser");
      }
    }
  });
});
