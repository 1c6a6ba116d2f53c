// The one place the payment provider is chosen (ADR 0009): VeriTrans4G POP when its keys are set,
// else the test-card sandbox where it is allowed (demo mode or PAYMENT_SANDBOX=on), else none.
import type { ApiConfig } from "../config";
import type { Database } from "../db/client";
import type { PaymentProvider } from "./payment";
import { PopProvider } from "./payment-pop";
import { SandboxProvider } from "./payment-sandbox";

/** The sandbox delivers its pushes in-process, so the host part of this URL is never resolved. */
export const SANDBOX_PUSH_URL = "http://localhost/api/adv/payment_push";

export function createPaymentProvider(
  config: ApiConfig,
  db: Database,
  clock: () => Date,
): PaymentProvider | null {
  const { pop, sandbox, sandboxPushSecret } = config.payment;
  if (pop) return new PopProvider({ serverKey: pop.serverKey, apiUrl: pop.apiUrl });
  if (sandbox) return new SandboxProvider({ db, clock, pushSecret: sandboxPushSecret });
  return null;
}

/** Where the provider is told to push results (PaymentKeyRequest.pushUrl). */
export const paymentPushUrl = (config: ApiConfig) =>
  config.payment.pop?.pushUrl ?? SANDBOX_PUSH_URL;
