// The one client for the upstream /api/adv Hydra API: base URL, bearer token, JSON-LD, timeouts
// (one time budget per portal request), typed errors, one retry after a 401 (renewing the
// token), the cookie jar of the token pair, a per-request GET memo, the request id sent as
// X-Request-Id, and each call's time and failure in the metrics.
import { Cookie, CookieJar } from "tough-cookie";
import { ZodError, type z } from "zod";
import { log as portalLog } from "../logger";
import { callTemplate, recordUpstreamCall, type UpstreamErrorKind } from "../metrics";
import { currentRequestScope } from "../request-scope";
import type { StoredCookie } from "../session";
import {
  budgetLeft,
  DEFAULT_UPSTREAM_BUDGET_MS,
  startBudgetedCall,
  type UpstreamBudget,
} from "./budget";
import {
  UpstreamError,
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
  UpstreamUnreadableError,
  UpstreamViolationError,
} from "./errors";
import { parseCollection, parseViolations, type Collection } from "./hydra";
import type { UpstreamTiming } from "./timing";

/** Supplies the bearer token; `renew` is called once after a 401 and may throw a redirect. */
export type TokenSource = {
  current(): Promise<string>;
  renew(rejected: string): Promise<string>;
};

type QueryValue = string | number | boolean | undefined | null;
/** A list value repeats its key (`status[]=new&status[]=reapplying`, API Platform's form). */
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

type RequestOptions = {
  query?: Query;
  json?: unknown;
  contentType?: string;
  body?: BodyInit;
  /** The Accept header; JSON-LD unless a binary body (a PDF) is wanted. */
  accept?: string;
};

export type UpstreamClientOptions = {
  baseUrl: string;
  tokens?: TokenSource;
  /** The longest one call may take; default: the budget's length (10 s without one). */
  timeoutMs?: number;
  /**
   * The request's time budget, shared by all its clients: every call ends when it is spent, and
   * a call after that is not sent (UpstreamUnavailableError at once).
   */
  budget?: UpstreamBudget;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /** Shared by every client of one request, so the same GET is made once per request. */
  memo?: Map<string, Promise<unknown>>;
  /** Which credentials the memo entries belong to (main or impersonated token). */
  memoScope?: string;
  /** The browser's address, sent as X-Forwarded-For so the upstream limits per person. */
  forwardedFor?: string;
  /** Sent on every call of this client (the trial form's X-Trial-Key, ADR 0012). */
  headers?: Record<string, string>;
  /** The request's call count and time (Server-Timing), shared by all its clients. */
  timing?: UpstreamTiming;
  /** The cookie jar of the token pair: sent with every call, what every answer sets kept. */
  cookies?: UpstreamCookies;
};

/** Where a client's cookies come from and what it sets go to (PairJar, or a session slot's). */
export type UpstreamCookies = {
  /** The Cookie header for a call to `url`, if the jar has any for it. */
  header(url: string): string | undefined;
  /** Keeps the Set-Cookie lines of an answer from `url`; `log` names what was refused. */
  keep(url: string, lines: readonly string[], log: (line: string) => void): void;
};

/**
 * A tough-cookie jar for one token pair, restored from and saved to its compact stored form (the
 * session cookie). Host-only cookies are the upstream URL's. Secure cookies travel over https and,
 * by tough-cookie's `allowSecureOnLocal` (default true), over http to localhost and loopback
 * addresses; over plain http to any other host they are refused (one log line), as a browser
 * refuses them: there the pair still works when the upstream also puts its tokens in the body.
 */
export class PairJar implements UpstreamCookies {
  private readonly jar = new CookieJar();
  /** The cookies the last kept answer set (name → value), expired ones (removals) aside. */
  lastSet = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    stored: readonly StoredCookie[] = [],
  ) {
    for (const [key, value, expires, path, domain, secure] of stored) {
      const cookie = new Cookie({
        key,
        value,
        path,
        secure: secure === 1,
        expires: expires ? new Date(expires * 1000) : "Infinity",
        ...(domain ? { domain, hostOnly: false } : {}),
      });
      this.jar.setCookieSync(cookie, this.baseUrl, { ignoreError: true });
    }
  }

  header(url: string): string | undefined {
    return this.jar.getCookieStringSync(url) || undefined;
  }

  keep(url: string, lines: readonly string[], log: (line: string) => void) {
    this.lastSet = new Map();
    for (const line of lines) {
      const cookie = Cookie.parse(line);
      if (!cookie) continue;
      try {
        this.jar.setCookieSync(cookie, url);
      } catch (error) {
        // The name and the reason only: the value may be a token.
        log(`upstream cookie ${cookie.key} not kept: ${(error as Error).message}`);
        continue;
      }
      if (cookie.TTL() > 0) this.lastSet.set(cookie.key, cookie.value);
    }
  }

  /** The live cookies, in their stored form. */
  get cookies(): StoredCookie[] {
    const now = new Date();
    const stored: StoredCookie[] = [];
    for (const serialized of this.jar.serializeSync()?.cookies ?? []) {
      const cookie = Cookie.fromJSON(serialized);
      if (!cookie || cookie.TTL(now.getTime()) <= 0) continue;
      const expiry = cookie.expiryTime(cookie.creation instanceof Date ? cookie.creation : now);
      stored.push([
        cookie.key,
        cookie.value,
        expiry !== undefined && Number.isFinite(expiry) ? Math.floor(expiry / 1000) : 0,
        cookie.path ?? "/",
        cookie.hostOnly ? "" : (cookie.domain ?? ""),
        cookie.secure ? 1 : 0,
      ]);
    }
    return stored;
  }
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== "")
        url.searchParams.append(key, String(one));
    }
  }
  return url.toString();
}

export function createUpstreamClient(options: UpstreamClientOptions) {
  const { baseUrl, tokens, budget, log = (line) => portalLog.warn(line) } = options;
  const timeoutMs = options.timeoutMs ?? budget?.ms ?? DEFAULT_UPSTREAM_BUDGET_MS;
  const doFetch = options.fetch ?? globalThis.fetch;
  const memo = options.memo ?? new Map<string, Promise<unknown>>();

  async function send(method: string, path: string, opts: RequestOptions, token?: string) {
    const headers: Record<string, string> = {
      ...options.headers,
      Accept: opts.accept ?? "application/ld+json, application/json",
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.forwardedFor) headers["X-Forwarded-For"] = options.forwardedFor;
    // The upstream's log lines then name the page request they served.
    const requestId = currentRequestScope()?.requestId;
    if (requestId) headers["X-Request-Id"] = requestId;
    const url = buildUrl(baseUrl, path, opts.query);
    const cookie = options.cookies?.header(url);
    if (cookie) headers.Cookie = cookie;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers["Content-Type"] =
        opts.contentType ??
        (method === "PATCH" ? "application/merge-patch+json" : "application/ld+json");
      body = JSON.stringify(opts.json);
    }
    const left = budget ? budgetLeft(budget) : timeoutMs;
    const call = callTemplate(method, path);
    // Under a millisecond is spent: timers fire on whole milliseconds, a little early by the
    // high-resolution clock, so a timed-out call may leave a fraction behind.
    if (left < 1) {
      log(`upstream ${call} not sent: the request's time budget is spent`);
      recordUpstreamCall(call, 0, "unreachable");
      throw new UpstreamUnavailableError(0, path);
    }
    const started = performance.now();
    const end = budget ? startBudgetedCall(budget, started) : () => {};
    let failure: UpstreamErrorKind | undefined;
    try {
      const response = await doFetch(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(Math.ceil(Math.min(timeoutMs, left))),
      });
      if (response.status >= 500) failure = "server_error";
      const setCookies = response.headers.getSetCookie();
      if (setCookies.length > 0) options.cookies?.keep(url, setCookies, log);
      return response;
    } catch (error) {
      // Network failure or timeout: log the path only, never headers (they carry the token).
      failure = "unreachable";
      log(`upstream ${call} failed: ${(error as Error).name}`);
      throw new UpstreamUnavailableError(0, path);
    } finally {
      end();
      const ms = performance.now() - started;
      recordUpstreamCall(call, ms / 1000, failure);
      if (options.timing) {
        options.timing.calls += 1;
        options.timing.ms += ms;
      }
    }
  }

  async function request(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<Response> {
    let token = tokens ? await tokens.current() : undefined;
    let response = await send(method, path, opts, token);
    if (response.status === 401 && tokens && token) {
      await response.body?.cancel();
      token = await tokens.renew(token);
      response = await send(method, path, opts, token);
    }
    if (response.ok) return response;

    const body = await response.json().catch(() => undefined);
    if (response.status >= 500) {
      log(`upstream ${callTemplate(method, path)} answered ${response.status}`);
      throw new UpstreamUnavailableError(response.status, path);
    }
    if (response.status === 422 || response.status === 400) {
      const violations = parseViolations(body);
      if (violations.length > 0) throw new UpstreamViolationError(path, violations);
    }
    if (response.status === 401) throw new UpstreamUnauthorizedError(401, path);
    if (response.status === 429) {
      const seconds = Number(response.headers.get("Retry-After"));
      throw new UpstreamRateLimitedError(
        path,
        Number.isFinite(seconds) && seconds > 0 ? seconds : 60,
      );
    }
    throw new UpstreamError(response.status, path, undefined, hydraDescription(body));
  }

  /**
   * Reads an answer with `read` (a zod parse): an answer that is not JSON or fails the parse is
   * an UpstreamUnreadableError (a 502 page) and one log line naming the call and the field, never
   * the values (they may be personal data).
   */
  async function readAnswer<T>(
    method: string,
    path: string,
    response: Response | undefined,
    read: (body: unknown) => T,
  ): Promise<T> {
    let body: unknown;
    try {
      body = response === undefined ? undefined : await response.json();
    } catch {
      log(`upstream ${callTemplate(method, path)} answer unreadable: not JSON`);
      throw new UpstreamUnreadableError(path, "");
    }
    try {
      return read(body);
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      const issue = error.issues[0];
      const field = issue?.path.join(".") ?? "";
      log(
        `upstream ${callTemplate(method, path)} answer unreadable at ${field || "(root)"}: ${issue?.code}`,
      );
      throw new UpstreamUnreadableError(path, field);
    }
  }

  const readJson = <T>(
    method: string,
    path: string,
    response: Response | undefined,
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  ) => readAnswer(method, path, response, (body) => schema.parse(body));

  return {
    request,
    readAnswer,
    /** GET an item; identical GETs within one request share one call. */
    get<T>(path: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, query?: Query): Promise<T> {
      const key = `${options.memoScope ?? ""} ${buildUrl(baseUrl, path, query)}`;
      let pending = memo.get(key) as Promise<T> | undefined;
      if (!pending) {
        pending = request("GET", path, { query }).then((r) => readJson("GET", path, r, schema));
        memo.set(key, pending);
        pending.catch(() => memo.delete(key));
      }
      return pending;
    },
    async getCollection<T>(
      path: string,
      item: z.ZodType<T, z.ZodTypeDef, unknown>,
      query?: Query,
    ): Promise<Collection<T>> {
      const response = await request("GET", path, { query });
      return readAnswer("GET", path, response, (body) => parseCollection(body, item));
    },
    async send<T>(
      method: "POST" | "PUT" | "PATCH" | "DELETE",
      path: string,
      json: unknown,
      schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    ) {
      const response = await request(method, path, { json });
      // 204 (or an empty 201/200): the schema decides whether no answer is enough.
      const empty = response.status === 204 || response.headers.get("Content-Length") === "0";
      return readJson(method, path, empty ? undefined : response, schema);
    },
    /**
     * POST without a body for a binary answer (a PDF): the upstream Response itself, so its body
     * streams on to the browser. Errors are thrown as for every other call.
     */
    postForBinary(path: string, accept: string): Promise<Response> {
      return request("POST", path, { accept });
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

/** The reason of a hydra:Error (or problem+json detail) answer, when it has one. */
function hydraDescription(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  const text = record["hydra:description"] ?? record.description ?? record.detail;
  return typeof text === "string" && text.trim() !== "" ? text : undefined;
}

/**
 * The body of a 2xx answer to a call that has acted upstream, or null when it is empty or not
 * JSON: such an answer still means the change was made, so the caller's schema decides what of it
 * to use and must accept null.
 */
export async function actedAnswerBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
