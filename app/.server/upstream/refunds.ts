// GET /api/adv/payment_refunds (issue 28 #5): payments the provider took that must go back (要返金),
// by order (the editors' ad detail) or by month (the sales list). An extension of SPEC §7: an
// upstream without it answers 404, and the screens then show no such list (one log line).
import { z } from "zod";
import { formatDateTime } from "~/domain/dates";
import { formatYen } from "~/domain/money";
import { REFUND_REASON_LABELS, type RefundView } from "~/domain/payment";
import type { UpstreamClient } from "./client";
import { UpstreamError } from "./errors";
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

let absenceLogged = false;

/** The refunds needed, oldest first; null when the upstream has no such list. */
export async function listRefunds(
  api: UpstreamClient,
  query: { publishmentOrder: string } | { month: string },
): Promise<RefundView[] | null> {
  try {
    // Every one of them: a month of more than one page of refunds is read to its end.
    const refunds = await getAllMembers(api, "/api/adv/payment_refunds", refundSchema, {
      ...query,
      itemsPerPage: 100,
    });
    return refunds.map((refund) => ({
      id: refund.id,
      advertisementId: postId(refund.advertisement),
      amount: formatYen(refund.amount),
      reason: REFUND_REASON_LABELS[refund.reason] ?? refund.reason,
      paidAt: formatDateTime(refund.paidAt),
      recordedAt: formatDateTime(refund.recordedAt),
      providerOrderId: refund.providerOrderId ?? "",
    }));
  } catch (error) {
    if (!(error instanceof UpstreamError) || (error.status !== 404 && error.status !== 405)) {
      throw error;
    }
    if (!absenceLogged) {
      absenceLogged = true;
      console.warn("upstream: no GET /api/adv/payment_refunds; 要返金 lists are not shown.");
    }
    return null;
  }
}
