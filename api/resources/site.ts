// The built-in news site (ADR 0010, shared/site-paths.ts): the locality page with sample articles
// and the live ads' frames, the ad page, and the redirects that count frame and link clicks.
// Public, server-rendered, no scripts (the preview page's strict CSP). Each shown frame counts a
// list impression, the ad page a page view, the redirects a click or a link click, all per ad and
// Tokyo day, by the rule of publishing/counters.ts (page views and clicks once per visitor, a
// click only after an impression, a rate limit per address); bots, requests without a User-Agent
// and HEADs count nothing.
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { adFrameTitle, AD_IMAGE_SLOTS } from "../../shared/ad-page";
import { addCalendarDays } from "../../shared/calendar-days";
import { formatDate, tokyoDate } from "../../shared/tokyo-calendar";
import {
  siteAdPath,
  siteFrameClickPath,
  siteLinkPath,
  siteLocalityPath,
  SITE_PREFIX,
} from "../../shared/site-paths";
import type { ApiConfig } from "../config";
import type { ApiDeps, ApiEnv } from "../context";
import { parseId } from "../hydra";
import { countSiteRequest, isCountable, type CounterColumn } from "../publishing/counters";
import { findLocality, liveAd, liveAdsOf, type LiveAd } from "../site/live-ads";
import {
  escapeHtml,
  httpUrl,
  renderAdArticle,
  sitePage,
  storeTexts,
  type AdInput,
} from "../site/render";
import { ARTICLES_PER_FRAME, SAMPLE_ARTICLES } from "../site/sample-articles";
import { contentUrl, MEDIA_PREFIX } from "./media-objects";
import { PREVIEW_CSP } from "./site-preview";

export const SITE_MESSAGES = {
  notFound: "お探しのページは見つかりませんでした。",
  notFoundTitle: "ページが見つかりません",
  adEnded: "この記事は掲載期間が終了したか、現在公開されていません。",
  back: "トップページへ戻る",
  localityNews: "のニュース",
  adBadge: "PR",
} as const;

const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": PREVIEW_CSP,
} as const;

const html = (c: Context, body: string, status: ContentfulStatusCode = 200) =>
  c.body(body, status, PAGE_HEADERS);

/** The site's own media paths (relative, same origin) as an img src; anything else is left out. */
const mediaSrc = (filePath: string | null) => (filePath ? contentUrl(filePath) : null);
const imageSrc = (value: string | undefined) =>
  value?.startsWith(MEDIA_PREFIX) ? value : httpUrl(value);

function notFoundPage(config: Pick<ApiConfig, "siteName">, message: string, home: string | null) {
  const back = `<p class="back"><a href="${escapeHtml(home ?? SITE_PREFIX)}">${SITE_MESSAGES.back}</a></p>`;
  return sitePage(
    config.siteName,
    SITE_MESSAGES.notFoundTitle,
    `<main><p class="empty">${escapeHtml(message)}</p>${home ? back : ""}</main>`,
    home,
  );
}

function adInput(row: LiveAd): AdInput {
  const { ad } = row;
  const input: AdInput = {
    title: adFrameTitle(ad.title, ad.storeName),
    ...storeTexts(ad),
  };
  for (const n of AD_IMAGE_SLOTS) {
    input[`image${n}`] = mediaSrc(row[`image${n}`]) ?? "";
    input[`body${n}`] = ad[`body${n}`] ?? "";
  }
  for (const n of [1, 2, 3] as const) {
    input[`link${n}Title`] = ad[`link${n}Title`] ?? "";
    input[`link${n}Url`] = ad[`link${n}Url`] ?? "";
  }
  // Empty fields are left out, as the preview's form reader does.
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v && v.trim() !== ""));
}

function frameHtml(localityId: number, row: LiveAd): string {
  const src = mediaSrc(row.eyeCatch);
  const thumb = src
    ? `<span class="thumb"><img src="${escapeHtml(src)}" alt="" loading="lazy" decoding="async"></span>`
    : '<span class="thumb"></span>';
  return [
    `<li class="entry ad-frame"><a href="${escapeHtml(siteFrameClickPath(localityId, row.ad.id))}">`,
    thumb,
    '<span class="text">',
    `<span class="ad-badge">${SITE_MESSAGES.adBadge}</span>`,
    `<p class="title">${escapeHtml(adFrameTitle(row.ad.title, row.ad.storeName))}</p>`,
    "</span></a></li>",
  ].join("");
}

function articleHtml(today: string, index: number): string {
  const article = SAMPLE_ARTICLES[index]!;
  return [
    '<li class="entry article"><div>',
    `<span class="thumb" style="background:${article.color}"></span>`,
    '<span class="text">',
    `<p class="title">${escapeHtml(article.title)}</p>`,
    `<p class="summary">${escapeHtml(article.summary)}</p>`,
    `<p class="meta">${formatDate(addCalendarDays(today, -article.daysAgo))}</p>`,
    "</span></div></li>",
  ].join("");
}

/** The articles with a frame after every ARTICLES_PER_FRAME of them; frames left over go last. */
export function renderLocalityPage(
  config: Pick<ApiConfig, "siteName">,
  locality: { id: number; name: string },
  ads: LiveAd[],
  now: Date,
): string {
  const today = tokyoDate(now);
  const entries: string[] = [];
  let next = 0;
  SAMPLE_ARTICLES.forEach((_, i) => {
    entries.push(articleHtml(today, i));
    if ((i + 1) % ARTICLES_PER_FRAME === 0 && next < ads.length) {
      entries.push(frameHtml(locality.id, ads[next++]!));
    }
  });
  while (next < ads.length) entries.push(frameHtml(locality.id, ads[next++]!));
  return sitePage(
    config.siteName,
    `${locality.name}${SITE_MESSAGES.localityNews}`,
    [
      "<main>",
      `<h1 class="locality-name">${escapeHtml(locality.name)}${SITE_MESSAGES.localityNews}</h1>`,
      `<ul class="entries">${entries.join("\n")}</ul>`,
      "</main>",
    ].join("\n"),
    siteLocalityPath(locality.id),
  );
}

export function siteRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();
  const { config, db } = deps;

  /**
   * Counts the event by the rule of publishing/counters.ts unless the caller is a bot; a failed
   * count never breaks the page.
   */
  async function count(c: Context, column: CounterColumn, ids: number[], now: Date) {
    const userAgent = c.req.header("User-Agent");
    // HEAD (link checkers, prefetchers) reads no page: only GETs count.
    if (c.req.method !== "GET" || !userAgent || !isCountable(userAgent)) return;
    try {
      await countSiteRequest(deps, {
        column,
        advertisementIds: ids,
        address: deps.clientAddress(c),
        userAgent,
        now,
      });
    } catch (error) {
      console.error(`[site] counting ${column} failed: ${(error as Error).message}`);
    }
  }

  const missing = (c: Context, home: string | null, message: string = SITE_MESSAGES.notFound) =>
    html(c, notFoundPage(config, message, home), 404);

  routes.get(`${SITE_PREFIX}/:localityId{[0-9]+}`, async (c) => {
    const localityId = parseId(c.req.param("localityId"));
    const locality = localityId ? await findLocality(db, localityId) : null;
    if (!locality) return missing(c, null);
    const now = deps.clock();
    const ads = await liveAdsOf(db, locality.id, now);
    await count(
      c,
      "imp",
      ads.map((row) => row.ad.id),
      now,
    );
    return html(c, renderLocalityPage(config, locality, ads, now));
  });

  /** The live ad of the path, or null (the caller answers the 404 page). */
  async function adOf(c: Context, now: Date) {
    const localityId = parseId(c.req.param("localityId"));
    const adId = parseId(c.req.param("adId"));
    if (!localityId || !adId) return { localityId, row: null };
    return { localityId, row: await liveAd(db, localityId, adId, now) };
  }

  const homeOf = (localityId: number | null) => (localityId ? siteLocalityPath(localityId) : null);

  const AD = `${SITE_PREFIX}/:localityId{[0-9]+}/ads/:adId{[0-9]+}`;

  routes.get(AD, async (c) => {
    const now = deps.clock();
    const { localityId, row } = await adOf(c, now);
    if (!row || !localityId) return missing(c, homeOf(localityId), SITE_MESSAGES.adEnded);
    await count(c, "pv", [row.ad.id], now);
    const input = adInput(row);
    const article = renderAdArticle(config, input, {
      imageSrc,
      linkHref: (n) => siteLinkPath(localityId, row.ad.id, n),
    });
    const back = `<p class="back"><a href="${escapeHtml(siteLocalityPath(localityId))}">${SITE_MESSAGES.back}</a></p>`;
    return html(
      c,
      sitePage(
        config.siteName,
        input.title ?? "",
        `<main>${article}${back}</main>`,
        siteLocalityPath(localityId),
      ),
    );
  });

  routes.get(`${AD}/click`, async (c) => {
    const now = deps.clock();
    const { localityId, row } = await adOf(c, now);
    if (!row || !localityId) return missing(c, homeOf(localityId), SITE_MESSAGES.adEnded);
    await count(c, "clk", [row.ad.id], now);
    return c.redirect(siteAdPath(localityId, row.ad.id), 302);
  });

  routes.get(`${AD}/links/:n{[1-3]}`, async (c) => {
    const now = deps.clock();
    const { localityId, row } = await adOf(c, now);
    const n = Number(c.req.param("n")) as 1 | 2 | 3;
    const url = row ? httpUrl(row.ad[`link${n}Url`]) : null;
    if (!row || !url) return missing(c, homeOf(localityId));
    await count(c, `link${n}`, [row.ad.id], now);
    return c.redirect(url, 302);
  });

  return routes;
}
