// The one place the payment provider is chosen (ADR 0009): VeriTrans4G POP when its keys are set,
// else the sandbox.
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
): PaymentProvider {
  const { pop, sandboxPushSecret } = config.payment;
  if (pop) return new PopProvider({ serverKey: pop.serverKey, apiUrl: pop.apiUrl });
  return new SandboxProvider({ db, clock, pushSecret: sandboxPushSecret });
}

/** Where the provider is told to push results (PaymentKeyRequest.pushUrl). */
export const paymentPushUrl = (config: ApiConfig) =>
  config.payment.pop?.pushUrl ?? SANDBOX_PUSH_URL;
