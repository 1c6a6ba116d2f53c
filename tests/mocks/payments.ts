// POST /api/adv/issue_payment_key/{orderId} (ADR 0009): a payment key for card or store payment,
// with the API's card holder rule (a valid e-mail or a 10–11 digit phone) as 422 violations.
import { http, HttpResponse } from "msw";
import {
  api,
  authenticate,
  constraintViolationList,
  hydraError,
  item,
  problemViolations,
  type WireViolation,
} from "./upstream";

export type PaymentKeyMockOptions = {
  /** JSON-LD with @context/@type (default) or a plain JSON answer. */
  style?: "jsonld" | "plain";
  violations?: "jsonld" | "problem";
  provider?: "sandbox" | "pop";
  /** Orders that exist (others 404). */
  orders?: number[];
  /** Orders already paid (422 on paymentStatus). */
  paid?: number[];
  /** Answer this status instead (an outage). */
  failWith?: number;
  /** "spec": only the payment key, as SPEC §7 promises (the PHP server); "full": our extras. */
  shape?: "full" | "spec";
};

export type PaymentKeyBody = {
  card?: number | boolean;
  cardHolderEmail?: string;
  cardHolderHomePhoneNumber?: string;
  returnUrl?: string;
};

/** The bodies the mock received, in order. */
export const paymentKeyRequests: PaymentKeyBody[] = [];

export function paymentKeyHandlers({
  style = "jsonld",
  violations = "jsonld",
  provider = "sandbox",
  orders = [12],
  paid = [],
  failWith,
  shape = "full",
}: PaymentKeyMockOptions = {}) {
  const violationResponse = violations === "jsonld" ? constraintViolationList : problemViolations;
  return [
    http.post(api("/api/adv/issue_payment_key/:orderId"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      if (failWith) return hydraError(failWith, "Service Unavailable");
      const orderId = Number(params.orderId);
      if (!orders.includes(orderId)) return hydraError(404, "Not Found");
      const body = (await request.json()) as PaymentKeyBody;
      paymentKeyRequests.push(body);
      const found: WireViolation[] = [];
      if (paid.includes(orderId)) {
        found.push({ propertyPath: "paymentStatus", message: "この申込はお支払い済みです。" });
      }
      if (body.card) {
        const email = body.cardHolderEmail ?? "";
        const phone = (body.cardHolderHomePhoneNumber ?? "").replace(/\D/g, "");
        if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
          found.push({
            propertyPath: "cardHolderEmail",
            message: "メールアドレスの形式が正しくありません。",
          });
        }
        if (phone && (phone.length < 10 || phone.length > 11)) {
          found.push({
            propertyPath: "cardHolderHomePhoneNumber",
            message: "電話番号は10〜11桁で入力してください。",
          });
        }
        if (!email && !phone) {
          found.push({
            propertyPath: "cardHolderEmail",
            message: "メールアドレスまたは電話番号を入力してください。",
          });
        }
      }
      if (found.length) return violationResponse(found);
      const paymentKey = `key-${orderId}-${paymentKeyRequests.length}`;
      const answer =
        shape === "spec"
          ? { paymentKey }
          : {
              paymentKey,
              provider,
              expiresAt: "2026-12-01T12:00:00+09:00",
              paymentPageUrl: provider === "sandbox" ? `/sandbox-pay/pay/${paymentKey}` : null,
              publishmentOrder: `/api/adv/publishment_orders/${orderId}`,
            };
      return style === "jsonld"
        ? item(
            {
              "@context": "/api/contexts/PaymentKey",
              "@id": `/api/adv/payment_keys/${paymentKey}`,
              "@type": "PaymentKey",
              ...answer,
            },
            201,
          )
        : HttpResponse.json(answer, { status: 201 });
    }),
  ];
}

/** Our reference API's account for a bank transfer (with the choice, and from its own GET). */
export const transferInstructions = {
  bankName: "みずほ銀行",
  branchName: "新宿支店",
  accountType: "普通",
  accountNumber: "1234567",
  accountHolder: "カ）オミセニュース",
  amount: 33000,
  dueDate: "2026-12-08",
};

export type BankTransferMockOptions = {
  /**
   * The choice's answer: "full" the order with `bankTransfer` (our reference API), "order" the
   * order alone, "none" a 204 (SPEC §7 does not show it: the smallest API Platform answers).
   */
  choice?: "full" | "order" | "none";
  /** GET {order}/payment/bank_transfer (an extension): answered, or 404 / 405 where it is absent. */
  instructionsCall?: "present" | 404 | 405;
};

/** The order IRIs the bank-transfer choice was posted for, in order. */
export const bankTransferChoices: string[] = [];

export function bankTransferHandlers({
  choice = "full",
  instructionsCall = "present",
}: BankTransferMockOptions = {}) {
  const orderOf = (id: string) => ({
    "@context": "/api/contexts/PublishmentOrder",
    "@id": `/api/adv/publishment_orders/${id}`,
    "@type": "PublishmentOrder",
    id: Number(id),
    publishmentStatus: "new",
    paymentStatus: "waiting",
    paymentMethod: "bank_transfer",
  });
  return [
    http.post(
      api("/api/adv/publishment_orders/:id/payment/bank_transfer"),
      async ({ request, params }) => {
        const user = await authenticate(request);
        if (user instanceof Response) return user;
        bankTransferChoices.push(`/api/adv/publishment_orders/${String(params.id)}`);
        if (choice === "none") return new HttpResponse(null, { status: 204 });
        const order = orderOf(String(params.id));
        return item(choice === "full" ? { ...order, bankTransfer: transferInstructions } : order);
      },
    ),
    http.get(api("/api/adv/publishment_orders/:id/payment/bank_transfer"), async ({ request }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      if (instructionsCall === 404) return hydraError(404, "Not Found");
      if (instructionsCall === 405) return hydraError(405, "Method Not Allowed");
      return item({ instructions: transferInstructions });
    }),
  ];
}
