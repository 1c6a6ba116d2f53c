// The built-in local news site's ad preview endpoint (ARCHITECTURE §6 publisher, SPEC §7 Preview):
// the portal's preview button posts a hidden form into a popup window, and this answers the ad page
// as the news site would show it. No login, nothing stored, nothing read from the database: what
// makes a post trustworthy is the portal's signature over its fields (SITE_PREVIEW_SECRET), so no
// one else can have this site show their content under its name; and, so that a signed form copied
// out of the portal cannot be shown to someone else (issue 28 #12), the post must come from the
// portal's origin, within ten minutes, from the browser the form was signed for (its cookie).
// The page carries its own strict CSP (no scripts at all); every value is HTML-escaped and only
// http(s) URLs are ever written into href/src.
import { timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  PREVIEW_FIELDS,
  PREVIEW_VISITOR_FIELD,
  previewVisitorBinding,
  previewVisitorCookie,
  verifyPreview,
  type PreviewField,
} from "../../shared/site-preview-signature";
import type { ApiConfig } from "../config";
import type { ApiDeps, ApiEnv } from "../context";
import { escapeHtml, MAP_LINK_TEXT, renderAdArticle, sitePage, type AdInput } from "../site/render";

export { escapeHtml, httpUrl } from "../site/render";

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
  mapLink: MAP_LINK_TEXT,
} as const;

export const PREVIEW_CSP =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; " +
  "frame-src https://www.google.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export { PREVIEW_FIELDS, type PreviewField };
export type PreviewInput = AdInput;

/** Only the known fields, as trimmed-at-the-ends text; files and repeated keys' extras are ignored. */
export function readPreviewInput(form: Record<string, unknown>): PreviewInput {
  const input: PreviewInput = {};
  for (const field of PREVIEW_FIELDS) {
    const value = form[field];
    if (typeof value === "string" && value.trim() !== "") input[field] = value;
  }
  return input;
}

/** A page with only a message (GET, nothing posted, refused bodies). */
export function renderMessagePage(config: Pick<ApiConfig, "siteName">, message: string): string {
  return sitePage(
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
  return sitePage(
    config.siteName,
    input.title?.trim() ?? "",
    [
      `<p class="preview-notice" role="status"><strong>プレビュー</strong> ${PREVIEW_MESSAGES.notice}</p>`,
      `<main>${renderAdArticle(config, input)}</main>`,
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

/**
 * The post comes from the portal's pages: its Origin is the portal's (PUBLIC_ORIGIN; else one on
 * this site's own host name: the portal and its embedded site share one origin, and `npm run api`
 * beside `npm run dev` differs only by port, which cookies ignore too). Browsers send Origin on
 * every form post (the portal's referrer policy keeps it); a post without one is refused.
 */
function fromPortal(c: Context, config: Pick<ApiConfig, "siteOrigin">): boolean {
  const origin = c.req.header("Origin");
  if (!origin || origin === "null") return false;
  let posted: URL;
  try {
    posted = new URL(origin);
  } catch {
    return false;
  }
  if (config.siteOrigin) return posted.origin === config.siteOrigin;
  return posted.hostname === new URL(c.req.url).hostname;
}

/** The form was signed for this browser: its preview cookie hashes to the signed binding. */
function forThisVisitor(
  c: Context,
  config: Pick<ApiConfig, "siteOrigin">,
  form: Record<string, unknown>,
): boolean {
  const secure = config.siteOrigin?.startsWith("https:") ?? false;
  const cookie = getCookie(c, previewVisitorCookie(secure));
  const signed = form[PREVIEW_VISITOR_FIELD];
  if (!cookie || typeof signed !== "string") return false;
  const expected = Buffer.from(previewVisitorBinding(cookie));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

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
      // Unsigned, altered or expired, posted from another site or by another browser: not the
      // portal's preview of this visitor's ad.
      if (
        !fromPortal(c, config) ||
        verifyPreview(form, config.sitePreviewSecret, deps.clock()) !== "valid" ||
        !forThisVisitor(c, config, form)
      ) {
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
