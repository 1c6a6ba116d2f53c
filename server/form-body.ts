// The portal's pages take forms only: a non-GET request whose body is anything but
// application/x-www-form-urlencoded or multipart/form-data (what HTML forms and Remix's <Form>,
// with or without JS, send) is refused with 415 before Remix would fail on it with a 500.
import type { RequestHandler } from "express";

export const UNSUPPORTED_BODY_MESSAGE = "この形式の送信には対応していません。";

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** A body is there when its length is announced and not 0, or it is chunked. */
function hasBody(headers: { "content-length"?: string; "transfer-encoding"?: string }) {
  if (headers["transfer-encoding"] !== undefined) return true;
  const length = Number(headers["content-length"] ?? 0);
  return Number.isNaN(length) || length > 0;
}

/** Resource routes that answer in JSON, with their own 415 their scripts can show. */
const JSON_ROUTES = new Set(["/uploads"]);

export function formBodiesOnly(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (JSON_ROUTES.has(req.path)) return next();
    if (!hasBody(req.headers) || FORM_TYPE.test(req.get("content-type") ?? "")) return next();
    res.status(415).type("text/plain; charset=utf-8").send(UNSUPPORTED_BODY_MESSAGE);
  };
}
