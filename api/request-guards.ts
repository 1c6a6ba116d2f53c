// What every request to the API passes before a handler sees it: a size limit on the body,
// counted while it streams, and a body that is a JSON object (or a form, or nothing).
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { ApiError, readBody } from "./hydra";

/** No JSON body of ours comes near it: an ad with five full bodies is about 80 KB. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE = "Request body too large (max 1 MiB).";

/** The image upload has its own, larger limit (10 MB), enforced by its route. */
const isMediaUpload = (c: Context) =>
  c.req.method === "POST" && c.req.path === "/api/adv/media_objects";

/** The provider's push is read raw by its adapter: the signature check comes before any parsing. */
const isPaymentPush = (c: Context) =>
  c.req.method === "POST" && c.req.path === "/api/adv/payment_push";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const limit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw new ApiError(413, BODY_TOO_LARGE);
  },
});

/**
 * Refuses a body over 1 MiB with 413: by its Content-Length before reading anything, or, for a
 * chunked body, as soon as the bytes read pass the limit (the rest is never read).
 */
export const limitBody: MiddlewareHandler = (c, next) =>
  isMediaUpload(c) ? next() : limit(c, next);

/**
 * A write's body must be a JSON object, a form or empty (readBody's 400 otherwise), also on the
 * routes that ignore their body (reapply, duplicate): a client that sends garbage learns it
 * before anything changes. The body stays cached for the handler's own readBody.
 */
export const requireObjectBody = createMiddleware(async (c, next) => {
  if (WRITE_METHODS.has(c.req.method) && !isMediaUpload(c) && !isPaymentPush(c)) {
    await readBody(c);
  }
  await next();
});
