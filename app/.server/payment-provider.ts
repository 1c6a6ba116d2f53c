// Which card / store payment provider the payment choice page talks to (ADR 0009): VeriTrans4G POP
// when its client key is set, else the embedded API's test-card sandbox where it is allowed (demo
// mode or PAYMENT_SANDBOX=on), else none (bank transfer only).
import type { PagePaymentProvider } from "~/domain/payment";
import type { Env } from "./env";

export const SANDBOX_POP_JS = "/sandbox-pay/pop.js";

export function pagePaymentProvider(
  settings: Pick<Env, "POP_CLIENT_KEY" | "POP_JS_URL" | "paymentSandbox">,
): PagePaymentProvider {
  if (settings.POP_CLIENT_KEY) {
    return { kind: "pop", scriptUrl: settings.POP_JS_URL, clientKey: settings.POP_CLIENT_KEY };
  }
  if (settings.paymentSandbox) return { kind: "sandbox", scriptUrl: SANDBOX_POP_JS };
  return { kind: "none" };
}

/** The origin the CSP must allow on the payment choice page: POP's; none for the same-origin sandbox. */
export function paymentProviderOrigin(
  settings: Pick<Env, "POP_CLIENT_KEY" | "POP_JS_URL">,
): string | null {
  return settings.POP_CLIENT_KEY ? new URL(settings.POP_JS_URL).origin : null;
}
