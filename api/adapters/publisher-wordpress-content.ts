// What a WordPress post of an ad says (ADR 0010): the same parts, in the same order, as the built-in
// site's ad page (api/resources/site-preview.ts), as plain HTML a theme styles by itself. Every value
// is escaped and only http(s) URLs are written into src/href: a post is kept and shown by a site we
// do not control, and an account allowed `unfiltered_html` would store a <script> as it is.
import { AD_LINK_SLOTS, adFrameTitle, storeMapUrls } from "../../shared/ad-page";
import { escapeHtml, httpUrl, PREVIEW_MESSAGES } from "../resources/site-preview";
import type { PublishableAd } from "./publisher";

const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';

/** Escaped text whose line breaks become <br>. */
const multiline = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>");

/**
 * The post title: 「タイトル【店名】」 as the ad frames show it, HTML-escaped because WordPress
 * stores titles as HTML and themes print them as they are.
 */
export function wordpressTitle(ad: Pick<PublishableAd, "title" | "storeName">): string {
  return escapeHtml(adFrameTitle(ad.title, ad.storeName));
}

/** The post content: the ad badge, image/body sections, links, the store's details, a map link. */
export function wordpressContent(ad: PublishableAd): string {
  const parts: string[] = ['<p class="ad-badge">広告</p>'];

  for (const slot of ad.images) {
    if (!slot) continue;
    const image = httpUrl(slot.url);
    const body = slot.body.trim() ? slot.body : "";
    if (!image && !body) continue;
    const section: string[] = [];
    if (image) section.push(`<figure><img src="${escapeHtml(image)}" alt=""></figure>`);
    if (body) section.push(`<p>${multiline(body)}</p>`);
    parts.push(`<div class="ad-section">${section.join("")}</div>`);
  }

  const links = AD_LINK_SLOTS.flatMap((n) => {
    const link = ad.links[n - 1];
    const url = httpUrl(link?.url);
    if (!link || !url) return [];
    const text = link.title.trim() || url;
    return [`<li><a href="${escapeHtml(url)}" ${EXTERNAL}>${escapeHtml(text)}</a></li>`];
  });
  if (links.length > 0) parts.push(`<ul class="ad-links">${links.join("")}</ul>`);

  const rows: string[] = [];
  const row = (label: string, html: string) =>
    rows.push(`<tr><th scope="row">${label}</th><td>${html}</td></tr>`);
  if (ad.storeName.trim()) row("店名", escapeHtml(ad.storeName));
  if (ad.storeAddress.trim()) row("住所", multiline(ad.storeAddress));
  // As text: themes and phones link numbers themselves, and tel: links are not worth a copy of
  // the preview's parser.
  if (ad.storeTel.trim()) row("電話番号", escapeHtml(ad.storeTel));
  if (ad.businessHours.trim()) row("営業時間", multiline(ad.businessHours));
  const homepage = httpUrl(ad.homepage);
  if (homepage) {
    row(
      "ホームページ",
      `<a href="${escapeHtml(homepage)}" ${EXTERNAL}>${escapeHtml(homepage)}</a>`,
    );
  }
  if (rows.length > 0) {
    parts.push(`<table class="ad-store"><tbody>${rows.join("")}</tbody></table>`);
  }

  // Only a link: an <iframe> is stripped by WordPress for accounts without unfiltered_html, and
  // a Maps key of ours has no place on someone else's site.
  const map = storeMapUrls(ad.mapParameters.trim() || ad.storeAddress.trim(), null);
  if (map.linkUrl) {
    parts.push(
      `<p class="ad-map-link"><a href="${escapeHtml(map.linkUrl)}" ${EXTERNAL}>${PREVIEW_MESSAGES.mapLink}</a></p>`,
    );
  }
  return parts.join("\n");
}
