// Guards and token handling: every loader and action calls one of the require* helpers.
import { redirect, type AppLoadContext } from "react-router";
import {
  ROLE_ADMINISTRATOR,
  ROLE_ADVERTISER,
  ROLE_IMPERSONATOR,
  hasRoles,
  homePath,
  identityOf,
  secondsLeft,
  type Identity,
} from "./identity";
import type { Access } from "~/domain/routes";
import type { TokenPair } from "./session";
import {
  createUpstreamClient,
  PairJar,
  type TokenSource,
  type UpstreamClient,
  type UpstreamCookies,
} from "./upstream/client";
import {
  UpstreamError,
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
} from "./upstream/errors";
import { upstreamTarget } from "./context";
import { log as portalLog } from "./logger";
import {
  invalidateRefreshToken,
  isDeletedAdvertiser,
  pairAfterCookies,
  refreshTokenPair,
  switchUser,
} from "./upstream/authentication";
import { afterLoginPath, loginPath } from "./redirect-to";

/** Refresh when less than this many seconds of the access token remain (SPEC §9). */
export const REFRESH_MARGIN_SECONDS = 60;
export const SESSION_EXPIRED_MESSAGE =
  "一定時間が経過したため、ログアウトしました。再度ログインしてください。";

type Slot = "main" | "impersonation";

export type Auth = { identity: Identity; api: UpstreamClient };

/**
 * Ends the session and sends the user to Login with the spec's message, then back here. The
 * pairs still held end upstream too, as at logout: when an impersonation dies, the administrator's
 * own session behind it must not live on in a cookie that no longer names it.
 */
async function expireSession(context: AppLoadContext, dead?: TokenPair): Promise<never> {
  const { main, impersonation } = context.session;
  // Cleared before waiting: a parallel loader meeting the same death finds nothing left to end.
  context.session.clear({ kind: "error", message: SESSION_EXPIRED_MESSAGE });
  const alive = [impersonation, main].filter(
    (pair): pair is TokenPair => pair !== undefined && pair.refreshToken !== dead?.refreshToken,
  );
  await Promise.all(alive.map((pair) => invalidateRefreshToken(upstreamTarget(context), pair)));
  throw redirect(loginPath(context.requestPath));
}

/**
 * Whether the upstream refused the refresh token itself (gesdinet's 401s). Down (5xx, no answer)
 * or rate limited (gesdinet's 429: "not a credentials problem") leaves the session as it is.
 */
function isRefused(error: unknown): boolean {
  return (
    error instanceof UpstreamError &&
    error.status > 0 &&
    error.status < 500 &&
    !(error instanceof UpstreamRateLimitedError)
  );
}

/**
 * SPEC §6: an advertiser deleted since login is granted nothing, even if the upstream still
 * refreshes their tokens. Checked with each refreshed pair of the main slot (an impersonation
 * is the upstream's switch_user to decide): deleted, the fresh pair is ended and the refresh
 * counts as refused. The check down leaves the session alone: the next refresh asks again.
 */
async function refuseDeleted(context: AppLoadContext, fresh: TokenPair): Promise<void> {
  const target = upstreamTarget(context);
  const deleted = await isDeletedAdvertiser(target, fresh).catch((error: unknown) => {
    if (error instanceof UpstreamUnavailableError) return false;
    throw error;
  });
  if (!deleted) return;
  await invalidateRefreshToken(target, fresh);
  throw new UpstreamUnauthorizedError(401, "/api/authentication_token/refresh", "Deleted.");
}

/** Refreshes one slot's pair once per request and refresh token, however many loaders ask. */
async function refreshSlot(context: AppLoadContext, slot: Slot, pair: TokenPair): Promise<string> {
  let pending = context.refreshes.get(pair.refreshToken);
  if (!pending) {
    pending = refreshTokenPair(upstreamTarget(context), pair).then(async (fresh) => {
      if (slot === "main") await refuseDeleted(context, fresh);
      setSlot(context, slot, fresh);
      return fresh;
    });
    context.refreshes.set(pair.refreshToken, pending);
  }
  try {
    return (await pending).token;
  } catch (error) {
    if (isRefused(error)) await expireSession(context, pair);
    throw error;
  }
}

const slotPair = (context: AppLoadContext, slot: Slot) =>
  slot === "main" ? context.session.main : context.session.impersonation;

function setSlot(context: AppLoadContext, slot: Slot, pair: TokenPair) {
  if (slot === "main") context.session.setMain(pair);
  else context.session.setImpersonation(pair);
}

/** The token of one slot, refreshed as the spec says. */
function slotTokens(context: AppLoadContext, slot: Slot): TokenSource {
  return {
    async current() {
      const pair = slotPair(context, slot);
      if (!pair) return expireSession(context);
      if (secondsLeft(pair.token) < REFRESH_MARGIN_SECONDS) return refreshSlot(context, slot, pair);
      return pair.token;
    },
    async renew(rejected) {
      const pair = slotPair(context, slot);
      if (!pair) return expireSession(context);
      // Another call of this request may already have renewed the token.
      if (pair.token !== rejected) return pair.token;
      return refreshSlot(context, slot, pair);
    },
  };
}

/**
 * The cookie jar of one slot's pair, kept in the session: its cookies go with every call made
 * with the pair, and what an answer sets is stored back (a token it sets replaces the pair's).
 */
function slotCookies(context: AppLoadContext, slot: Slot): UpstreamCookies {
  const { baseUrl } = upstreamTarget(context);
  return {
    header(url) {
      const cookies = slotPair(context, slot)?.cookies;
      return cookies ? new PairJar(baseUrl, cookies).header(url) : undefined;
    },
    keep(url, lines, log) {
      const pair = slotPair(context, slot);
      if (!pair) return;
      const jar = new PairJar(baseUrl, pair.cookies);
      jar.keep(url, lines, log);
      setSlot(context, slot, pairAfterCookies(pair, jar));
    },
  };
}

/**
 * An upstream client that sends the token and cookies of one slot, and `headers` on every call
 * (the trial's X-Trial-Key when a logged-in advertiser continues the trial's draft, ADR 0012).
 */
export function upstreamFor(
  context: AppLoadContext,
  slot: Slot,
  headers?: Record<string, string>,
): UpstreamClient {
  return createUpstreamClient({
    ...upstreamTarget(context),
    memo: context.memo,
    memoScope: headers ? `${slot} ${Object.keys(headers).join(" ")}` : slot,
    tokens: slotTokens(context, slot),
    cookies: slotCookies(context, slot),
    headers,
  });
}

/** A streamed download is not expected to take longer than this (SPEC §9 margin aside). */
export const STREAM_TOKEN_SECONDS = 600;

/**
 * A client for a response that goes on calling the upstream after its headers are sent (the
 * sales CSV streams page by page): the Set-Cookie header is written when the response starts, so
 * a token renewed later could never reach the cookie, and the rotated refresh token would be
 * lost. The token is therefore renewed now if it would expire within `seconds`, and pinned.
 */
export async function upstreamForStream(
  context: AppLoadContext,
  seconds = STREAM_TOKEN_SECONDS,
): Promise<UpstreamClient> {
  const slot: Slot = context.session.impersonation ? "impersonation" : "main";
  const pair = slot === "main" ? context.session.main : context.session.impersonation;
  if (!pair) return expireSession(context);
  const token =
    secondsLeft(pair.token) < seconds ? await refreshSlot(context, slot, pair) : pair.token;
  return createUpstreamClient({
    ...upstreamTarget(context),
    // Page after page for as long as the download takes: each call has the budget's length alone.
    budget: undefined,
    timeoutMs: context.upstreamBudget.ms,
    memo: context.memo,
    memoScope: `${slot} stream`,
    tokens: { current: async () => token, renew: async () => token },
    cookies: slotCookies(context, slot),
  });
}

/** The effective identity, or undefined for an anonymous visitor. */
export function getIdentity(context: AppLoadContext): Identity | undefined {
  return identityOf(context.session);
}

/**
 * The guard: lets the request through only with every listed role, else sends it to Login. A
 * logged-out visitor comes back to this page after logging in; a logged-in user with the wrong
 * role only goes home (through Login).
 */
export async function requireRoles(
  context: AppLoadContext,
  roles: readonly string[],
): Promise<Auth> {
  const identity = getIdentity(context);
  if (!identity) throw redirect(loginPath(context.requestPath));
  if (!hasRoles(identity, roles)) throw redirect("/");
  const api = upstreamFor(context, context.session.impersonation ? "impersonation" : "main");
  return { identity, api };
}

export const requireAdvertiser = (context: AppLoadContext) =>
  requireRoles(context, [ROLE_ADVERTISER]);
export const requireAdministrator = (context: AppLoadContext) =>
  requireRoles(context, [ROLE_ADMINISTRATOR]);
/** For what both portals use (image uploads): whichever of the two roles the user has. */
export function requireAdvertiserOrAdministrator(context: AppLoadContext) {
  const identity = getIdentity(context);
  return identity && hasRoles(identity, [ROLE_ADMINISTRATOR])
    ? requireAdministrator(context)
    : requireAdvertiser(context);
}

/**
 * Login: a logged-in user is sent home instead (SPEC §2 Login), or on to the page a deep link was
 * for when their role may open it.
 */
export function redirectIfLoggedIn(context: AppLoadContext, redirectTo?: string | null) {
  const identity = getIdentity(context);
  if (homePath(identity)) throw redirect(afterLoginPath(redirectTo, identity));
}

/** 代理ログイン: switch to the advertiser with the administrator's token, keep both pairs. */
export async function impersonate(context: AppLoadContext, email: string): Promise<Response> {
  await requireAdministrator(context);
  const admin = { tokens: slotTokens(context, "main"), cookies: slotCookies(context, "main") };
  const pair = await switchUser(upstreamTarget(context), admin, email);
  context.session.setImpersonation(pair);
  return redirect("/advertiser");
}

/** 管理者画面に戻る: ends only the impersonated session (upstream too). */
export async function unimpersonate(context: AppLoadContext): Promise<Response> {
  await requireRoles(context, [ROLE_IMPERSONATOR]);
  const pair = context.session.impersonation;
  if (pair) await invalidateRefreshToken(upstreamTarget(context), pair);
  context.session.setImpersonation(undefined);
  return redirect("/administrator");
}

/** Logout ends the sessions upstream, so a saved copy of the cookie opens nothing afterwards. */
export async function logout(context: AppLoadContext): Promise<Response> {
  const pairs = [context.session.impersonation, context.session.main].filter(
    (p) => p !== undefined,
  );
  await Promise.all(pairs.map((pair) => invalidateRefreshToken(upstreamTarget(context), pair)));
  context.session.clear();
  return redirect("/");
}

/** The guard for a route-table access level (public passes). */
export async function requireAccess(
  context: AppLoadContext,
  access: Access,
): Promise<Auth | undefined> {
  if (access === "public") return undefined;
  return access === "advertiser" ? requireAdvertiser(context) : requireAdministrator(context);
}

/**
 * A client without a token, for the public calls (registration, prefectures). The trial form's
 * calls carry its key (ADR 0012): the anonymous upload is allowed only with one.
 */
export function anonymousUpstream(
  context: AppLoadContext,
  { trialKey }: { trialKey?: string } = {},
): UpstreamClient {
  return createUpstreamClient({
    ...upstreamTarget(context),
    memo: context.memo,
    memoScope: "anonymous",
    headers: trialKey ? { "X-Trial-Key": trialKey } : undefined,
  });
}

/**
 * Replaces the effective token pair (e.g. after an email change re-issued it); a pair from a body
 * keeps the slot's cookie jar.
 */
export function storeEffectiveTokens(context: AppLoadContext, pair: TokenPair) {
  const slot: Slot = context.session.impersonation ? "impersonation" : "main";
  const cookies = pair.cookies ?? slotPair(context, slot)?.cookies;
  setSlot(context, slot, cookies ? { ...pair, cookies } : pair);
}

/**
 * After an e-mail change (the upstream has acted: never an error page). A whole pair in the
 * answer replaces the stored one. Otherwise (§7 promises only `refreshToken`; an upstream may
 * answer nothing) the refresh token given, else the stored one, is exchanged for a fresh pair at
 * once, as a token issued for the old address may no longer be honoured. Refused, the session ends
 * with the expiry message (redirect to Login); upstream down, the session keeps the refresh token
 * and renews on its next call.
 */
export async function storeEmailChangeTokens(
  context: AppLoadContext,
  answer: Partial<TokenPair>,
  log: (line: string) => void = portalLog.warn,
): Promise<void> {
  if (answer.token && answer.refreshToken) {
    storeEffectiveTokens(context, { token: answer.token, refreshToken: answer.refreshToken });
    return;
  }
  const slot: Slot = context.session.impersonation ? "impersonation" : "main";
  const stored = slot === "main" ? context.session.main : context.session.impersonation;
  if (!stored) return expireSession(context);
  const pair = { ...stored, refreshToken: answer.refreshToken ?? stored.refreshToken };
  storeEffectiveTokens(context, pair);
  try {
    await refreshSlot(context, slot, pair);
  } catch (error) {
    if (error instanceof Response) throw error;
    log(
      `e-mail changed; the token refresh after it failed (${(error as Error).name}), retried later`,
    );
  }
}
