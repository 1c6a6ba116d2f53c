// The ad detail data: status, content and previews (shared with the administrator's detail), and
// for the advertiser's detail the proof URL and this ad's messages.
import { documentButtons } from "./order-documents";
import { randomInt } from "node:crypto";
import {
  adminDistributionStatus,
  adminDistributionStatusLabels,
  areaLabel,
  distributionStatus,
  distributionStatusLabels,
  manuscriptStatusLabel,
  paymentStatusLabel,
} from "~/domain/advertisement";
import { formatDate } from "~/domain/dates";
import { adFrameData, adPageData, sitePreview } from "./ad-page";
import { env } from "./env";
import type { PreviewVisitor } from "./preview-visitor";
import { loadMessagePage } from "./messages";
import { describePublication } from "./publication-actions";
import { getBankTransfer, type TransferInstructions } from "./upstream/orders";
import { cardPaymentUnfinished, paymentChoiceOffered } from "~/domain/payment";
import type { UpstreamClient } from "./upstream/client";
import { getFullPost, type Post } from "./upstream/resources";

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const PREVIEW_TOKEN_LENGTH = 64;

/** A fresh proof-URL token: 64 random letters and digits (SPEC §9). */
export function newPreviewToken(): string {
  let token = "";
  for (let i = 0; i < PREVIEW_TOKEN_LENGTH; i++)
    token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

/** 配信状況 as each side reads it (SPEC §4): administrators count the day after the end as live. */
const DISTRIBUTION = {
  advertiser: { status: distributionStatus, labels: distributionStatusLabels },
  administrator: { status: adminDistributionStatus, labels: adminDistributionStatusLabels },
} as const;

/**
 * What both ad details show of a post (the advertiser's and the administrator's): its status, the
 * ad page as readers see it, the ad frame of the site's list and the site's preview form.
 */
export function describeAdvertisement(
  post: Post,
  origin: string,
  audience: keyof typeof DISTRIBUTION,
  visitor: PreviewVisitor,
  now = new Date(),
) {
  const order = post.publishmentOrder;
  const publicAd = post.publicAdvertisement;
  const distribution = DISTRIBUTION[audience];
  const publication = describePublication(post, origin, now);
  return {
    id: post.id,
    applicationId: post.formattedAdvertisementId ?? String(post.id),
    status: {
      manuscript: manuscriptStatusLabel(order),
      payment: paymentStatusLabel(order),
      distribution: order
        ? distribution.labels[distribution.status(publicAd?.postStatus, order, now)]
        : "",
      area: areaLabel(order),
      period: order ? `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}` : "",
      note: post.statusNote ?? "",
    },
    hasOrder: Boolean(order),
    /** The published section: URL, suspend / resume enabled per SPEC §4, sync state. */
    publication: audience === "administrator" ? publication : { ...publication, syncError: null },
    documents: documentButtons(order),
    ad: adPageData(post),
    frame: adFrameData(post),
    sitePreview: sitePreview(post, origin, visitor, now),
  };
}

/** The origin links and previews are built on: the configured public one, else the request's. */
export const publicOrigin = (requestOrigin: string) => env().PUBLIC_ORIGIN ?? requestOrigin;

export async function loadAdvertisementDetail(
  api: UpstreamClient,
  args: {
    id: number;
    clientId: number;
    messagePage: number;
    origin: string;
    visitor: PreviewVisitor;
  },
) {
  const [post, messages] = await Promise.all([
    getFullPost(api, args.id),
    loadMessagePage(api, args.clientId, args.messagePage, args.id),
  ]);
  const origin = publicOrigin(args.origin);
  const order = post.publishmentOrder;
  return {
    ...describeAdvertisement(post, origin, "advertiser", args.visitor),
    ...(await loadTransferDetails(api, order)),
    /** While waiting for a store / Pay-easy payment: the slip (お支払い番号). */
    paymentSlip: order?.paymentStatus === "waiting" ? (order.paymentSlip ?? null) : null,
    /** Waiting by card without a slip: the card payment was not finished. */
    cardUnfinished: cardPaymentUnfinished(order),
    /** 支払う: the payment choice screen, while the order is unpaid and not remanded. */
    payHref: paymentChoiceOffered(order)
      ? `/advertiser/advertisements/${post.id}/publishment/complete`
      : null,
    proofUrl: post.previewToken ? `${origin}/preview/${post.id}/${post.previewToken}` : null,
    messages,
  };
}

/**
 * While the order waits for a bank transfer, where to and how much (SPEC §2 payment section), as
 * far as the upstream tells: without the instructions call (not §7) the advertiser is told the
 * account comes with the invoice (`transferByInvoice`).
 */
export async function loadTransferDetails(
  api: UpstreamClient,
  order: Post["publishmentOrder"],
): Promise<{ bankTransfer: TransferInstructions | null; transferByInvoice: boolean }> {
  const waiting = order?.paymentStatus === "waiting" && order.paymentMethod === "bank_transfer";
  const bankTransfer = order && waiting ? await getBankTransfer(api, order["@id"]) : null;
  return { bankTransfer, transferByInvoice: waiting && !bankTransfer };
}
