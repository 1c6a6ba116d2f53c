// The API's own documentation, as API Platform serves it: an OpenAPI document at
// `/api/docs.jsonopenapi` (API Platform 3.1+) and `/api/docs.json` (older 3.x), public like theirs.
// It lists the operations this server really routes (read from the app's route table, so it
// cannot drift), which is how an operator's tool (`npm run check-upstream`) learns what an
// upstream offers beyond SPEC §7 without calling each extension.
import { Hono } from "hono";
import type { ApiEnv } from "./context";

/** What is read of the app: its registered routes (Hono's `app.routes`). */
interface Routed {
  routes: ReadonlyArray<{ method: string; path: string }>;
}

/** Whether a route is offered (a profile may hide some); every /api route by default. */
export type RouteFilter = (method: string, path: string) => boolean;

/** Each docs path and the media type API Platform answers it with. */
const API_DOCS = {
  "/api/docs.jsonopenapi": "application/vnd.openapi+json",
  "/api/docs.json": "application/json",
} as const;
const isDocsPath = (path: string) => Object.hasOwn(API_DOCS, path);

type Operation = { operationId: string; responses: Record<string, { description: string }> };
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

/** "/api/adv/posts/:id/report" → "/api/adv/posts/{id}/report" */
const openApiPath = (path: string) =>
  path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? `{${segment.slice(1)}}` : segment))
    .join("/");

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, "_")}`.replace(/_+$/, "");

export function openApiDocument(app: Routed, offered: RouteFilter): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const { method, path } of app.routes) {
    if (method === "ALL" || !path.startsWith("/api/") || path.includes("*")) continue;
    if (isDocsPath(path) || !offered(method, path)) continue;
    const key = openApiPath(path);
    paths[key] = {
      ...paths[key],
      [method.toLowerCase()]: {
        operationId: operationId(method, key),
        responses: { default: { description: "See SPEC §7." } },
      },
    };
  }
  return { openapi: "3.1.0", info: { title: "お店News 広告管理 API", version: "1" }, paths };
}

/** The docs routes; the document is built once, on the first request (all routes added by then). */
export function apiDocsRoutes(app: Routed, offered: RouteFilter = () => true) {
  const routes = new Hono<ApiEnv>();
  let document: OpenApiDocument | undefined;
  for (const [path, mediaType] of Object.entries(API_DOCS)) {
    routes.get(path, (c) => {
      document ??= openApiDocument(app, offered);
      return c.json(document, 200, { "Content-Type": mediaType });
    });
  }
  return routes;
}
