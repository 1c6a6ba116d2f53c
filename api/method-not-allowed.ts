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

/** The handlers' routes under `prefix` (middleware, registered for every method, left out). */
function routesOf(app: Routed, prefix: string): CompiledRoute[] {
  return app.routes
    .filter((r) => r.method !== "ALL" && r.path.startsWith(prefix) && !r.path.includes("*"))
    .map((r) => ({ pattern: compile(r.path), method: r.method.toUpperCase() }));
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
  let routes: CompiledRoute[] | undefined;
  return async (c, next) => {
    routes ??= routesOf(app, prefix);
    const path = c.req.path;
    const matching = routes.filter((r) => r.pattern.test(path));
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
