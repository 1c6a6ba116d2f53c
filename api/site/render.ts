// The built-in news site's HTML (ARCHITECTURE §6, ADR 0010), shared by the preview endpoint
// (resources/site-preview.ts) and the live site (resources/site.ts): the page frame, the ad page's
// article and the locality page's ad frames. Everything is server-rendered without scripts; every
// value is HTML-escaped and only http(s) URLs (or the site's own /media/ and /site/ paths) are ever
// written into href/src.
import { AD_IMAGE_SLOTS, AD_LINK_SLOTS, storeMapUrls } from "../../shared/ad-page";
import type { PreviewField } from "../../shared/site-preview-signature";
import type { ApiConfig } from "../config";

export type AdInput = Partial<Record<PreviewField, string>>;

/** An ad's store lines as texts, "" where the advertiser left one out (the site and WordPress). */
export const storeTexts = (ad: {
  storeName: string | null;
  storeAddress: string | null;
  storeTel: string | null;
  businessHours: string | null;
  homepage: string | null;
  mapParameters: string | null;
}) => ({
  storeName: ad.storeName ?? "",
  storeAddress: ad.storeAddress ?? "",
  storeTel: ad.storeTel ?? "",
  businessHours: ad.businessHours ?? "",
  homepage: ad.homepage ?? "",
  mapParameters: ad.mapParameters ?? "",
});

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Escaped text whose line breaks become <br>. */
const multiline = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>");

/** The normalised URL when it is absolute http(s), else null (javascript:, data:, relative…). */
export function httpUrl(value: string | undefined | null): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A tel: URI from a written number (digits and a leading +), or null when it has no digits. */
function telHref(tel: string): string | null {
  const halfWidth = tel.replace(/[０-９＋]/g, (ch) =>
    String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
  const digits = halfWidth.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f4f4f2;color:#222;font-family:-apple-system,BlinkMacSystemFont,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP",Meiryo,sans-serif;font-size:16px;line-height:1.8;overflow-wrap:anywhere}
a{color:#0b5cad}
.site-header{background:#c8102e;color:#fff}
.site-header p{max-width:720px;margin:0 auto;padding:10px 16px;font-size:20px;font-weight:700;letter-spacing:.05em}
.site-header a{color:#fff;text-decoration:none}
.preview-notice{margin:0;background:#fff3bf;border-bottom:1px solid #e6c200;color:#5c4500;padding:8px 16px;text-align:center;font-size:14px;font-weight:700}
main{max-width:720px;margin:0 auto;padding:16px;background:#fff;min-height:60vh}
.ad-badge{display:inline-block;margin:0 0 8px;padding:0 8px;border:1px solid #888;border-radius:3px;color:#555;font-size:12px;line-height:1.7}
h1{margin:0 0 16px;font-size:22px;line-height:1.5}
.ad-section{margin:0 0 20px}
.ad-section img{display:block;width:100%;height:auto;margin:0 0 12px;border-radius:4px}
.ad-body{margin:0}
.ad-links{margin:0 0 24px;padding:0;list-style:none}
.ad-links li{margin:0 0 8px}
.ad-links a{display:block;padding:10px 14px;border:1px solid #0b5cad;border-radius:6px;text-align:center;text-decoration:none;font-weight:700}
.ad-store{width:100%;margin:0 0 20px;border-collapse:collapse;font-size:15px}
.ad-store th,.ad-store td{padding:8px 10px;border:1px solid #ddd;text-align:left;vertical-align:top}
.ad-store th{width:7.5em;background:#f7f7f7;font-weight:700;white-space:nowrap}
.ad-map{display:block;width:100%;height:300px;margin:0 0 20px;border:0}
.ad-map-link{margin:0 0 20px}
.empty{text-align:center;color:#555;padding:48px 0}
.locality-name{margin:0 0 12px;font-size:20px;line-height:1.5;border-left:5px solid #c8102e;padding-left:10px}
.entries{margin:0;padding:0;list-style:none}
.entry{border-bottom:1px solid #e5e5e5}
.entry>a,.entry>div{display:flex;gap:12px;padding:12px 0;color:inherit;text-decoration:none}
.entry .thumb{flex:0 0 96px;height:72px;border-radius:4px;background:#ddd;overflow:hidden}
.entry .thumb img{display:block;width:100%;height:100%;object-fit:cover}
.entry .text{flex:1;min-width:0}
.entry .title{margin:0;font-size:16px;font-weight:700;line-height:1.5}
.entry .meta{margin:4px 0 0;color:#595959;font-size:12px}
.entry .summary{margin:4px 0 0;color:#555;font-size:14px;line-height:1.6}
.ad-frame{background:#fffbea}
.ad-frame .ad-badge{margin:0 0 4px}
.back{margin:16px 0 0;font-size:14px}
.site-footer{max-width:720px;margin:0 auto;padding:16px;color:#666;font-size:12px;text-align:center}
@media (min-width:600px){h1{font-size:26px}.entry .thumb{flex-basis:160px;height:100px}}
`;

/** The whole document: header with the site name (linked home when `homeHref`), content, footer. */
export function sitePage(
  siteName: string,
  title: string,
  content: string,
  homeHref: string | null = null,
): string {
  const documentTitle = escapeHtml(title ? `${title} | ${siteName}` : siteName);
  const name = escapeHtml(siteName);
  return [
    "<!DOCTYPE html>",
    '<html lang="ja">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${documentTitle}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    `<header class="site-header"><p>${homeHref ? `<a href="${escapeHtml(homeHref)}">${name}</a>` : name}</p></header>`,
    content,
    `<footer class="site-footer">&copy; ${name}</footer>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

export interface AdArticleOptions {
  /** An image field's src, or null to leave it out (the preview: absolute http(s) only). */
  imageSrc?: (value: string | undefined) => string | null;
  /** The href of link n whose target is `url` (the live site: its counting redirect). */
  linkHref?: (n: number, url: string) => string;
}

/** The ad page's article: badge, title, image/body pairs, links, store table, map. */
export function renderAdArticle(
  config: Pick<ApiConfig, "mapsApiKey">,
  input: AdInput,
  options: AdArticleOptions = {},
): string {
  const imageSrc = options.imageSrc ?? httpUrl;
  const linkHref = options.linkHref ?? ((_n: number, url: string) => url);
  const parts: string[] = [];
  const title = input.title?.trim() ?? "";
  parts.push('<p class="ad-badge">広告</p>');
  parts.push(`<h1>${escapeHtml(title)}</h1>`);

  for (const n of AD_IMAGE_SLOTS) {
    const image = imageSrc(input[`image${n}`]);
    const body = input[`body${n}`];
    if (!image && !body) continue;
    const section: string[] = [];
    if (image) section.push(`<img src="${escapeHtml(image)}" alt="" decoding="async">`);
    if (body) section.push(`<p class="ad-body">${multiline(body)}</p>`);
    parts.push(`<section class="ad-section">${section.join("")}</section>`);
  }

  const links = AD_LINK_SLOTS.flatMap((n) => {
    const url = httpUrl(input[`link${n}Url`]);
    if (!url) return [];
    const text = input[`link${n}Title`]?.trim() || url;
    const href = linkHref(n, url);
    return [`<li><a href="${escapeHtml(href)}" ${EXTERNAL}>${escapeHtml(text)}</a></li>`];
  });
  if (links.length > 0) parts.push(`<ul class="ad-links">${links.join("")}</ul>`);

  const rows: string[] = [];
  const row = (label: string, html: string) =>
    rows.push(`<tr><th scope="row">${label}</th><td>${html}</td></tr>`);
  const { storeName, storeAddress, storeTel, businessHours } = input;
  if (storeName) row("店名", escapeHtml(storeName));
  if (storeAddress) row("住所", multiline(storeAddress));
  if (storeTel) {
    const href = telHref(storeTel);
    row(
      "電話番号",
      href ? `<a href="${escapeHtml(href)}">${escapeHtml(storeTel)}</a>` : escapeHtml(storeTel),
    );
  }
  if (businessHours) row("営業時間", multiline(businessHours));
  const homepage = httpUrl(input.homepage);
  if (homepage) {
    row(
      "ホームページ",
      `<a href="${escapeHtml(homepage)}" ${EXTERNAL}>${escapeHtml(homepage)}</a>`,
    );
  }
  if (rows.length > 0)
    parts.push(`<table class="ad-store"><tbody>${rows.join("")}</tbody></table>`);

  const mapQuery = (input.mapParameters?.trim() || input.storeAddress?.trim()) ?? "";
  const map = storeMapUrls(mapQuery, config.mapsApiKey);
  if (map.embedUrl) {
    parts.push(
      `<iframe class="ad-map" src="${escapeHtml(map.embedUrl)}" title="店舗の地図" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`,
    );
  } else if (map.linkUrl) {
    parts.push(
      `<p class="ad-map-link"><a href="${escapeHtml(map.linkUrl)}" target="_blank" rel="noopener noreferrer">${MAP_LINK_TEXT}</a></p>`,
    );
  }

  return `<article class="ad-page">${parts.join("\n")}</article>`;
}

export const MAP_LINK_TEXT = "地図で場所を見る";
