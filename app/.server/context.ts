// What the server hands every loader and action of one request (getLoadContext).
import { env } from "./env";
import { LoginThrottle } from "./login-throttle";
import { PreviewVisitor } from "./preview-visitor";
import type { RequestSession, TokenPair } from "./session";
import { newUpstreamBudget, type UpstreamBudget } from "./upstream/budget";
import { newUpstreamTiming, type UpstreamTiming } from "./upstream/timing";

export type PortalContext = {
  nonce: string;
  session: RequestSession;
  /** The browser's preview cookie, which the news site's preview forms are signed for. */
  previewVisitor: PreviewVisitor;
  /** Base URL of the upstream API (ADV_API_URL, or this server's own loopback address). */
  upstreamUrl: string;
  /** The browser's address (Express `req.ip`), forwarded upstream for its rate limits. */
  clientAddress?: string;
  /** The page this request is for (path and query), where Login sends a logged-out user back. */
  requestPath?: string;
  /** Refreshes in flight during this request, keyed by refresh token (single flight). */
  refreshes: Map<string, Promise<TokenPair>>;
  /** GETs made during this request, so loaders running in parallel share one call. */
  memo: Map<string, Promise<unknown>>;
  /** The process's login throttle (one per portal app, configured from its settings). */
  loginThrottle: LoginThrottle;
  /** The upstream calls this request made (counted always, reported with SERVER_TIMING). */
  upstreamTiming: UpstreamTiming;
  /** The time this request may spend waiting on the upstream, all its calls together. */
  upstreamBudget: UpstreamBudget;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalContext {}
}

let defaultThrottle: LoginThrottle | undefined;

export function createPortalContext(
  init: Omit<
    PortalContext,
    "refreshes" | "memo" | "loginThrottle" | "upstreamTiming" | "previewVisitor" | "upstreamBudget"
  > & {
    loginThrottle?: LoginThrottle;
    /** The server's (which sets its cookie); else one for this request only. */
    previewVisitor?: PreviewVisitor;
    /** UPSTREAM_TIMEOUT_MS of the server's settings (default: the environment's). */
    upstreamBudgetMs?: number;
  },
): PortalContext {
  const { upstreamBudgetMs, ...rest } = init;
  const loginThrottle = init.loginThrottle ?? (defaultThrottle ??= LoginThrottle.fromEnv(env()));
  return {
    ...rest,
    previewVisitor: init.previewVisitor ?? new PreviewVisitor(undefined, false),
    loginThrottle,
    refreshes: new Map(),
    memo: new Map(),
    upstreamTiming: newUpstreamTiming(),
    upstreamBudget: newUpstreamBudget(upstreamBudgetMs ?? env().UPSTREAM_TIMEOUT_MS),
  };
}

/** Where and for whom this request calls the upstream. */
export function upstreamTarget(context: PortalContext) {
  return {
    baseUrl: context.upstreamUrl,
    forwardedFor: context.clientAddress,
    timing: context.upstreamTiming,
    budget: context.upstreamBudget,
  };
}
