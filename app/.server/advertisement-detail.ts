// The ad detail data: status, content and previews (shared with the administrator's detail), and
// for the advertiser's detail the proof URL and this ad's messages.
import { documentButtons } from "./order-documents";
import { randomInt } from "node:crypto";
import {
  adminDistributionStatus,
  adminDistributionStatusLabels,
  distributionStatus,
  areaLabel,
  manuscriptStatusLabel,
  paymentStatusLabel,
} from "~/domain/advertisement";
import { adTimeline } from "~/domain/ad-timeline";
import {
  advertiserStage,
  advertiserStageLabels,
  advertiserStageNotes,
  advertiserStageTones,
  type StageTone,
} from "~/domain/advertiser-stage";
import type { PostStatus } from "../../shared/wire";
import { formatDate, tokyoDate } from "../../shared/tokyo-calendar";
import { taxedAmounts } from "~/domain/money";
import { adFrameData, adPageData, sitePreview } from "./ad-page";
import { env } from "./env";
import type { PreviewVisitor } from "./preview-visitor";
import { loadMessagePage } from "./messages";
import { describePublishing } from "./publishing-actions";
import { UpstreamError } from "./upstream/errors";
import { upstreamExtensions } from "./upstream/extensions";
import { getBankTransfer, type TransferInstructions } from "./upstream/orders";
import { cardPaymentProblem, paymentChoiceOffered, paymentDueOn } from "~/domain/payment";
import type { UpstreamClient } from "./upstream/client";
import { getFullPost, orderPrice, type Post } from "./upstream/resources";

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const PREVIEW_TOKEN_LENGTH = 64;

/** A fresh proof-URL token: 64 random letters and digits (SPEC §9). */
export function newPreviewToken(): string {
  let token = "";
  for (let i = 0; i < PREVIEW_TOKEN_LENGTH; i++)
    token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

type Distribution = { label: string; note: string; tone: StageTone | null };
type OrderOf = NonNullable<Post["publishmentOrder"]>;

/**
 * 配信状況 as each side reads it: advertisers in their words, with what it means for them
 * (~/domain/advertiser-stage.ts, issue 30 #17); administrators as SPEC §4 lists it, counting the
 * day after the end as live.
 */
const DISTRIBUTION: Record<
  "advertiser" | "administrator",
  (order: OrderOf, postStatus: PostStatus | undefined, now: Date) => Distribution
> = {
  advertiser: (order, postStatus, now) => {
    const stage = advertiserStage(order, postStatus, now);
    return {
      label: advertiserStageLabels[stage],
      note: advertiserStageNotes[stage],
      tone: advertiserStageTones[stage],
    };
  },
  administrator: (order, postStatus, now) => ({
    label: adminDistributionStatusLabels[adminDistributionStatus(postStatus, order, now)],
    note: "",
    tone: null,
  }),
};

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
  const distribution = order ? DISTRIBUTION[audience](order, publicAd?.postStatus, now) : null;
  const publishing = describePublishing(post, origin, now);
  return {
    id: post.id,
    applicationId: post.formattedAdvertisementId ?? String(post.id),
    status: {
      manuscript: manuscriptStatusLabel(order),
      payment: paymentStatusLabel(order),
      distribution: distribution?.label ?? "",
      distributionNote: distribution?.note ?? "",
      distributionTone: distribution?.tone ?? null,
      area: areaLabel(order),
      period: order ? `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}` : "",
      note: post.statusNote ?? "",
    },
    hasOrder: Boolean(order),
    /** The published section: URL, suspend / resume enabled per SPEC §4, sync state. */
    publishing: audience === "administrator" ? publishing : { ...publishing, syncError: null },
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
  const now = new Date();
  return {
    ...describeAdvertisement(post, origin, "advertiser", args.visitor, now),
    /** 申込 → 審査 → 承認 → 入金 → 掲載 at the top of the page (issue 30). */
    timeline: adTimeline(
      order,
      order ? distributionStatus(post.publicAdvertisement?.postStatus, order, now) : null,
    ),
    /** Sent back: the page leads with why and 修正する. */
    remanded: order?.publishmentStatus === "remanded",
    ...(await loadTransferDetails(api, order)),
    /** While waiting for a store / Pay-easy payment: the slip (お支払い番号). */
    paymentSlip: order?.paymentStatus === "waiting" ? (order.paymentSlip ?? null) : null,
    /** Waiting by card without a slip: the card was declined, or the payment not finished. */
    cardProblem: cardPaymentProblem(order),
    /** 支払う: the payment choice screen, while the order is unpaid and not remanded. */
    payHref: paymentChoiceOffered(order)
      ? `/advertiser/advertisements/${post.id}/publishment/complete`
      : null,
    proofUrl: post.previewToken ? `${origin}/preview/${post.id}/${post.previewToken}` : null,
    messages,
  };
}

/** What the advertiser is told where the upstream does not give the account (SPEC §7 has no call). */
export type TransferFromOrder = {
  /** 税込: the course price and its tax (ARCHITECTURE §6), when the order or its course tells. */
  amount: number | null;
  /** The latest the transfer can be due (paymentDueOn: the day before the start), until it passes. */
  latestDueDate: string | null;
};

/**
 * While the order waits for a bank transfer, where to and how much (SPEC §2 payment section), as
 * far as the upstream tells: without the instructions call (an extension, ./upstream/extensions.ts)
 * what the order and its course hold, the account coming with the invoice (`transferByInvoice`).
 */
export async function loadTransferDetails(
  api: UpstreamClient,
  order: Post["publishmentOrder"],
  { now = new Date() }: { now?: Date } = {},
): Promise<{
  bankTransfer: TransferInstructions | null;
  transferByInvoice: TransferFromOrder | null;
}> {
  const waiting = order?.paymentStatus === "waiting" && order.paymentMethod === "bank_transfer";
  if (!order || !waiting) return { bankTransfer: null, transferByInvoice: null };
  const read = await upstreamExtensions.use("bankTransferDetails", () =>
    getBankTransfer(api, order["@id"]),
  );
  if (read.present && read.value) return { bankTransfer: read.value, transferByInvoice: null };
  // The upstream's due days are not known here: the rule's cap (paymentDueOn without them).
  const latest = order.publishesAt ? paymentDueOn({ publishesAt: order.publishesAt }) : null;
  return {
    bankTransfer: null,
    transferByInvoice: {
      amount: await orderAmount(api, order),
      latestDueDate: latest && latest >= tokyoDate(now) ? latest : null,
    },
  };
}

/** The order's amount with tax (ARCHITECTURE §6); null when neither it nor its course tells. */
async function orderAmount(api: UpstreamClient, order: OrderOf): Promise<number | null> {
  try {
    const price = await orderPrice(api, order);
    return price === null ? null : taxedAmounts(price).total;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}
