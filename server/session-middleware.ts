// Opens the session for each request and commits it once, as the response headers go out.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { RequestSession, type CookieOptions } from "../app/.server/session";

export function sessionMiddleware(options: CookieOptions): RequestHandler {
  return (req, res, next) => {
    const session = RequestSession.fromCookieHeader(req.headers.cookie, options);
    res.locals.session = session;
    onHeaders(res, function () {
      const cookie = session.setCookieHeader();
      if (cookie) this.appendHeader("Set-Cookie", cookie);
      // Pages carry personal data and tokens change: never cache them anywhere.
      if (!this.getHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
    });
    next();
  };
}
