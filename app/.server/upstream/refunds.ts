// GET /api/adv/payment_refunds (issue 28 #5): payments the provider took that must go back (要返金),
// by order (the editors' ad detail) or by month (the sales list). An extension of SPEC §7
// (./extensions.ts): an upstream without it answers 404, and the screens then show no such list.
import { z } from "zod";
import { formatDateTime } from "../../../shared/tokyo-calendar";
import { formatYen } from "~/domain/money";
import { REFUND_REASON_LABELS, type RefundView } from "~/domain/payment";
import type { UpstreamClient } from "./client";
import { upstreamExtensions } from "./extensions";
import { getAllMembers } from "./hydra";

const refundSchema = z.object({
  id: z.number(),
  advertisement: z.string().nullish(),
  reason: z.string(),
  amount: z.number(),
  providerOrderId: z.string().nullish(),
  paidAt: z.string(),
  recordedAt: z.string(),
});

const postId = (iri: string | null | undefined) => {
  const match = /\/posts\/(\d+)$/.exec(iri ?? "");
  return match ? Number(match[1]) : null;
};

/** The refunds needed, oldest first; null when the upstream has no such list. */
export async function listRefunds(
  api: UpstreamClient,
  query: { publishmentOrder: string } | { month: string },
): Promise<RefundView[] | null> {
  // Every one of them: a month of more than one page of refunds is read to its end.
  const read = await upstreamExtensions.use("paymentRefunds", () =>
    getAllMembers(api, "/api/adv/payment_refunds", refundSchema, { ...query, itemsPerPage: 100 }),
  );
  if (!read.present) return null;
  return read.value.map((refund) => ({
    id: refund.id,
    advertisementId: postId(refund.advertisement),
    amount: formatYen(refund.amount),
    reason: REFUND_REASON_LABELS[refund.reason] ?? refund.reason,
    paidAt: formatDateTime(refund.paidAt),
    recordedAt: formatDateTime(refund.recordedAt),
    providerOrderId: refund.providerOrderId ?? "",
  }));
}
