// Counts the upstream calls one portal request makes and, when SERVER_TIMING is on, reports them
// in a standard Server-Timing header (counts and durations only: never paths or tokens).
import type { ServerResponse } from "node:http";
import onHeaders from "on-headers";

/** Shared by every upstream client of one request. */
export type UpstreamTiming = { calls: number; ms: number };

export const newUpstreamTiming = (): UpstreamTiming => ({ calls: 0, ms: 0 });

/** `upstream;dur=<ms>;desc="<n> calls"`: `dur` sums the calls' times (parallel calls overlap). */
export function serverTimingValue(timing: UpstreamTiming): string {
  return `upstream;dur=${timing.ms.toFixed(1)};desc="${timing.calls} calls"`;
}

/**
 * Adds the header as the response headers go out: calls made after that (a streamed CSV's later
 * pages) are not in it.
 */
export function reportServerTiming(res: ServerResponse, timing: UpstreamTiming) {
  onHeaders(res, function () {
    this.appendHeader("Server-Timing", serverTimingValue(timing));
  });
}
