// The payment choice screen's server side (issue 11, ADR 0009): starting a card or store payment
// (a payment key from the API), the provider's return (?payment=…) and the texts both sides show.
import {
  UpstreamError,
  UpstreamUnreadableError,
  UpstreamViolationError,
} from "~/.server/upstream/errors";
import { issuePaymentKey, type TransferInstructions } from "~/.server/upstream/orders";
import type { UpstreamClient } from "~/.server/upstream/client";
import { getClient } from "~/.server/upstream/resources";
import type { Identity } from "~/.server/identity";
import { log as portalLog } from "~/.server/logger";
import { violationErrors } from "~/.server/forms";
import {
  cardPaymentStartDisabled,
  isCardHolderEmail,
  normalizeCardHolderPhone,
} from "~/domain/payment";
import { PAYMENT_TEXTS, type PaymentIntent, type PaymentReply } from "./texts";

export const CARD_FIELDS = ["cardHolderEmail", "cardHolderHomePhoneNumber"] as const;

export type PaymentStart =
  | { ok: true; paymentKey: string; paymentPageUrl: string | null }
  | { ok: false; reply: PaymentReply };

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * Asks the API for a payment key. The card holder rule (SPEC §5) is checked here too: without JS
 * the button is always enabled. 422 → beside the fields; any other failure → the SPEC §8 text.
 * 403/404 (a foreign order), the session's own failures and an answer without a readable key are
 * rethrown for the error page.
 */
export async function startPayment(
  api: UpstreamClient,
  args: { orderId: number; intent: PaymentIntent; formData: FormData; returnUrl: string },
  log: (line: string) => void = portalLog.error,
): Promise<PaymentStart> {
  const card = args.intent === "card";
  const values = {
    cardHolderEmail: card ? text(args.formData, "cardHolderEmail") : "",
    cardHolderHomePhoneNumber: card ? text(args.formData, "cardHolderHomePhoneNumber") : "",
  };
  const fail = (fieldErrors: Record<string, string[]>, formErrors: string[]): PaymentStart => ({
    ok: false,
    reply: { intent: args.intent, fieldErrors, formErrors, values },
  });
  if (card && cardPaymentStartDisabled(values.cardHolderEmail, values.cardHolderHomePhoneNumber)) {
    return fail({ cardHolderEmail: [PAYMENT_TEXTS.cardHolderRequired] }, []);
  }
  try {
    const key = await issuePaymentKey(api, args.orderId, {
      card,
      cardHolderEmail: values.cardHolderEmail || undefined,
      cardHolderHomePhoneNumber: values.cardHolderHomePhoneNumber
        ? normalizeCardHolderPhone(values.cardHolderHomePhoneNumber)
        : undefined,
      returnUrl: args.returnUrl,
    });
    return { ok: true, paymentKey: key.paymentKey, paymentPageUrl: key.paymentPageUrl };
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      const { fieldErrors, formErrors } = violationErrors(error.violations, CARD_FIELDS);
      return fail(fieldErrors, formErrors);
    }
    if (error instanceof UpstreamError && [401, 403, 404].includes(error.status)) throw error;
    // An answer without a readable key: logged where it was read, a 502 page (rethrowAsHttpError).
    if (error instanceof UpstreamUnreadableError) throw error;
    log(
      `payment key for order ${args.orderId} failed: ${error instanceof UpstreamError ? `${error.status} ${error.path}` : error instanceof Error ? error.name : "unknown"}`,
    );
    return fail({}, [PAYMENT_TEXTS.failure]);
  }
}

/** The provider's page sent a browser without JS back here (ADR 0009). */
export type PaymentReturn = "success" | "pending" | "failure" | null;

export function paymentReturn(searchParams: URLSearchParams): PaymentReturn {
  const value = searchParams.get("payment");
  if (value === "success" || value === "pending") return value;
  if (value === "failure" || value === "incomplete") return "failure";
  return null;
}

/**
 * The flash the ad detail shows after the provider said success: read from the order, not from
 * the query (anyone can type ?payment=success), so it never claims a payment the API has not seen.
 */
export function returnFlash(
  order: { paymentStatus: string; paymentSlip?: unknown } | null | undefined,
): string {
  if (order?.paymentStatus === "paid") return PAYMENT_TEXTS.paidFlash;
  if (order?.paymentStatus === "waiting" && order.paymentSlip) return PAYMENT_TEXTS.slipIssuedFlash;
  return PAYMENT_TEXTS.confirmingFlash;
}

/** No JS and a provider without a page of its own (POP): only its pop-up can take the payment. */
export function needsJavaScriptReply(intent: PaymentIntent, formData: FormData): PaymentReply {
  return {
    intent,
    fieldErrors: {},
    formErrors: [PAYMENT_TEXTS.needsJavaScript],
    values: {
      cardHolderEmail: intent === "card" ? text(formData, "cardHolderEmail") : "",
      cardHolderHomePhoneNumber:
        intent === "card" ? text(formData, "cardHolderHomePhoneNumber") : "",
    },
  };
}

/**
 * After 銀行振込 was chosen: the detail shows the account when the API told it (our reference API
 * answers it with the choice); an upstream that does not (SPEC §7) sends it with the invoice.
 */
export function bankTransferFlash(instructions: TransferInstructions | null): string {
  return instructions ? PAYMENT_TEXTS.bankTransferFlash : PAYMENT_TEXTS.bankTransferByInvoiceFlash;
}

/**
 * The card holder fields filled from the account (issue 30 #15): the login e-mail (SPEC §3 user
 * login username) and the client's tel without hyphens (SPEC §3 client tel). The client is read
 * once per request (the header reads it too); an upstream that fails it leaves the phone empty.
 */
export async function cardHolderDefaults(
  api: UpstreamClient,
  identity: Pick<Identity, "username" | "advertiserId">,
): Promise<{ email: string; phone: string }> {
  const email = isCardHolderEmail(identity.username) ? identity.username : "";
  if (identity.advertiserId === undefined) return { email, phone: "" };
  try {
    const client = await getClient(api, identity.advertiserId);
    return { email, phone: normalizeCardHolderPhone(client.tel ?? "") };
  } catch (error) {
    if (error instanceof UpstreamError) return { email, phone: "" };
    throw error;
  }
}
