// The audit trail's rows when the upstream sends who acted as a bare IRI (API Platform without an
// embedding group, issue 16): the e-mail is fetched once per login, and a login the upstream will
// not show is named by its id; never a 500.
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { auditActorLabel } from "~/domain/audit-view";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM, api, hydraError } from "../../../tests/mocks/upstream";
import { listAuditLogs } from "./audit-logs";
import { createUpstreamClient } from "./client";

startMockUpstream();

const JSON_LD = { "Content-Type": "application/ld+json" };
const log = (id: number, actor: unknown, impersonator: unknown = null) => ({
  "@id": `/api/adv/audit_logs/${id}`,
  id,
  occurredAt: "2026-11-10T10:00:00+09:00",
  actor,
  impersonator,
  action: "post.update",
  target: "/api/adv/posts/12",
  advertisement: "/api/adv/posts/12",
  changes: {},
  clientIp: null,
});

describe("listAuditLogs", () => {
  it("reads actors and impersonators given as IRIs, fetching each login once", async () => {
    server.use(
      http.get(api("/api/adv/audit_logs"), () =>
        HttpResponse.json(
          {
            "hydra:member": [
              log(1, "/api/adv/user_logins/3", { id: 1, email: "admin@example.com" }),
              log(2, "/api/adv/user_logins/3"),
              log(3, "/api/adv/user_logins/9"),
            ],
            "hydra:totalItems": 3,
          },
          { headers: JSON_LD },
        ),
      ),
      http.get(api("/api/adv/user_logins/3"), () =>
        HttpResponse.json(
          { "@id": "/api/adv/user_logins/3", email: "shop@example.com" },
          { headers: JSON_LD },
        ),
      ),
      http.get(api("/api/adv/user_logins/9"), () => hydraError(403, "Access Denied.")),
    );
    const requests = recordRequests();
    const client = createUpstreamClient({
      baseUrl: UPSTREAM,
      tokens: { current: async () => "token", renew: async () => "token" },
      log: () => undefined,
    });

    const { member } = await listAuditLogs(client, { page: 1, itemsPerPage: 30 });

    expect(member.map((l) => auditActorLabel(l.actor, l.impersonator))).toEqual([
      "admin@example.com が shop@example.com として",
      "shop@example.com",
      "ユーザー #9",
    ]);
    expect(requests.filter((r) => r.path === "/api/adv/user_logins/3")).toHaveLength(1);
  });
});
