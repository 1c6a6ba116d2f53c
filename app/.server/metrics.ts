// The portal's Prometheus metrics (prom-client): page request durations by route id and status
// class, upstream call durations and errors by call, and the process's default metrics. Labels
// are templates only (route ids, "GET /api/adv/posts/{id}"): never a raw id, token or query.
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { singleton } from "./singleton";

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time the portal took to answer a request, by React Router route id and status class.",
      labelNames: ["route", "status_class"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: "portal_upstream_call_duration_seconds",
      help: "Time an upstream API call took, by call (method and path template).",
      labelNames: ["call"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: "portal_upstream_call_errors_total",
      help: "Upstream API calls that failed: unreachable (network, timeout, budget spent) or 5xx.",
      labelNames: ["call", "kind"] as const,
      registers: [registry],
    }),
  };
}

export const metrics = singleton("metrics", createMetrics);

/** "2xx", "4xx", …: a status code's class. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * A call's label: the method and the path with every segment that is not a plain word (a number,
 * a token, a month, a UUID) replaced by {id}, so the label set stays small and names no one.
 */
export function callTemplate(method: string, path: string): string {
  const template = (path.split("?")[0] ?? "")
    .split("/")
    .map((segment) => (segment === "" || /^[a-z_][a-z_.-]*$/.test(segment) ? segment : "{id}"))
    .join("/");
  return `${method} ${template}`;
}

export type UpstreamErrorKind = "unreachable" | "server_error";

/** One upstream call's time (seconds) and, when it failed, its kind of failure. */
export function recordUpstreamCall(call: string, seconds: number, error?: UpstreamErrorKind) {
  metrics.upstreamDuration.observe({ call }, seconds);
  if (error) metrics.upstreamErrors.inc({ call, kind: error });
}
