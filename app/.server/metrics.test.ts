// Metric labels stay templates: an upstream call is named by its method and path with every id
// replaced, so the label set is small and names no order, token or month.
import { describe, expect, it } from "vitest";
import { callTemplate, metrics, recordUpstreamCall, statusClass } from "./metrics";

describe("callTemplate", () => {
  it.each([
    ["GET", "/api/adv/posts/4711", "GET /api/adv/posts/{id}"],
    ["GET", "/api/adv/posts", "GET /api/adv/posts"],
    [
      "PATCH",
      "/api/adv/user_logins/2/update_email/validate",
      "PATCH /api/adv/user_logins/{id}/update_email/validate",
    ],
    ["GET", "/api/adv/sales_totals/2026-10", "GET /api/adv/sales_totals/{id}"],
    [
      "POST",
      "/api/adv/publishment_orders/12/receipt.pdf",
      "POST /api/adv/publishment_orders/{id}/receipt.pdf",
    ],
    ["GET", "/api/adv/trial_keys/Zm9vYmFyX3Rva2Vu", "GET /api/adv/trial_keys/{id}"],
    ["GET", "/api/adv/posts?page=2&title=secret", "GET /api/adv/posts"],
  ])("%s %s → %s", (method, path, template) => {
    expect(callTemplate(method, path)).toBe(template);
  });
});

it("statusClass", () => {
  expect([200, 302, 404, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "5xx"]);
});

it("an upstream call is timed, and counted as an error only when it failed", async () => {
  recordUpstreamCall("GET /test/{id}", 0.02);
  recordUpstreamCall("GET /test/{id}", 0.3, "server_error");
  const text = await metrics.registry.metrics();
  expect(text).toContain('portal_upstream_call_duration_seconds_count{call="GET /test/{id}"} 2');
  expect(text).toContain(
    'portal_upstream_call_errors_total{call="GET /test/{id}",kind="server_error"} 1',
  );
  expect(text).not.toContain('kind="unreachable"');
});
