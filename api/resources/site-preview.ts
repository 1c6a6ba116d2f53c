// The built-in local news site's ad preview endpoint (ARCHITECTURE §6 publisher, SPEC §7 Preview):
// the portal's preview button posts a hidden form into a popup window, and this answers the ad page
// as the news site would show it. No login, nothing stored, nothing read from the database: what
// makes a post trustworthy is the portal's signature over its fields (SITE_PREVIEW_SECRET), so no
// one else can have this site show their content under its name.
// The page carries its own strict CSP (no scripts at all); every value is HTML-escaped and only
// http(s) URLs are ever written into href/src.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AD_IMAGE_SLOTS, AD_LINK_SLOTS, storeMapUrls } from "../../app/domain/ad-page";
import {
  PREVIEW_FIELDS,
  verifyPreview,
  type PreviewField,
} from "../../shared/site-preview-signature";
import type { ApiConfig } from "../config";
import type { ApiDeps, ApiEnv } from "../context";

export const SITE_PREVIEW_PATH = "/site/preview";

/** Larger bodies are refused with 413 (the fields are plain text and image URLs). */
export const MAX_PREVIEW_BYTES = 256 * 1024;

export const PREVIEW_MESSAGES = {
  notice: "これはプレビューです。公開中のページではありません。",
  empty: "プレビューする広告がありません。",
  tooLarge: "送信された内容が大きすぎるため、プレビューできません。",
  unsupported: "プレビューできない形式で送信されました。",
  refused:
    "このプレビューは表示できません。広告管理画面を再読み込みしてから、もう一度プレビューしてください。",
  mapLink: "地図で場所を見る",
} as const;

export const PREVIEW_CSP =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; " +
  "frame-src https://www.google.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export { PREVIEW_FIELDS, type PreviewField };
export type PreviewInput = Partial<Record<PreviewField, string>>;

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
export function httpUrl(value: string | undefined): string | null {
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

/** Only the known fields, as trimmed-at-the-ends text; files and repeated keys' extras are ignored. */
export function readPreviewInput(form: Record<string, unknown>): PreviewInput {
  const input: PreviewInput = {};
  for (const field of PREVIEW_FIELDS) {
    const value = form[field];
    if (typeof value === "string" && value.trim() !== "") input[field] = value;
  }
  return input;
}

const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f4f4f2;color:#222;font-family:-apple-system,BlinkMacSystemFont,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP",Meiryo,sans-serif;font-size:16px;line-height:1.8;overflow-wrap:anywhere}
a{color:#0b5cad}
.site-header{background:#c8102e;color:#fff}
.site-header p{max-width:720px;margin:0 auto;padding:10px 16px;font-size:20px;font-weight:700;letter-spacing:.05em}
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
.site-footer{max-width:720px;margin:0 auto;padding:16px;color:#666;font-size:12px;text-align:center}
@media (min-width:600px){h1{font-size:26px}}
`;

function page(siteName: string, title: string, content: string): string {
  const documentTitle = escapeHtml(title ? `${title} | ${siteName}` : siteName);
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
    `<header class="site-header"><p>${escapeHtml(siteName)}</p></header>`,
    content,
    `<footer class="site-footer">&copy; ${escapeHtml(siteName)}</footer>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** A page with only a message (GET, nothing posted, refused bodies). */
export function renderMessagePage(config: Pick<ApiConfig, "siteName">, message: string): string {
  return page(
    config.siteName,
    "プレビュー",
    `<main><p class="empty">${escapeHtml(message)}</p></main>`,
  );
}

/** The ad page as the news site shows it, with the preview notice on top. */
export function renderPreviewPage(
  config: Pick<ApiConfig, "siteName" | "mapsApiKey">,
  input: PreviewInput,
): string {
  const parts: string[] = [];
  const title = input.title?.trim() ?? "";
  parts.push('<p class="ad-badge">広告</p>');
  parts.push(`<h1>${escapeHtml(title)}</h1>`);

  for (const n of AD_IMAGE_SLOTS) {
    const image = httpUrl(input[`image${n}`]);
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
    return [`<li><a href="${escapeHtml(url)}" ${EXTERNAL}>${escapeHtml(text)}</a></li>`];
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
      `<p class="ad-map-link"><a href="${escapeHtml(map.linkUrl)}" target="_blank" rel="noopener noreferrer">${PREVIEW_MESSAGES.mapLink}</a></p>`,
    );
  }

  return page(
    config.siteName,
    title,
    [
      `<p class="preview-notice" role="status"><strong>プレビュー</strong> ${PREVIEW_MESSAGES.notice}</p>`,
      `<main><article class="ad-page">${parts.join("\n")}</article></main>`,
    ].join("\n"),
  );
}

const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": PREVIEW_CSP,
  // Keeps a same-origin popup in its opener's browsing context group (the portal sends the same),
  // so the portal can post the next preview into the same named window.
  "Cross-Origin-Opener-Policy": "same-origin",
} as const;

const html = (c: Context, body: string, status: ContentfulStatusCode = 200) =>
  c.body(body, status, PAGE_HEADERS);

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export function sitePreviewRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();
  const { config } = deps;

  // A reloaded popup (or a link followed to it) gets a page that says there is nothing to show.
  routes.get(SITE_PREVIEW_PATH, (c) => html(c, renderMessagePage(config, PREVIEW_MESSAGES.empty)));

  routes.post(
    SITE_PREVIEW_PATH,
    bodyLimit({
      maxSize: MAX_PREVIEW_BYTES,
      onError: (c) => html(c, renderMessagePage(config, PREVIEW_MESSAGES.tooLarge), 413),
    }),
    async (c) => {
      if (!FORM_TYPE.test(c.req.header("Content-Type") ?? "")) {
        return html(c, renderMessagePage(config, PREVIEW_MESSAGES.unsupported), 415);
      }
      let form: Record<string, unknown>;
      try {
        form = (await c.req.parseBody()) as Record<string, unknown>;
      } catch {
        return html(c, renderMessagePage(config, PREVIEW_MESSAGES.unsupported), 400);
      }
      // Unsigned, altered or expired: not the portal's preview of an advertiser's ad.
      if (verifyPreview(form, config.sitePreviewSecret, deps.clock()) !== "valid") {
        return html(c, renderMessagePage(config, PREVIEW_MESSAGES.refused), 403);
      }
      const input = readPreviewInput(form);
      if (Object.keys(input).length === 0) {
        return html(c, renderMessagePage(config, PREVIEW_MESSAGES.empty));
      }
      return html(c, renderPreviewPage(config, input));
    },
  );

  return routes;
}
