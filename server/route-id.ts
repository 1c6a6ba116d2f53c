// Which React Router route answers a path: the route id names a request in the logs and the metrics
// ("routes/advertiser.advertisements.$id"), never the raw path with its ids or tokens. Matched by
// React Router's own static handler on the build's route tree (no loaders: it only matches). The
// handler ranks the routes once; the public matchRoutes ranks them again at every call, which cost
// about 1 ms a request for the portal's 61 routes (ADR 0021).
import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";

type Manifest = ServerBuild["routes"];
type Route = NonNullable<Manifest[string]>;

/** Answers React Router gives before matching a page: lazy route discovery's manifest. */
export const MANIFEST_ROUTE = "(manifest)";
/** A path no route matches. */
export const NO_ROUTE = "(no route)";

const handlers = new WeakMap<Manifest, ReturnType<typeof createStaticHandler>>();

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
export async function routeIdOf(build: ServerBuild, pathname: string): Promise<string> {
  if (pathname === "/__manifest") return MANIFEST_ROUTE;
  let handler = handlers.get(build.routes);
  if (!handler) {
    handler = createStaticHandler(tree(build.routes), { basename: build.basename });
    handlers.set(build.routes, handler);
  }
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const context = await handler.query(new Request(new URL(page, "http://route-id.invalid")));
  if (context instanceof Response || context.statusCode === 404) return NO_ROUTE;
  return context.matches.at(-1)?.route.id ?? NO_ROUTE;
}
