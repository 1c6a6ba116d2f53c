// Security middleware: per-request CSP nonce, helmet headers, Origin check, login rate limit.
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";

export function nonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  };
}

export function securityHeaders({
  dev,
  secure,
  imageOrigins = [],
  frameOrigins = [],
  formOrigins = [],
}: {
  dev: boolean;
  secure: boolean;
  /** Where ad images come from besides us (an external upstream's /media). */
  imageOrigins?: string[];
  /** Embedded store maps. */
  frameOrigins?: string[];
  /** The public news site the preview button posts to. */
  formOrigins?: string[];
}): RequestHandler {
  const scriptNonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", scriptNonce],
        // Mantine sets CSS variables in style attributes; scripts stay nonce-only.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
        "font-src": ["'self'", "data:"],
        "connect-src": dev ? ["'self'", "ws:"] : ["'self'"],
        "frame-src": ["'self'", ...frameOrigins],
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

export const LOGIN_RATE_LIMITED_MESSAGE =
  "ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。";

/** Login attempts per client address and minute (per process; a soft brake on guessing). */
export function loginRateLimit(limit: number): RequestHandler {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).type("text/plain; charset=utf-8").send(LOGIN_RATE_LIMITED_MESSAGE);
    },
  });
  return (req, res, next) => {
    const isLogin = req.method === "POST" && (req.path === "/" || req.path === "/_root.data");
    return isLogin ? limiter(req, res, next) : next();
  };
}
