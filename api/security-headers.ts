// Security headers of every API response, errors included. The API answers before the portal's
// helmet (server/app.ts), so it sends its own: JSON and tokens are never cached, sniffed or framed.
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";

/** A JSON API loads nothing and is shown in no frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers a response may set for itself are only filled in when missing: the news site's pages
 * (/site/*) send their own CSP and cache policy, the media files (/media/*) their own cache policy.
 */
const common = secureHeaders({
  overwrite: false,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  referrerPolicy: "no-referrer",
  strictTransportSecurity: "max-age=31536000; includeSubDomains",
  xFrameOptions: "DENY",
  // Set per prefix below: ad images are embedded by other origins (a portal or news site that
  // uses this API from elsewhere), JSON is not.
  crossOriginResourcePolicy: false,
});

const byPrefix = createMiddleware(async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (c.req.path.startsWith("/api/")) {
    // Tokens and personal data: no cache anywhere, whatever a handler said.
    headers.set("Cache-Control", "no-store");
    headers.set("Content-Security-Policy", API_CSP);
    headers.set("Cross-Origin-Resource-Policy", "same-origin");
  } else if (c.req.path.startsWith("/media/")) {
    headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  } else if (!headers.has("Cross-Origin-Resource-Policy")) {
    headers.set("Cross-Origin-Resource-Policy", "same-origin");
  }
  // Errors (404 of an unknown file, …) are not kept: the file may exist a moment later.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
});

/** Registered first, so it also covers 401s of the authentication and every error response. */
export const securityHeaders: MiddlewareHandler[] = [common, byPrefix];
