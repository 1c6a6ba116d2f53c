// A known path with the wrong method is a 405 with `Allow`, not a 404, as Symfony's router answers
// before anything else runs (symfony/http-kernel src/EventListener/RouterListener.php:
// `No route found for "PUT http://host/api/adv/posts": Method Not Allowed (Allow: GET, POST)`).
import type { MiddlewareHandler } from "hono";

/** What is read of the app: its registered routes (Hono's `app.routes`). */
interface Routed {
  routes: ReadonlyArray<{ method: string; path: string }>;
}
import { ApiError } from "./hydra";

interface CompiledRoute {
  pattern: RegExp;
  method: string;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** "/api/adv/posts/:id/report" → /^\/api\/adv\/posts\/[^/]+\/report$/ */
function compile(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : escape(segment)))
    .join("/");
  return new RegExp(`^${source}$`);
}

/**
 * The routes grouped by their number of segments and resource name ("/api/adv/posts/:id" →
 * "5 posts"), so a request tests the few routes of its own resource instead of all ~100
 * patterns. Routes whose resource segment is a parameter go to every group of their length.
 */
interface RouteIndex {
  byKey: Map<string, CompiledRoute[]>;
  anyResource: Map<number, CompiledRoute[]>;
}

const RESOURCE_SEGMENT = 3; // "", "api", "adv", resource

const keyOf = (segments: string[]) => `${segments.length} ${segments[RESOURCE_SEGMENT] ?? ""}`;

function indexRoutes(app: Routed, prefix: string): RouteIndex {
  const index: RouteIndex = { byKey: new Map(), anyResource: new Map() };
  const add = <K>(map: Map<K, CompiledRoute[]>, key: K, route: CompiledRoute) =>
    map.set(key, [...(map.get(key) ?? []), route]);
  for (const r of app.routes) {
    if (r.method === "ALL" || !r.path.startsWith(prefix) || r.path.includes("*")) continue;
    const route = { pattern: compile(r.path), method: r.method.toUpperCase() };
    const segments = r.path.split("/");
    if (segments[RESOURCE_SEGMENT]?.startsWith(":")) add(index.anyResource, segments.length, route);
    else add(index.byKey, keyOf(segments), route);
  }
  return index;
}

function candidates(index: RouteIndex, path: string): CompiledRoute[] {
  const segments = path.split("/");
  const own = index.byKey.get(keyOf(segments)) ?? [];
  const any = index.anyResource.get(segments.length);
  return any ? [...own, ...any] : own;
}

export class MethodNotAllowedError extends ApiError {
  constructor(
    readonly allowed: string[],
    description: string,
  ) {
    super(405, description);
  }
}

/** Must be registered before authentication: routing comes first in Symfony too. */
export function methodNotAllowed(app: Routed, prefix = "/api/"): MiddlewareHandler {
  let index: RouteIndex | undefined;
  return async (c, next) => {
    index ??= indexRoutes(app, prefix);
    const path = c.req.path;
    const matching = candidates(index, path).filter((r) => r.pattern.test(path));
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (matching.length > 0 && !matching.some((r) => r.method === method)) {
      const allowed = [...new Set(matching.map((r) => r.method))];
      const url = new URL(c.req.url);
      throw new MethodNotAllowedError(
        allowed,
        `No route found for "${c.req.method} ${url.origin}${path}": Method Not Allowed (Allow: ${allowed.join(", ")})`,
      );
    }
    await next();
  };
}
