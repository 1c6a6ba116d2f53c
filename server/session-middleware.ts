// Opens the session (and the preview cookie) for each request and commits them once, as the
// response headers go out.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { PreviewVisitor } from "../app/.server/preview-visitor";
import { RequestSession, type CookieOptions } from "../app/.server/session";

export function sessionMiddleware(options: CookieOptions): RequestHandler {
  return (req, res, next) => {
    const session = RequestSession.fromCookieHeader(req.headers.cookie, options);
    const previewVisitor = PreviewVisitor.fromCookieHeader(req.headers.cookie, options.secure);
    res.locals.session = session;
    res.locals.previewVisitor = previewVisitor;
    onHeaders(res, function () {
      for (const cookie of [session.setCookieHeader(), previewVisitor.setCookieHeader()]) {
        if (cookie) this.appendHeader("Set-Cookie", cookie);
      }
      // Pages carry personal data and tokens change: never cache them anywhere.
      if (!this.getHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
    });
    next();
  };
}
