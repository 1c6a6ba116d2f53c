// The portal's last error handler, after the router: an error it did not turn into a page (a
// download whose stream fails half-way, once its headers are sent) is logged by its name and
// message only — Express's own handler would print its stack — and the browser gets the generic
// error page, or a closed connection when the answer had already begun.
import type { ErrorRequestHandler } from "express";
import { log } from "../app/.server/logger";
import { UNEXPECTED_ERROR } from "../app/domain/error-texts";
import { errorLine } from "./error-line";

/** A bare page for answers given outside React Router (no layout, no script). */
export const plainPage = ({ title, body }: { title: string; body: string }) =>
  `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${title}` +
  `</title></head><body><h1>${title}</h1><p>${body}</p></body></html>`;

const PAGE = plainPage(UNEXPECTED_ERROR);

export const lastResort: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  log.error(`${req.method} failed after the page handler: ${errorLine(error)}`);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).type("text/html; charset=utf-8").send(PAGE);
};
