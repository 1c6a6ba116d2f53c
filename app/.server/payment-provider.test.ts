import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { pagePaymentProvider, paymentProviderOrigin } from "./payment-provider";

const base = {
  NODE_ENV: "test" as const,
  DATA_DIR: "/tmp/pay-portal-env-test",
  SESSION_SECRET: "s".repeat(32),
};

describe("pagePaymentProvider", () => {
  it("is POP with its default script when the client key is set", () => {
    const env = parseEnv({ ...base, POP_CLIENT_KEY: "client-key-1" });
    expect(pagePaymentProvider(env)).toEqual({
      kind: "pop",
      scriptUrl: "https://pay.veritrans.co.jp/pop/v1/javascripts/pop.js",
      clientKey: "client-key-1",
    });
    expect(paymentProviderOrigin(env)).toBe("https://pay.veritrans.co.jp");
  });

  it("takes POP_JS_URL when given", () => {
    const env = parseEnv({
      ...base,
      POP_CLIENT_KEY: "k",
      POP_JS_URL: "https://pop.test.example/pop.js",
      ADV_API_URL: "https://api.example.com",
    });
    expect(pagePaymentProvider(env)).toMatchObject({
      kind: "pop",
      scriptUrl: "https://pop.test.example/pop.js",
    });
    expect(paymentProviderOrigin(env)).toBe("https://pop.test.example");
  });

  it("is the sandbox with the embedded API in demo mode, and adds no origin", () => {
    const env = parseEnv({ ...base, POP_CLIENT_KEY: "" });
    expect(pagePaymentProvider(env)).toEqual({ kind: "sandbox", scriptUrl: "/sandbox-pay/pop.js" });
    expect(paymentProviderOrigin(env)).toBeNull();
  });

  it("offers no test-card sandbox outside demo mode unless PAYMENT_SANDBOX=on (issue 28)", () => {
    const production = { ...base, NODE_ENV: "production" as const };
    expect(pagePaymentProvider(parseEnv({ ...production, DEMO: "false" }))).toEqual({
      kind: "none",
    });
    expect(
      pagePaymentProvider(parseEnv({ ...production, DATABASE_URL: "postgres://db/ads" })),
    ).toEqual({ kind: "none" });
    expect(
      pagePaymentProvider(
        parseEnv({ ...production, DATABASE_URL: "postgres://db/ads", PAYMENT_SANDBOX: "on" }),
      ),
    ).toEqual({ kind: "sandbox", scriptUrl: "/sandbox-pay/pop.js" });
    expect(pagePaymentProvider(parseEnv({ ...base, PAYMENT_SANDBOX: "off" }))).toEqual({
      kind: "none",
    });
  });

  it("is none with an external API and no POP key", () => {
    const env = parseEnv({ ...base, ADV_API_URL: "https://api.example.com" });
    expect(pagePaymentProvider(env)).toEqual({ kind: "none" });
    expect(paymentProviderOrigin(env)).toBeNull();
  });
});
