// One request of the portal, seen by the operator: its request id (kept from a sane incoming
// X-Request-Id, else made; answered in the response header; sent upstream by the client through
// the request scope), one log line at info when it ends, and its duration in the metrics.
import type { RequestHandler, Response as ExpressResponse } from "express";
import { log } from "../app/.server/logger";
import { metrics, statusClass } from "../app/.server/metrics";
import { requestIdFrom, runInRequestScope } from "../app/.server/request-scope";
import type { UpstreamTiming } from "../app/.server/upstream/timing";

/** What a request answered by the portal's middleware (static files, checks) is named. */
export const MIDDLEWARE_ROUTE = "(middleware)";

/** nginx's code for a request whose client went away before the answer ended. */
const CLIENT_CLOSED = 499;

/** What the handler in front of React Router leaves for the line (res.locals). */
export type RequestLocals = {
  /** The React Router route id, resolved when the request reached React Router. */
  routeId?: Promise<string>;
  /** The request's upstream calls (the portal context's). */
  upstreamTiming?: UpstreamTiming;
};

export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.get("X-Request-Id"));
    res.setHeader("X-Request-Id", requestId);
    const started = performance.now();
    res.once("close", () => void logRequest(req.method, res, requestId, started));
    runInRequestScope({ requestId }, next);
  };
}

async function logRequest(
  method: string,
  res: ExpressResponse,
  requestId: string,
  started: number,
) {
  const durationMs = performance.now() - started;
  const locals = res.locals as RequestLocals;
  const route = locals.routeId ? await locals.routeId.catch(() => "(unknown)") : MIDDLEWARE_ROUTE;
  const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
  metrics.requestDuration.observe({ route, status_class: statusClass(status) }, durationMs / 1000);
  // A file served before the router (build assets, Vite's modules in development) is at debug: pages,
  // and whatever the checks refused, are what the operator reads.
  const level = route === MIDDLEWARE_ROUTE && status < 400 ? "debug" : "info";
  log[level]("request", {
    requestId,
    method,
    route,
    status,
    durationMs: round(durationMs),
    upstreamCalls: locals.upstreamTiming?.calls ?? 0,
    upstreamMs: round(locals.upstreamTiming?.ms ?? 0),
  });
}

const round = (ms: number) => Math.round(ms * 10) / 10;
