// Which React Router route answers a path: the route id names a request in the logs and the metrics
// ("routes/advertiser.advertisements.$id"), never the raw path with its ids or tokens. Matched by
// the same matchRoutes React Router's server runtime uses, on the build's route manifest.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Manifest = ServerBuild["routes"];
type Route = NonNullable<Manifest[string]>;

/** Answers React Router gives before matching a page: lazy route discovery's manifest. */
export const MANIFEST_ROUTE = "(manifest)";
/** A path no route matches. */
export const NO_ROUTE = "(no route)";

const trees = new WeakMap<Manifest, RouteObject[]>();

function tree(manifest: Manifest, parentId = ""): RouteObject[] {
  return Object.values(manifest)
    .filter((route): route is Route => route !== undefined && (route.parentId ?? "") === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: tree(manifest, route.id),
          },
    );
}

/** The id of the deepest route matching `pathname` (a single-fetch `.data` path: its page's). */
export function routeIdOf(build: ServerBuild, pathname: string): string {
  if (pathname === "/__manifest") return MANIFEST_ROUTE;
  let routes = trees.get(build.routes);
  if (!routes) trees.set(build.routes, (routes = tree(build.routes)));
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(routes, page, build.basename);
  return matches?.at(-1)?.route.id ?? NO_ROUTE;
}
