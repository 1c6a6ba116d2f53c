// Extension detection against the mocked upstream: a present call is used, an absent one (404/405)
// is learnt once and not asked again until the TTL has passed, with one log line per TTL; a
// refusal, an outage or an unreachable upstream says nothing and is not remembered.
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { administratorClaims, makeToken } from "../../../tests/fixtures/tokens";
import { mockedClient } from "../../../tests/mocks/client";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { api, constraintViolationList, hydraError, item } from "../../../tests/mocks/upstream";
import { UpstreamError } from "./errors";
import { createExtensionRegistry, EXTENSIONS, EXTENSION_TTL_MS } from "./extensions";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(administratorClaims());
});

const client = () => mockedClient(() => token);

const TOTALS = "/api/adv/sales_totals/2026-11";
const totals = { count: 1, net: 100, tax: 10, gross: 110 };

/** A registry on a hand-moved clock, keeping its log lines. */
function registry() {
  const clock = { ms: 1_000_000 };
  const lines: string[] = [];
  const extensions = createExtensionRegistry({ now: () => clock.ms, log: (l) => lines.push(l) });
  return { extensions, clock, lines };
}

/** The totals call as a feature makes it. */
const readTotals = async () => {
  const response = await client().request("GET", TOTALS);
  return (await response.json()) as typeof totals;
};

const answering = (status: number) =>
  http.get(api(TOTALS), () => (status === 200 ? item(totals) : hydraError(status, "x")));

describe("extension detection", () => {
  it("uses a present call and remembers it is there", async () => {
    const { extensions, lines } = registry();
    server.use(answering(200));
    await expect(extensions.use("salesTotals", readTotals)).resolves.toEqual({
      present: true,
      value: totals,
    });
    expect(extensions.known("salesTotals")).toBe("present");
    expect(lines).toEqual([]);
  });

  it.each([404, 405])(
    "learns an absent call (%s) once: later uses do not ask, one log line",
    async (status) => {
      const { extensions, lines } = registry();
      server.use(answering(status));
      const requests = recordRequests();
      for (let i = 0; i < 3; i++) {
        await expect(extensions.use("salesTotals", readTotals)).resolves.toEqual({
          present: false,
        });
      }
      expect(requests).toHaveLength(1);
      expect(extensions.known("salesTotals")).toBe("absent");
      expect(lines).toEqual([
        "upstream has no GET /api/adv/sales_totals/{month}: 売上一覧 totals computed from rows",
      ]);
    },
  );

  it("two requests learning the same absence at once log one line", async () => {
    const { extensions, lines } = registry();
    server.use(answering(404));
    await Promise.all([
      extensions.use("salesTotals", readTotals),
      extensions.use("salesTotals", readTotals),
    ]);
    expect(lines).toHaveLength(1);
  });

  it.each([401, 403, 500, 503])(
    "a %s says nothing: thrown as it came, not remembered, asked again",
    async (status) => {
      const { extensions, lines } = registry();
      server.use(answering(status));
      const requests = recordRequests();
      for (let i = 0; i < 2; i++) {
        const thrown = await extensions.use("salesTotals", readTotals).catch((e: unknown) => e);
        expect(thrown).toBeInstanceOf(UpstreamError);
      }
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect(extensions.known("salesTotals")).toBe("unknown");
      expect(lines).toEqual([]);
    },
  );

  it("an unreachable upstream is not remembered either", async () => {
    const { extensions } = registry();
    server.use(http.get(api(TOTALS), () => HttpResponse.error()));
    await expect(extensions.use("salesTotals", readTotals)).rejects.toThrow();
    expect(extensions.known("salesTotals")).toBe("unknown");
  });

  it("asks again after the TTL: an extension installed meanwhile is then used", async () => {
    const { extensions, clock, lines } = registry();
    server.use(answering(404));
    await extensions.use("salesTotals", readTotals);
    clock.ms += EXTENSION_TTL_MS - 1;
    server.use(answering(200));
    const requests = recordRequests();
    await expect(extensions.use("salesTotals", readTotals)).resolves.toEqual({ present: false });
    expect(requests).toHaveLength(0);
    clock.ms += 1;
    await expect(extensions.use("salesTotals", readTotals)).resolves.toEqual({
      present: true,
      value: totals,
    });
    expect(requests).toHaveLength(1);
    expect(lines).toHaveLength(1);
  });

  it("still absent after the TTL: one more line for the operator, one per TTL", async () => {
    const { extensions, clock, lines } = registry();
    server.use(answering(404));
    await extensions.use("salesTotals", readTotals);
    clock.ms += EXTENSION_TTL_MS / 2;
    await extensions.use("salesTotals", readTotals);
    clock.ms += EXTENSION_TTL_MS / 2;
    await extensions.use("salesTotals", readTotals);
    expect(lines).toHaveLength(2);
  });
});

describe("probing (the dashboard's links, npm run check-upstream)", () => {
  const sample = { month: "2026-11", administratorId: 1 };

  it("finds each extension present or absent by one cheap call, then asks no more", async () => {
    const { extensions } = registry();
    server.use(
      http.get(api("/api/adv/audit_logs"), () => item({ "hydra:member": [] })),
      http.get(api("/api/adv/mail_outbox"), () => hydraError(404, "Not Found")),
    );
    const requests = recordRequests();
    expect(await extensions.probe("auditLogs", client(), sample)).toBe("present");
    expect(await extensions.probe("mailOutbox", client(), sample)).toBe("absent");
    expect(await extensions.probe("auditLogs", client(), sample)).toBe("present");
    expect(await extensions.probe("mailOutbox", client(), sample)).toBe("absent");
    expect(requests.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      "/api/adv/audit_logs?itemsPerPage=1",
      "/api/adv/mail_outbox?itemsPerPage=1",
    ]);
  });

  it("a probe refused for what it sent (400) finds the call there; a 403 finds nothing", async () => {
    const { extensions } = registry();
    server.use(
      http.post(api("/api/token/invalidate"), () => hydraError(400, "No refresh_token found.")),
      http.get(api("/api/adv/audit_logs"), () => hydraError(403, "Access Denied.")),
    );
    expect(await extensions.probe("tokenInvalidate", client(), sample)).toBe("present");
    expect(await extensions.probe("auditLogs", client(), sample)).toBe("unknown");
    expect(extensions.known("auditLogs")).toBe("unknown");
  });

  it("a probe that needs what the sample lacks is not made", async () => {
    const { extensions } = registry();
    const requests = recordRequests();
    expect(await extensions.probe("bankTransferDetails", client(), sample)).toBe("unknown");
    expect(requests).toEqual([]);
  });

  it("probeAll lists every known extension with its call and verdict", async () => {
    const { extensions } = registry();
    server.use(
      http.get(api(TOTALS), () => item(totals)),
      http.get(api("/api/adv/payment_refunds"), () => hydraError(404, "Not Found")),
      http.get(api("/api/adv/audit_logs"), () => hydraError(404, "Not Found")),
      http.get(api("/api/adv/mail_outbox"), () => hydraError(404, "Not Found")),
      http.get(api("/api/adv/administrators/1"), () => item({ "@id": "/x", id: 1 })),
      http.post(api("/api/token/invalidate"), () => hydraError(405, "Method Not Allowed")),
      http.post(api("/api/adv/password_resets"), () =>
        constraintViolationList([{ propertyPath: "email", message: "入力してください。" }]),
      ),
    );
    const verdicts = await extensions.probeAll(client(), sample);
    expect(verdicts.map((v) => v.name)).toEqual(Object.keys(EXTENSIONS));
    expect(Object.fromEntries(verdicts.map((v) => [v.call, v.presence]))).toEqual({
      "GET /api/adv/sales_totals/{month}": "present",
      "GET {order}/payment/bank_transfer": "unknown",
      "GET /api/adv/payment_refunds": "absent",
      "GET /api/adv/audit_logs": "absent",
      "GET /api/adv/mail_outbox": "absent",
      "GET /api/adv/administrators/{id}": "present",
      "POST /api/token/invalidate": "absent",
      "POST /api/adv/password_resets": "present",
    });
  });
});
