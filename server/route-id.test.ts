// The route id of a path, as the router matches it: the deepest route (an index under its layout), the
// page's route for a single-fetch .data request, the splat for an unknown path.
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { MANIFEST_ROUTE, NO_ROUTE, routeIdOf } from "./route-id";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  [id]: { id, parentId, path, index, module: {} },
});

const build = {
  basename: undefined,
  routes: {
    ...route("root", undefined, ""),
    ...route("routes/_index", "root", undefined, true),
    ...route("routes/advertiser", "root", "advertiser"),
    ...route("routes/advertiser._index", "routes/advertiser", undefined, true),
    ...route("routes/advertiser.advertisements.$id", "routes/advertiser", "advertisements/:id"),
    ...route("routes/preview.$id.$token", "root", "preview/:id/:token"),
    ...route("routes/$", "root", "*"),
  },
} as unknown as ServerBuild;

describe("routeIdOf", () => {
  it.each([
    ["/", "routes/_index"],
    ["/advertiser", "routes/advertiser._index"],
    ["/advertiser/advertisements/4711", "routes/advertiser.advertisements.$id"],
    ["/preview/12/secret-token", "routes/preview.$id.$token"],
    ["/advertiser/advertisements/4711.data", "routes/advertiser.advertisements.$id"],
    ["/_root.data", "routes/_index"],
    ["/no/such/page", "routes/$"],
    ["/__manifest", MANIFEST_ROUTE],
  ])("%s → %s", async (pathname, id) => {
    expect(await routeIdOf(build, pathname)).toBe(id);
  });
});

it("a path no route matches, in a build without a splat route, is (no route)", async () => {
  const { "routes/$": _splat, ...routes } = build.routes;
  expect(await routeIdOf({ ...build, routes }, "/no/such/page")).toBe(NO_ROUTE);
  expect(await routeIdOf({ ...build, routes }, "/advertiser")).toBe("routes/advertiser._index");
});
