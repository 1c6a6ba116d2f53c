// The portal's pages take forms only, and forms of a bounded size. A non-GET request whose body is
// anything but application/x-www-form-urlencoded or multipart/form-data (what HTML forms and
// React Router's <Form>, with or without JS, send) is refused with 415 before the router fails
// on it with a 500; a body over its cap is refused with 413 and its connection closed, unread.
import type { Request, RequestHandler, Response } from "express";
import { AD_IMAGE_SLOTS } from "../shared/ad-page";
import { BODY_TOO_LARGE } from "../app/domain/error-texts";
import { formBodyLimit, UPLOAD_TOO_LARGE } from "../app/.server/uploads";
import { plainPage } from "./last-resort";

export const UNSUPPORTED_BODY_MESSAGE = "この形式の送信には対応していません。";

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const MULTIPART_TYPE = /^\s*multipart\/form-data\s*(;|$)/i;

/**
 * Any body but a multipart one. The forms posted url-encoded are small (a message of 2,000
 * characters is at most 18 KB encoded); the ad form and the trial, with five 5,000-character
 * bodies, are multipart and fall under the cap below.
 */
export const FORM_BODY_MAX_BYTES = 256 * 1024;
/** A multipart form: the ad form's five images of 10 MB each, its texts and the framing. */
export const MULTIPART_BODY_MAX_BYTES = formBodyLimit(AD_IMAGE_SLOTS.length);

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

const bodyCap = (req: Request) =>
  MULTIPART_TYPE.test(req.get("content-type") ?? "")
    ? MULTIPART_BODY_MAX_BYTES
    : FORM_BODY_MAX_BYTES;

/**
 * Caps every request body: one announced over its cap is refused at once, unread; one that
 * streams (chunked, or longer than announced) is counted as it arrives and refused when it
 * passes the cap. An answer given before anyone began to read the body (a 403, a 405, a 415)
 * closes the connection: Node would otherwise read all of what follows to keep it alive.
 */
export function limitBodies(): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req.headers)) return next();
    const cap = bodyCap(req);
    const announced = Number(req.headers["content-length"] ?? 0);
    if (announced > cap) return void refuseAtOnce(req, res, announced);
    res.setHeader("Connection", "close");
    let received = 0;
    // Counting must not start the flow: the body is read when (and if) a route reads it.
    req.pause();
    req.on("data", (chunk: Buffer) => {
      if (received === 0 && !res.headersSent) res.removeHeader("Connection");
      received += chunk.length;
      if (received > cap && received - chunk.length <= cap) refuseWhileReading(req, res);
    });
    next();
  };
}

/**
 * As the API does (api/request-guards.ts): a body announced a little over its cap is read and
 * dropped before the 413, since a client still sending it would meet a closed connection (a
 * reset) rather than the answer; one announced beyond this is not read at all.
 */
const DROP_MAX_BYTES = 16 * 1024 * 1024;
const DROP_MAX_MS = 2000;

/** The short Japanese page, or for the image field's script the JSON it shows (uploads.tsx). */
async function refuseAtOnce(req: Request, res: Response, announced: number) {
  if (announced <= DROP_MAX_BYTES) await dropBody(req);
  res.status(413).set("Connection", "close");
  if (JSON_ROUTES.has(req.path)) res.json({ ok: false, message: UPLOAD_TOO_LARGE });
  else res.type("text/html; charset=utf-8").send(plainPage(BODY_TOO_LARGE));
}

/** Reads the body to its end (Node stops at its Content-Length) and keeps none of it. */
function dropBody(req: Request): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DROP_MAX_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    for (const event of ["end", "error", "close"]) req.once(event, done);
    req.resume();
  });
}

/**
 * The router reads the body through the request's own events (@react-router/node's StreamPump): the
 * body's error is a thrown 413, which the action passes on and the router renders as its 413 page.
 * Reading stops here, and the connection closes once that page is sent.
 */
function refuseWhileReading(req: Request, res: Response) {
  req.pause();
  if (!res.headersSent) res.setHeader("Connection", "close");
  const refusal = new globalThis.Response(null, { status: 413 });
  if (req.listenerCount("error") > 0) req.emit("error", refusal);
}
