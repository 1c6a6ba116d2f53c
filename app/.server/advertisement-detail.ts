// AdvertiserAdvertisementsDetail data: status, content, proof URL and this ad's messages.
import { randomInt } from "node:crypto";
import {
  areaLabel,
  distributionStatus,
  distributionStatusLabels,
  manuscriptStatusLabel,
  paymentStatusLabel,
} from "~/domain/advertisement";
import { formatDate } from "~/domain/dates";
import { adPageData, sitePreview } from "./ad-page";
import { env } from "./env";
import { loadMessagePage } from "./messages";
import type { UpstreamClient } from "./upstream/client";
import { getFullPost } from "./upstream/resources";

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const PREVIEW_TOKEN_LENGTH = 64;

/** A fresh proof-URL token: 64 random letters and digits (SPEC §9). */
export function newPreviewToken(): string {
  let token = "";
  for (let i = 0; i < PREVIEW_TOKEN_LENGTH; i++)
    token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

export async function loadAdvertisementDetail(
  api: UpstreamClient,
  args: { id: number; clientId: number; messagePage: number; origin: string },
) {
  const [post, messages] = await Promise.all([
    getFullPost(api, args.id),
    loadMessagePage(api, args.clientId, args.messagePage, args.id),
  ]);
  const order = post.publishmentOrder;
  const publicAd = post.publicAdvertisement;
  const origin = env().PUBLIC_ORIGIN ?? args.origin;
  return {
    id: post.id,
    applicationId: post.formattedAdvertisementId ?? String(post.id),
    status: {
      manuscript: manuscriptStatusLabel(order),
      payment: paymentStatusLabel(order),
      distribution: order
        ? distributionStatusLabels[distributionStatus(publicAd?.postStatus, order, new Date())]
        : "",
      area: areaLabel(order),
      period: order ? `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}` : "",
      postUrl: publicAd?.postStatus === "public" ? (publicAd.postUrl ?? null) : null,
      note: post.statusNote ?? "",
    },
    hasOrder: Boolean(order),
    proofUrl: post.previewToken ? `${origin}/preview/${post.id}/${post.previewToken}` : null,
    ad: adPageData(post),
    sitePreview: sitePreview(post, origin),
    messages,
  };
}
