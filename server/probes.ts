// The portal's probes (ARCHITECTURE §10): GET /healthz answers 200 while the process serves
// (nothing else is asked); GET /readyz answers 200 while the upstream answers (embedded: the API
// and its database), else 503. Mounted before every other middleware: no Host or Origin check,
// no session, no logging per request. The bodies name nothing internal (no URL, no error text).
import type { RequestHandler, Response as ExpressResponse } from "express";
import { buildUrl } from "../app/.server/upstream/client";

/** Whether the upstream can serve pages now. */
export type Readiness = () => Promise<boolean>;

/** How long /readyz waits for the upstream before calling it down. */
export const PROBE_TIMEOUT_MS = 2_000;

export function probes(ready: Readiness): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === "/healthz") return answer(res, 200, { status: "ok" });
    if (req.path !== "/readyz") return next();
    void ready().then(
      (up) =>
        up
          ? answer(res, 200, { status: "ok" })
          : answer(res, 503, { status: "unavailable", checks: { upstream: "down" } }),
      () => answer(res, 503, { status: "unavailable", checks: { upstream: "down" } }),
    );
  };
}

function answer(res: ExpressResponse, status: number, body: object) {
  res.status(status).set("Cache-Control", "no-store").json(body);
}

/**
 * An upstream of its own (ADV_API_URL) is ready when it answers HTTP at all: any status below
 * 500 to the public prefecture list, within PROBE_TIMEOUT_MS.
 */
export function upstreamAnswers(baseUrl: () => string, timeoutMs = PROBE_TIMEOUT_MS): Readiness {
  return async () => {
    try {
      const response = await fetch(buildUrl(baseUrl(), "/api/adv/prefectures"), {
        headers: { Accept: "application/ld+json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.status < 500;
    } catch {
      return false;
    }
  };
}

/** How the portal reaches the embedded API: over loopback (worker thread) or in this thread. */
export type EmbeddedFetch = (path: string, init: RequestInit) => Promise<Response>;

/** The embedded API is ready when its own /readyz (its database answers `select 1`) says so. */
export function embeddedApiReady(fetchApi: EmbeddedFetch, timeoutMs = PROBE_TIMEOUT_MS): Readiness {
  return async () => {
    try {
      const response = await fetchApi("/readyz", { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.status === 200;
    } catch {
      return false;
    }
  };
}
