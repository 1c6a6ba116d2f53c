// `npm run check-upstream`: what the portal can do in front of a given upstream. It reads the
// upstream's own API documentation where it serves one (API Platform's OpenAPI document), logs
// in when given an account, makes the SPEC §7 reads that account may make through the portal's
// own readers, and learns each extension (from the document, else by calling it). Every row says
// whether a portal feature works, degrades (and how) or fails on that upstream, and why.
import { z } from "zod";
import { readClaims } from "../identity";
import type { TokenPair } from "../session";
import { getRegions } from "./areas";
import { requestToken, refreshTokenPair } from "./authentication";
import { createUpstreamClient, PairJar, type Query, type UpstreamClient } from "./client";
import { listCourses } from "./courses";
import { UpstreamError, UpstreamUnauthorizedError } from "./errors";
import {
  createExtensionRegistry,
  EXTENSIONS,
  type ExtensionName,
  type Presence,
} from "./extensions";
import { readServerPage } from "./hydra";
import { getSiteSummary } from "./resources";
import { areaOrder, isDeclared, SECTION7_VARIABLES, STATUS_VARIABLE } from "./search";

export type Verdict = "works" | "degrades" | "fails" | "not checked";
export type CheckRow = { feature: string; verdict: Verdict; why: string };

export type CheckOptions = {
  baseUrl: string;
  email?: string;
  password?: string;
  /** Today, for the month the sales and reports are read for. */
  now?: Date;
  fetch?: typeof fetch;
};

const DOCS_PATHS = ["/api/docs.jsonopenapi", "/api/docs.json"];
const openApiDocument = z.object({
  openapi: z.string(),
  paths: z.record(z.record(z.unknown())),
});

/** "GET /api/adv/x/{month}" as an operation key with its parameters unnamed. */
const operationKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;

/** The operations the upstream's OpenAPI document lists, or null where it serves none. */
async function documentedOperations(api: UpstreamClient): Promise<Set<string> | null> {
  for (const path of DOCS_PATHS) {
    try {
      const response = await api.request("GET", path, {
        accept: "application/vnd.openapi+json, application/json",
      });
      const parsed = openApiDocument.safeParse(await response.json().catch(() => null));
      if (!parsed.success) continue;
      const operations = new Set<string>();
      for (const [route, methods] of Object.entries(parsed.data.paths))
        for (const method of Object.keys(methods)) operations.add(operationKey(method, route));
      return operations;
    } catch {
      // Not served here: the next path, else no document.
    }
  }
  return null;
}

/** An extension's call as an operation key ("{order}" is an order's item path). */
const extensionKey = (call: string) => {
  const [method, path] = call.split(" ") as [string, string];
  return operationKey(method, path.replace("{order}", "/api/adv/publishment_orders/{id}"));
};

const tokyoMonth = (now: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo", year: "numeric", month: "2-digit" })
    .format(now)
    .slice(0, 7);

/** A failure as the operator reads it: the status and the upstream's words, nothing secret. */
function reason(error: unknown): string {
  if (error instanceof UpstreamUnauthorizedError) return "the upstream refused the login (401)";
  if (error instanceof UpstreamError) return `${error.message} (HTTP ${error.status})`;
  if (error instanceof z.ZodError)
    return `the answer lacks what SPEC §7 gives: ${error.issues[0]?.path.join(".")}`;
  return error instanceof Error ? error.message : String(error);
}

async function attempt(feature: string, run: () => Promise<string>): Promise<CheckRow> {
  try {
    return { feature, verdict: "works", why: await run() };
  } catch (error) {
    return { feature, verdict: "fails", why: reason(error) };
  }
}

/** One server page of a collection: how many members it served, its next link and template. */
async function firstPage(api: UpstreamClient, path: string, query: Query) {
  const page = await readServerPage(api, path, { path, query }, z.unknown());
  return { ...page, served: page.member.length, variables: page.search };
}

const withOrder = z.object({ publishmentOrder: z.object({ "@id": z.string() }) });

/** The order of the first listed ad that has one (the bank-transfer probe needs an order). */
const firstOrderIri = (posts: readonly unknown[]) =>
  posts.map((post) => withOrder.safeParse(post)).find((parsed) => parsed.success)?.data
    ?.publishmentOrder["@id"];

function pagingNote(asked: number, page: { served: number; next?: string }) {
  if (page.next && page.served < asked)
    return `the server serves ${page.served} per page (${asked} asked); the portal follows its next links`;
  return `${page.served} on the first page`;
}

/** A filter or sort the portal offers only where the collection declares it (hydra:search). */
function declaredRow(
  feature: string,
  variables: ReadonlySet<string> | undefined,
  section7: readonly string[],
  offered: (declares: (variable: string) => boolean) => boolean,
): CheckRow {
  const source = variables ? "hydra:search" : "SPEC §7 (the answer has no hydra:search)";
  return offered((variable) => isDeclared(variables, variable, section7))
    ? { feature, verdict: "works", why: `declared by ${source}` }
    : { feature, verdict: "degrades", why: `not declared by ${source}: hidden` };
}

export async function checkUpstream(options: CheckOptions): Promise<CheckRow[]> {
  const { baseUrl, now = new Date() } = options;
  const target = { baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const anonymous = createUpstreamClient({ ...target, log: () => {} });
  const rows: CheckRow[] = [];
  const documented = await documentedOperations(anonymous);
  rows.push(
    documented
      ? {
          feature: "API documentation",
          verdict: "works",
          why: `OpenAPI lists ${documented.size} operations`,
        }
      : {
          feature: "API documentation",
          verdict: "degrades",
          why: "no OpenAPI document at /api/docs.jsonopenapi or /api/docs.json: extensions are found by calling them",
        },
  );
  if (!options.email || !options.password) {
    rows.push({
      feature: "ログイン",
      verdict: "not checked",
      why: "give an e-mail and a password to check the screens",
    });
    return [...rows, ...(await extensionRows(anonymous, documented, { month: tokyoMonth(now) }))];
  }

  let pair: TokenPair;
  try {
    pair = await requestToken(target, options.email, options.password);
  } catch (error) {
    rows.push({ feature: "ログイン", verdict: "fails", why: reason(error) });
    return rows;
  }
  const byCookie = (pair.cookies ?? []).map(([name]) => name);
  rows.push({
    feature: "ログイン",
    verdict: "works",
    why: byCookie.length > 0 ? `tokens as cookies (${byCookie.join(", ")})` : "tokens in the body",
  });
  rows.push(
    await attempt("トークン更新", async () => {
      pair = await refreshTokenPair(target, pair);
      return "POST /api/authentication_token/refresh answers a fresh pair";
    }),
  );

  const token = async () => pair.token;
  const api = createUpstreamClient({
    ...target,
    tokens: { current: token, renew: token },
    cookies: new PairJar(baseUrl, pair.cookies),
    log: () => {},
  });
  const claims = readClaims(pair.token);
  rows.push(
    await attempt("エリア・コース", async () => {
      const [regions, courses] = await Promise.all([getRegions(api), listCourses(api)]);
      return `${regions.length} regions, ${courses.member.length} courses`;
    }),
  );
  const month = tokyoMonth(now);
  const sample: { month: string; orderIri?: string; administratorId?: number } = { month };
  if (claims?.advertiser !== undefined) {
    rows.push(...(await advertiserRows(api, claims.advertiser, sample)));
  } else if (claims?.administrator !== undefined) {
    sample.administratorId = claims.administrator;
    rows.push(...(await administratorRows(api, month, sample)));
  }
  return [...rows, ...(await extensionRows(api, documented, sample))];
}

/**
 * A posts list's first page (its row), and the row of the filter or sort the screen offers only
 * where the list declares it; the first listed order becomes the bank-transfer probe's sample.
 */
async function postListRows(
  api: UpstreamClient,
  sample: { orderIri?: string },
  [listFeature, filters]: [string, Record<string, string | number>],
  [declaredFeature, section7]: [string, readonly string[]],
  offered: (declares: (variable: string) => boolean) => boolean,
): Promise<CheckRow[]> {
  let variables: ReadonlySet<string> | undefined;
  const list = await attempt(listFeature, async () => {
    const page = await firstPage(api, "/api/adv/posts", { ...filters, page: 1, itemsPerPage: 10 });
    variables = page.variables;
    sample.orderIri = firstOrderIri(page.member);
    return pagingNote(10, page);
  });
  return [list, declaredRow(declaredFeature, variables, section7, offered)];
}

async function advertiserRows(
  api: UpstreamClient,
  advertiserId: number,
  sample: { orderIri?: string },
): Promise<CheckRow[]> {
  const rows = await postListRows(
    api,
    sample,
    ["マイページ（広告一覧）", { owner: `/api/adv/clients/${advertiserId}` }],
    ["マイページのエリア並べ替え", SECTION7_VARIABLES.advertiserPosts],
    (declares) => areaOrder(declares, "asc") !== null,
  );
  rows.push(
    await attempt("メッセージ", async () =>
      pagingNote(10, await firstPage(api, "/api/adv/message_boxes", { page: 1, itemsPerPage: 10 })),
    ),
  );
  return rows;
}

async function administratorRows(
  api: UpstreamClient,
  month: string,
  sample: { orderIri?: string },
): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  rows.push(
    await attempt("承認待ち件数", async () => {
      const summary = await getSiteSummary(api);
      return `site_summary: ${summary.waiting_for_confirmation} waiting`;
    }),
  );
  rows.push(
    ...(await postListRows(
      api,
      sample,
      ["広告一覧（編集部）", { has_publishmentOrder: 1 }],
      ["広告一覧の状態絞り込み", SECTION7_VARIABLES.adminPosts],
      (declares) => declares(STATUS_VARIABLE),
    )),
  );
  rows.push(
    await attempt("広告主管理", async () =>
      pagingNote(
        300,
        await firstPage(api, "/api/adv/clients", {
          isDeleted: "false",
          page: 1,
          itemsPerPage: 300,
        }),
      ),
    ),
  );
  rows.push(
    await attempt("売上一覧", async () =>
      pagingNote(100, await firstPage(api, "/api/adv/sales", { month_recordedAt: month, page: 1 })),
    ),
  );
  return rows;
}

async function extensionRows(
  api: UpstreamClient,
  documented: Set<string> | null,
  sample: { month: string; orderIri?: string; administratorId?: number },
): Promise<CheckRow[]> {
  const registry = createExtensionRegistry({ log: () => {} });
  const names = Object.keys(EXTENSIONS) as ExtensionName[];
  const presences: Presence[] = documented
    ? names.map((name) =>
        documented.has(extensionKey(EXTENSIONS[name].call)) ? "present" : "absent",
      )
    : await Promise.all(names.map((name) => registry.probe(name, api, sample)));
  return names.map((name, i) => {
    const { call, unlocks, withoutIt } = EXTENSIONS[name];
    const presence = presences[i]!;
    if (presence === "present")
      return { feature: unlocks, verdict: "works", why: `${call} is there` };
    if (presence === "absent")
      return { feature: unlocks, verdict: "degrades", why: `no ${call}: ${withoutIt}` };
    return {
      feature: unlocks,
      verdict: "not checked",
      why: `${call}: needs a login that can call it`,
    };
  });
}

const MARK: Record<Verdict, string> = {
  works: "OK",
  degrades: "DEGRADED",
  fails: "FAILS",
  "not checked": "-",
};

/** Columns a terminal gives the text: Japanese (and other wide) characters take two. */
const displayWidth = (text: string) =>
  [...text].reduce((width, char) => width + (char.codePointAt(0)! >= 0x2e80 ? 2 : 1), 0);

/** The table the script prints: one line per feature. */
export function formatCheck(rows: readonly CheckRow[]): string {
  const width = Math.max(...rows.map((row) => displayWidth(row.feature)));
  return rows
    .map((row) => {
      const pad = " ".repeat(width - displayWidth(row.feature));
      return `${MARK[row.verdict].padEnd(9)} ${row.feature}${pad}  ${row.why}`;
    })
    .join("\n");
}
