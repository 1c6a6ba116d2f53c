// Security middleware: per-request CSP nonce, helmet headers, Origin check.
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";

export function nonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  };
}

/** The payment choice screen (AdvertiserAdvertisementsPublishmentComplete). */
export const PAYMENT_PAGE = /^\/advertiser\/advertisements\/\d+\/publishment\/complete\/?$/;

export function securityHeaders({
  dev,
  secure,
  imageOrigins = [],
  frameOrigins = [],
  formOrigins = [],
  paymentOrigin = null,
}: {
  dev: boolean;
  secure: boolean;
  /** Where ad images come from besides us (an external upstream's /media). */
  imageOrigins?: string[];
  /** Embedded store maps. */
  frameOrigins?: string[];
  /** The public news site the preview button posts to. */
  formOrigins?: string[];
  /** The card payment provider's origin (POP), allowed on the payment choice page only. */
  paymentOrigin?: string | null;
}): RequestHandler {
  const scriptNonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce}'`;
  // POP's script, pop-up frame and calls, only where they are needed; the sandbox is same-origin.
  const everywhere = policy([]);
  const paymentPage = paymentOrigin ? policy([paymentOrigin]) : everywhere;
  return (req, res, next) =>
    (PAYMENT_PAGE.test(req.path) ? paymentPage : everywhere)(req, res, next);

  function policy(payment: string[]): RequestHandler {
    return helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", scriptNonce, ...payment],
          // Mantine sets CSS variables in style attributes; scripts stay nonce-only.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
          "font-src": ["'self'", "data:"],
          "connect-src": [...(dev ? ["'self'", "ws:"] : ["'self'"]), ...payment],
          "frame-src": ["'self'", ...frameOrigins, ...payment],
          "frame-ancestors": ["'self'"],
          "form-action": ["'self'", ...formOrigins],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
          ...(secure ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      // Chromium sends `Origin: null` on form posts under no-referrer, which the Origin check refuses.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: secure,
      crossOriginEmbedderPolicy: false,
    });
  }
}

/** The origin this server is reached at: PUBLIC_ORIGIN when set, else the request's own host. */
function expectedOrigin(req: Request, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${req.protocol}://${req.get("host")}`;
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return "null";
  }
}

/**
 * CSRF defence beside SameSite=Lax: every non-GET request must come from our own origin (Origin
 * header, or Referer for old browsers that omit Origin on same-origin posts).
 */
export function originCheck(publicOrigin: string | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = originOf(req.get("origin")) ?? originOf(req.get("referer"));
    if (origin === expectedOrigin(req, publicOrigin)) return next();
    res.status(403).type("text/plain; charset=utf-8").send("不正なリクエストです。");
  };
}

/**
 * The host the React Router adapter will put in the request URL: `req.hostname` (which honours
 * TRUST_PROXY) with the port of X-Forwarded-Host or Host.
 */
function resolvedHost(req: Request): string {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("x-forwarded-host")), portOf(req.get("host"))].find(
    Number.isSafeInteger,
  );
  return `${req.hostname}${port ? `:${port}` : ""}`;
}

/**
 * Behind a proxy with PUBLIC_ORIGIN set, a request for another host is refused with a clear 400
 * (the router itself would abort every form post with a 500, and links would name the wrong host).
 * The proxy must pass the public Host, or X-Forwarded-Host with TRUST_PROXY (README).
 */
export function hostCheck(publicOrigin: string | undefined): RequestHandler {
  const expected = publicOrigin ? new URL(publicOrigin).host : undefined;
  return (req, res, next) => {
    if (!expected || resolvedHost(req) === expected) return next();
    res
      .status(400)
      .type("text/plain; charset=utf-8")
      .send(`このサーバーは ${publicOrigin} でご利用ください。(Host が一致しません)`);
  };
}

/**
 * Headers every response of the process carries, the embedded API's and media's included: no
 * MIME sniffing, HSTS on https, no framing by others, a referrer policy. The portal's pages add
 * their CSP below (`securityHeaders`); /site pages send their own.
 */
export function baseSecurityHeaders(secure: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Media may be shown by the public news site on another origin.
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: secure,
  });
}
