// The locality's own WordPress as the publisher (ADR 0010): the post is written through the REST API
// (wp/v2) with Basic auth on an application password. WordPress schedules the start itself
// (`status: future` with `date_gmt`); the lifecycle's takedown job calls `unpublish` at the end.
//
// The eye-catch: uploaded as media and set as `featured_media`. Its title carries a digest of the
// bytes (`ad-{id}-eyecatch-{sha256 prefix}`), so a later publish reads the previous media and
// reuses it when the image is unchanged, instead of adding a copy to the library on every sync.
// A replaced eye-catch's old media is left in the library (an editor may have used it elsewhere).
//
// Every request goes through the outbound guard (outbound-guard.ts): the URL is an administrator's
// input, so this machine and its private network are refused, redirects included, and the
// password goes only to the configured origin. Failures throw PublishError with a short category
// and, for WordPress's known error codes, a hint an administrator can act on; the remote status
// and code go to the server log only (one line, never the password or the Authorization header).
import { createHash } from "node:crypto";
import { periodPhase } from "../domain/publishment";
import {
  createOutboundGuard,
  OutboundRefused,
  type GuardedFetch,
  type OutboundGuard,
} from "./outbound-guard";
import { wordpressContent, wordpressTitle } from "./publisher-wordpress-content";
import { PublishError, type PublishableAd, type PublishedCopy, type Publisher } from "./publisher";

export interface WordPressSettings {
  /** The site's REST root, e.g. https://news.example.jp/wp-json (wpRestUrl). */
  restUrl: string;
  user: string;
  /** An application password. */
  password: string;
  /** The bytes of an ad image given its absolute URL (the API reads its own media directory). */
  readImage: (url: string) => Promise<{ data: Uint8Array; contentType: string; filename: string }>;
  /** Where requests may go (the operator's allow list); one refusing private addresses by default. */
  guard?: OutboundGuard;
  /** Another fetch (tests: the one msw intercepts); undici's, through the guard's pool, by default. */
  fetch?: GuardedFetch;
  /** The server log's line of a failure; console.error by default. */
  log?: (line: string) => void;
  /** The clock deciding `future` or `publish` (tests inject it); now by default. */
  now?: () => Date;
  /** Milliseconds per request before it is given up (an upload gets three times as long). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** What editors read of a failure (syncError): a category, never the remote status or body. */
export const WORDPRESS_FAILURES = {
  unreachable: "接続できませんでした",
  authentication: "認証に失敗しました",
  error: "WordPressがエラーを返しました",
  notAllowed: "接続先が許可されていません",
} as const;

/** What an administrator can do about WordPress's error codes (wp-includes, REST controllers). */
const HINTS: Record<string, string> = {
  incorrect_password: "アプリケーションパスワードを確認してください",
  invalid_username: "WordPress のユーザー名を確認してください",
  invalid_email: "WordPress のユーザー名を確認してください",
  application_passwords_disabled: "WordPress でアプリケーションパスワードが無効です",
  rest_not_logged_in: "ユーザー名とアプリケーションパスワードを確認してください",
  rest_cannot_create: "このユーザーには投稿を作成する権限がありません",
  rest_cannot_edit: "このユーザーにはこの投稿を編集する権限がありません",
  rest_cannot_publish: "このユーザーには公開する権限がありません",
  rest_cannot_assign_term: "このユーザーの権限を確認してください",
  rest_upload_user_quota_exceeded: "WordPress のアップロード容量を確認してください",
  rest_upload_sideload_error: "この画像形式は WordPress にアップロードできません",
  rest_invalid_featured_media: "アイキャッチ画像が WordPress にありません",
  rest_no_route: "REST API の URL を確認してください",
};
const REDIRECTED_HINT = "REST API の URL を確認してください（転送されました）";
const NOT_ALLOWED_HINT =
  "社内・ローカルのアドレスには接続できません。エリア管理で URL を確認してください";

type Json = Record<string, unknown>;

/** `{restUrl}/wp/v2/…`, also for a root given as `…/index.php?rest_route=` (plain permalinks). */
function endpoint(restUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(restUrl);
  const route = url.searchParams.get("rest_route");
  if (route !== null) {
    url.searchParams.set("rest_route", `${route.replace(/\/+$/, "")}${path}`);
  } else {
    url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  }
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

/** `2026-12-01T15:00:00`: WordPress reads date_gmt without a zone as UTC. */
const gmt = (date: Date) => date.toISOString().slice(0, 19);

/** The media title that tells a later publish whether the eye-catch changed. */
function mediaTitle(adId: number, data: Uint8Array): string {
  const digest = createHash("sha256").update(data).digest("hex").slice(0, 16);
  return `ad-${adId}-eyecatch-${digest}`;
}

/** Only a plain name in Content-Disposition (no quotes, paths or line breaks). */
function safeFilename(name: string, contentType: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[._]+/, "");
  if (/\.[A-Za-z0-9]+$/.test(clean)) return clean;
  const ext = contentType.split("/")[1]?.replace(/[^a-z0-9]/g, "") || "bin";
  return `${clean || "eyecatch"}.${ext === "jpeg" ? "jpg" : ext}`;
}

/** A request's outcome: WordPress's parsed JSON and status, and where it ended. */
interface Answer {
  status: number;
  body: Json | null;
  method: string;
  /** The last URL asked (after redirects). */
  url: URL;
  /** A redirect left the configured origin, or was the last answer. */
  redirected: boolean;
}

/** The server log's name of a request: origin and path, never a query or user info. */
const where = (method: string, url: URL) => `${method} ${url.origin}${url.pathname}`;

class WordPressClient {
  private readonly guard: OutboundGuard;
  private readonly auth: string;
  private readonly origin: string;
  private readonly log: (line: string) => void;

  constructor(private readonly settings: WordPressSettings) {
    this.guard = settings.guard ?? createOutboundGuard();
    this.auth = `Basic ${Buffer.from(`${settings.user}:${settings.password}`, "utf8").toString("base64")}`;
    this.origin = new URL(settings.restUrl).origin;
    this.log = settings.log ?? ((line) => console.error(line));
  }

  /** One request; the parsed JSON answer and the status. Refusals and network failures throw. */
  async request(
    step: string,
    method: "GET" | "POST",
    path: string,
    options: { query?: Record<string, string>; json?: Json; raw?: Uint8Array; headers?: Json } = {},
  ): Promise<Answer> {
    const timeout = (this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS) * (options.raw ? 3 : 1);
    const headers: Record<string, string> = {
      Accept: "application/json",
      Authorization: this.auth,
      ...(options.headers as Record<string, string> | undefined),
    };
    let body: BodyInit | undefined;
    if (options.json) {
      headers["Content-Type"] = "application/json; charset=utf-8";
      body = JSON.stringify(options.json);
    } else if (options.raw) {
      body = new Blob([options.raw as Uint8Array<ArrayBuffer>]);
    }
    const target = endpoint(this.settings.restUrl, path, options.query);
    let result: { response: Response; url: URL };
    try {
      // The guard follows redirects itself, the password only within the configured origin.
      result = await this.guard.fetch(
        target,
        { method, headers, body, signal: AbortSignal.timeout(timeout) },
        { fetch: this.settings.fetch },
      );
    } catch (error) {
      throw this.unreachable(step, method, new URL(target), error);
    }
    const { response, url } = result;
    let parsed: Json | null = null;
    try {
      const value: unknown = await response.json();
      if (value && typeof value === "object" && !Array.isArray(value)) parsed = value as Json;
    } catch {
      // Not JSON (a proxy's error page, a PHP notice): reported with the status alone.
    }
    const redirected =
      url.origin !== this.origin || (response.status >= 300 && response.status < 400);
    return { status: response.status, body: parsed, method, url, redirected };
  }

  /** A request that got no answer: refused by the guard, or no connection. */
  private unreachable(step: string, method: string, url: URL, error: unknown): PublishError {
    if (error instanceof OutboundRefused) {
      this.log(`[api] WordPress ${step}: ${where(method, url)} refused: ${error.reason}`);
      return new PublishError(
        `WordPress ${step}: ${WORDPRESS_FAILURES.notAllowed}（${NOT_ALLOWED_HINT}）`,
      );
    }
    // Names and codes only: an error's message may quote the URL as typed.
    const name = (error as Error).name;
    const cause = (error as { cause?: { code?: unknown } }).cause;
    const code = typeof cause?.code === "string" ? ` ${cause.code}` : "";
    this.log(`[api] WordPress ${step}: ${where(method, url)} failed: ${name}${code}`);
    return new PublishError(`WordPress ${step}: ${WORDPRESS_FAILURES.unreachable}`);
  }

  /** The PublishError of a refused request: a category and a hint; the status goes to the log. */
  refused(step: string, answer: Answer): PublishError {
    const { status, body } = answer;
    const code =
      typeof body?.code === "string" ? body.code.replace(/[^\w.-]/g, "").slice(0, 60) : "";
    this.log(
      `[api] WordPress ${step}: ${where(answer.method, answer.url)} answered HTTP ${status}${code ? ` ${code}` : ""}`,
    );
    const known = code ? HINTS[code] : undefined;
    // 401 is WordPress's answer to a request it could not authenticate, whatever the code says
    // (a wrong application password comes back as rest_cannot_create with 401).
    const category =
      status === 401 && !answer.redirected
        ? WORDPRESS_FAILURES.authentication
        : WORDPRESS_FAILURES.error;
    const hint = answer.redirected
      ? REDIRECTED_HINT
      : status === 401 && (!known || code.startsWith("rest_cannot_"))
        ? HINTS.rest_not_logged_in
        : known;
    return new PublishError(`WordPress ${step}: ${category}${hint ? `（${hint}）` : ""}`);
  }
}

const idOf = (body: Json | null): number | null =>
  typeof body?.id === "number" && Number.isInteger(body.id) && body.id > 0 ? body.id : null;

const rawTitle = (body: Json | null): string | null => {
  const title = body?.title as Json | undefined;
  return typeof title?.raw === "string" ? title.raw : null;
};

/** The media id to feature: the previous one when its bytes match, else a new upload; 0 for none. */
async function featuredMedia(
  client: WordPressClient,
  settings: WordPressSettings,
  ad: PublishableAd,
  previous: PublishedCopy | null,
): Promise<number> {
  if (!ad.eyeCatchUrl) return 0;
  let image: Awaited<ReturnType<WordPressSettings["readImage"]>>;
  try {
    image = await settings.readImage(ad.eyeCatchUrl);
  } catch {
    throw new PublishError("WordPress アイキャッチ画像: 画像を読み込めません");
  }
  const title = mediaTitle(ad.advertisementId, image.data);
  const previousId = previous?.externalMediaId ? Number(previous.externalMediaId) : NaN;
  if (Number.isInteger(previousId) && previousId > 0) {
    const known = await client.request(
      "アイキャッチ画像の確認",
      "GET",
      `/wp/v2/media/${previousId}`,
      {
        query: { context: "edit" },
      },
    );
    // Anything but the same bytes (changed, deleted, unreadable) uploads anew.
    if (known.status === 200 && rawTitle(known.body) === title) return previousId;
  }
  const filename = safeFilename(image.filename, image.contentType);
  const uploaded = await client.request("アイキャッチ画像のアップロード", "POST", "/wp/v2/media", {
    // WordPress reads the other fields of a raw upload from the query string.
    query: { title },
    raw: image.data,
    headers: {
      "Content-Type": image.contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
  const id = idOf(uploaded.body);
  if (uploaded.status !== 201 || id === null) {
    throw client.refused("アイキャッチ画像のアップロード", uploaded);
  }
  return id;
}

export function wordpressPublisher(settings: WordPressSettings): Publisher {
  const client = new WordPressClient(settings);
  const now = settings.now ?? (() => new Date());

  return {
    kind: "wordpress",

    async publish(ad, previous) {
      const media = await featuredMedia(client, settings, ad, previous);
      // Before the period WordPress holds the post back itself (status future, dated the start).
      const future = periodPhase(ad, now()) === "scheduled";
      const post: Json = {
        title: wordpressTitle(ad),
        content: wordpressContent(ad),
        featured_media: media,
        status: future ? "future" : "publish",
        date_gmt: gmt(ad.publishesAt),
      };
      const previousId = previous ? Number(previous.externalId) : NaN;
      let answer: Answer | null = null;
      if (Number.isInteger(previousId) && previousId > 0) {
        answer = await client.request("投稿の更新", "POST", `/wp/v2/posts/${previousId}`, {
          json: post,
        });
        // Deleted on the site (or emptied from the trash): written again as a new post.
        if (answer.status === 404) answer = null;
        else if (answer.status !== 200) throw client.refused("投稿の更新", answer);
      }
      if (!answer) {
        answer = await client.request("投稿の作成", "POST", "/wp/v2/posts", { json: post });
        if (answer.status !== 201) throw client.refused("投稿の作成", answer);
      }
      const id = idOf(answer.body);
      const link = answer.body?.link;
      if (id === null || typeof link !== "string" || !link) {
        throw new PublishError("WordPress 投稿: 応答に投稿の ID または URL がありません");
      }
      return {
        postUrl: link,
        externalId: String(id),
        externalMediaId: media ? String(media) : null,
      };
    },

    async unpublish(copy) {
      const id = Number(copy.externalId);
      if (!Number.isInteger(id) || id <= 0) return; // Never written to WordPress: nothing to take down.
      const answer = await client.request("投稿の取り下げ", "POST", `/wp/v2/posts/${id}`, {
        json: { status: "draft" },
      });
      // 404: deleted on the site, already down. A draft answers 200 again.
      if (answer.status === 200 || answer.status === 404) return;
      throw client.refused("投稿の取り下げ", answer);
    },
  };
}
