// @vitest-environment node
// Reading the sandbox's pushes (ADR 0009) without a database: the signature outcomes, the status
// mapping and the provider's two time formats.
import { describe, expect, test } from "vitest";
import type { Database } from "../db/client";
import { PushRefused } from "./payment";
import { parseProviderTime } from "./payment-push-common";
import { SandboxProvider } from "./payment-sandbox";
import { signSandboxPush } from "./sandbox-push-signature";

const SECRET = "sandbox-secret-for-tests";
const NOW = new Date("2025-06-15T03:00:00Z");
const sandbox = new SandboxProvider({
  db: {} as Database,
  clock: () => NOW,
  pushSecret: SECRET,
});

const push = {
  merchant_id: "sandbox",
  order_id: "ADV000012-3f9a1c2e",
  status: "success",
  result_code: "A001000000000000",
  m_status: "success",
  payment_type: "card",
  gross_amount: 13579,
  transaction_datetime: "2025-06-15T11:30:00+09:00",
  push_id: "p1",
};

function read(fields: Record<string, unknown>, signedAt = NOW) {
  const raw = JSON.stringify(fields);
  const headers = new Headers({ "X-Sandbox-Signature": signSandboxPush(SECRET, raw, signedAt) });
  return sandbox.readPush(raw, headers, NOW);
}

function refusal(run: () => unknown): number | null {
  try {
    run();
  } catch (error) {
    if (error instanceof PushRefused) return error.status;
    throw error;
  }
  return null;
}

describe("SandboxProvider.readPush", () => {
  test("m_status success → paid, pending → pending, failure → failed; status failure wins", () => {
    expect(read(push).kind).toBe("paid");
    expect(read({ ...push, m_status: "pending", payment_type: "cvs" }).kind).toBe("pending");
    expect(read({ ...push, m_status: "failure" }).kind).toBe("failed");
    expect(read({ ...push, status: "failure" }).kind).toBe("failed");
    expect(read(push).occurredAt).toEqual(new Date("2025-06-15T02:30:00Z"));
  });

  test("invalid signature 401, stale 400, unreadable 400", () => {
    const raw = JSON.stringify(push);
    expect(refusal(() => sandbox.readPush(raw, new Headers(), NOW))).toBe(401);
    expect(
      refusal(() =>
        sandbox.readPush(
          raw,
          new Headers({ "X-Sandbox-Signature": signSandboxPush("another-secret", raw, NOW) }),
          NOW,
        ),
      ),
    ).toBe(401);
    expect(refusal(() => read(push, new Date(NOW.getTime() - 301_000)))).toBe(400);
    expect(refusal(() => read({ ...push, payment_type: "paypay" }))).toBe(400);
    expect(refusal(() => read({ ...push, transaction_datetime: "2025-06-15" }))).toBe(400);
    const { order_id: _omitted, ...noOrder } = push;
    expect(refusal(() => read(noOrder))).toBe(400);
  });
});

describe("parseProviderTime", () => {
  test("ISO 8601 with an offset, or POP's YYYYMMDDhhmmss in Tokyo; nothing else", () => {
    expect(parseProviderTime("2025-06-15T11:30:00+09:00")).toEqual(
      new Date("2025-06-15T02:30:00Z"),
    );
    expect(parseProviderTime("2025-06-15T02:30:00Z")).toEqual(new Date("2025-06-15T02:30:00Z"));
    expect(parseProviderTime("20250615113000")).toEqual(new Date("2025-06-15T02:30:00Z"));
    expect(parseProviderTime("2025-06-15")).toBeNull();
    expect(parseProviderTime("2025-06-15T11:30:00")).toBeNull();
    expect(parseProviderTime("20251315113000")).toBeNull();
  });
});
