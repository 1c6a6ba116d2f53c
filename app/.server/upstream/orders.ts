// Publishment application calls (SPEC §7 Orders): validate and create an order (payment type none).
import { z } from "zod";
import { actedAnswerBody, type UpstreamClient } from "./client";

export type NewOrder = {
  advertisement: string;
  region: string;
  locality: string;
  course: string;
  publishesAt: string;
  paymentType: "none";
};

export const validateOrder = (api: UpstreamClient, order: NewOrder) =>
  api.send("POST", "/api/adv/publishment_orders/validate", order, z.unknown());

export const createOrder = (api: UpstreamClient, order: NewOrder) =>
  api.send(
    "POST",
    "/api/adv/publishment_orders",
    order,
    z.object({ "@id": z.string() }).passthrough(),
  );

// The review calls of an administrator (SPEC §7 Orders): approve, remand and move the start date.
// Each answers the order as GET publishment_orders/{id} does; violations arrive as
// UpstreamViolationError (publishesAt, note, publishmentStatus).
const reviewedOrder = z
  .object({ "@id": z.string(), id: z.number(), publishmentStatus: z.string() })
  .passthrough();

export const confirmOrder = (
  api: UpstreamClient,
  orderIri: string,
  body: { publishesAt: string; note?: string },
) => api.send("PATCH", `${orderIri}/confirm`, body, reviewedOrder);

export const remandOrder = (api: UpstreamClient, orderIri: string, body: { note: string }) =>
  api.send("PATCH", `${orderIri}/remand`, body, reviewedOrder);

export const changePublishesAt = (
  api: UpstreamClient,
  orderIri: string,
  body: { publishesAt: string; note?: string },
) => api.send("PATCH", `${orderIri}/publishes_at`, body, reviewedOrder);

// Payments (SPEC §7): the advertiser's bank transfer choice, the editors' mark paid / unpaid.
export const transferInstructionsSchema = z.object({
  bankName: z.string(),
  branchName: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  amount: z.number(),
  dueDate: z.string(),
});
export type TransferInstructions = z.infer<typeof transferInstructionsSchema>;

/**
 * §7 does not show this call's answer: a 204, the order, or (our reference API) the order with
 * its `bankTransfer` instructions. The upstream has acted whatever it answers, so an answer
 * without readable instructions is no failure: the instructions, else null.
 */
const bankTransferChosen = z
  .object({ bankTransfer: transferInstructionsSchema.nullish().catch(null) })
  .passthrough()
  .nullish()
  .catch(null)
  .transform((order) => order?.bankTransfer ?? null);

export async function chooseBankTransfer(
  api: UpstreamClient,
  orderIri: string,
): Promise<TransferInstructions | null> {
  const response = await api.request("POST", `${orderIri}/payment/bank_transfer`, { json: {} });
  return bankTransferChosen.parse(await actedAnswerBody(response));
}

export type PaymentChange =
  | {
      isPaid: true;
      paidAt: string;
      paymentType: "direct" | "other";
      paymentMethod?: string;
      paymentNote?: string;
    }
  | { isPaid: false };

export const changePayment = (api: UpstreamClient, orderIri: string, body: PaymentChange) =>
  api.send("PATCH", `${orderIri}/payment`, body, reviewedOrder);

/**
 * The transfer instructions while an order waits for a bank transfer; null in any other state.
 * Our reference API's extension, not §7: an upstream without it answers 404 or 405, thrown for
 * the extension registry (./extensions.ts) to learn.
 */
export async function getBankTransfer(
  api: UpstreamClient,
  orderIri: string,
): Promise<TransferInstructions | null> {
  const answer = await api.get(
    `${orderIri}/payment/bank_transfer`,
    z.object({ instructions: transferInstructionsSchema.nullable() }),
  );
  return answer.instructions;
}

// Card and store payment (ADR 0009): a payment key for the provider's pop-up (or its page).
export type PaymentKeyOptions = {
  card: boolean;
  cardHolderEmail?: string;
  cardHolderHomePhoneNumber?: string;
  /** Where the provider's page sends a browser without JavaScript back to (?payment=…). */
  returnUrl: string;
};

/**
 * §7 promises only the key. The rest are our reference API's extras (ADR 0009): without a payment
 * page (or with one the portal cannot read) a browser without JS is asked for JavaScript.
 */
export const paymentKeySchema = z.object({
  paymentKey: z.string().min(1),
  provider: z.enum(["sandbox", "pop"]).optional().catch(undefined),
  expiresAt: z.string().optional().catch(undefined),
  paymentPageUrl: z
    .string()
    .nullish()
    .catch(null)
    .transform((url) => url ?? null),
});
export type PaymentKey = z.infer<typeof paymentKeySchema>;

/** POST /api/adv/issue_payment_key/{orderId}; violations (cardHolderEmail, …) as UpstreamViolationError. */
export async function issuePaymentKey(
  api: UpstreamClient,
  orderId: number,
  options: PaymentKeyOptions,
): Promise<PaymentKey> {
  const body: Record<string, unknown> = { returnUrl: options.returnUrl };
  if (options.card) {
    body.card = 1;
    if (options.cardHolderEmail) body.cardHolderEmail = options.cardHolderEmail;
    if (options.cardHolderHomePhoneNumber)
      body.cardHolderHomePhoneNumber = options.cardHolderHomePhoneNumber;
  }
  const answer = await api.send(
    "POST",
    `/api/adv/issue_payment_key/${orderId}`,
    body,
    paymentKeySchema.passthrough(),
  );
  return {
    paymentKey: answer.paymentKey,
    provider: answer.provider,
    expiresAt: answer.expiresAt,
    paymentPageUrl: answer.paymentPageUrl,
  };
}
