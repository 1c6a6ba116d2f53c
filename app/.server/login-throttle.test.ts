import { describe, expect, it } from "vitest";
import { LoginThrottle } from "./login-throttle";

function throttle() {
  let now = 1_000_000;
  const t = new LoginThrottle({ perAccount: 3, perAddress: 5, windowSeconds: 60 }, () => now);
  return { t, advance: (ms: number) => (now += ms) };
}

describe("LoginThrottle", () => {
  it("locks an account on one address after its failures, until the window ends", () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfter("Shop@Example.com", "1.1.1.1")).toBeUndefined();
      t.failed("shop@example.com ", "1.1.1.1");
    }
    expect(t.retryAfter("shop@example.com", "1.1.1.1")).toBe(60);
    advance(45_000);
    expect(t.retryAfter("SHOP@example.com", "1.1.1.1")).toBe(15);
    // Another address for the same account, another account on this address: not locked.
    expect(t.retryAfter("shop@example.com", "2.2.2.2")).toBeUndefined();
    expect(t.retryAfter("other@example.com", "1.1.1.1")).toBeUndefined();
    advance(15_000);
    expect(t.retryAfter("shop@example.com", "1.1.1.1")).toBeUndefined();
  });

  it("locks an address guessing across accounts at the wider limit", () => {
    const { t } = throttle();
    for (let i = 0; i < 5; i++) t.failed(`user${i}@example.com`, "1.1.1.1");
    expect(t.retryAfter("new@example.com", "1.1.1.1")).toBeGreaterThan(0);
  });

  it("a success clears the account's failures; successes never count", () => {
    const { t } = throttle();
    t.failed("shop@example.com", "1.1.1.1");
    t.failed("shop@example.com", "1.1.1.1");
    t.succeeded("shop@example.com", "1.1.1.1");
    t.failed("shop@example.com", "1.1.1.1");
    t.failed("shop@example.com", "1.1.1.1");
    expect(t.retryAfter("shop@example.com", "1.1.1.1")).toBeUndefined();
  });
});
