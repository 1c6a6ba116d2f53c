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

/**
 * A body announced a little over the limit is read and dropped before the 413: a client still
 * sending it would otherwise meet a closed connection (a reset, or the portal proxy's 502) rather
 * than the answer. One announced beyond this is not read at all.
 */
const DROP_MAX_BYTES = 16 * 1024 * 1024;
const DROP_MAX_MS = 2000;

const limit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: async (c) => {
    await dropAnnouncedBody(c);
    // The connection cannot carry another request (a body too large to drop, or a chunked one,
    // stays unread): the client is told to open a new one.
    c.header("Connection", "close");
    throw new ApiError(413, BODY_TOO_LARGE);
  },
});

async function dropAnnouncedBody(c: Context) {
  const body = c.req.raw.body;
  const announced = Number(c.req.header("Content-Length"));
  if (!body || body.locked || !(announced <= DROP_MAX_BYTES)) return;
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), DROP_MAX_MS);
  });
  try {
    for (;;) {
      const result = await Promise.race([reader.read(), deadline]);
      if (result === "late" || result.done) return;
    }
  } catch {
    // The client went away: nothing to drop.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refuses a body over 1 MiB with 413 and `Connection: close`: by its Content-Length before
 * handling anything (its rest dropped up to 16 MiB), or, for a chunked body, as soon as the bytes
 * read pass the limit (the rest is never read).
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

// ---------------------------------------------------------------------------------------------
// Content negotiation, as API Platform's ContentNegotiationProvider and DeserializeProvider do it
// (api-platform/core src/State/Provider/ContentNegotiationProvider.php, DeserializeProvider.php).
// Only the API Platform operations under /api/adv: the login, refresh and logout calls (Lexik,
// Gesdinet) and the payment provider's push keep their own formats.

/** API Platform's `formats` (jsonld, json): what a POST or PUT may send, what any call may ask for. */
export const JSON_INPUT_TYPES = ["application/ld+json", "application/json"] as const;
/** API Platform's `patch_formats`: a PATCH is a JSON merge patch, nothing else. */
export const PATCH_INPUT_TYPES = ["application/merge-patch+json"] as const;
/** The image upload (a custom operation with `inputFormats: ['multipart' => …]`). */
export const UPLOAD_INPUT_TYPES = ["multipart/form-data"] as const;

/** "application/ld+json; charset=utf-8" → "application/ld+json" */
const mediaType = (header: string) => header.split(";")[0]!.trim().toLowerCase();

const isNegotiated = (c: Context) => c.req.path.startsWith("/api/adv/") && !isPaymentPush(c);

function inputTypes(c: Context): readonly string[] {
  if (isMediaUpload(c)) return UPLOAD_INPUT_TYPES;
  return c.req.method === "PATCH" ? PATCH_INPUT_TYPES : JSON_INPUT_TYPES;
}

/** The operations that answer something else than JSON-LD, and what they answer. */
function outputTypes(c: Context): readonly string[] {
  if (
    c.req.method === "POST" &&
    /^\/api\/adv\/publishment_orders\/[^/]+\/(invoice|receipt)$/.test(c.req.path)
  ) {
    return ["application/pdf"];
  }
  return JSON_INPUT_TYPES;
}

/** Does an Accept header (with q-values) allow one of `types`? A missing or empty one allows all. */
export function acceptsAny(accept: string | undefined, types: readonly string[]): boolean {
  if (!accept || accept.trim() === "") return true;
  return accept.split(",").some((part) => {
    const [range, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!range) return false;
    const q = params.find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) return false;
    if (range === "*/*") return true;
    const [type, subtype] = range.split("/");
    return types.some((t) => {
      const [tt, ts] = t.split("/");
      return type === tt && (subtype === "*" || subtype === ts);
    });
  });
}

const list = (types: readonly string[]) => types.join('", "');

/**
 * 406 for an Accept header that names none of the operation's formats
 * (`Requested format "text/plain" is not supported. Supported MIME types are "…".`), 415 for a
 * write whose Content-Type is not one of the operation's input formats (`The content-type
 * "text/plain" is not supported. Supported MIME types are "application/merge-patch+json".`), and
 * 415 for a write with a body but no Content-Type (`The "Content-Type" header must exist.`).
 * DELETE and bodiless writes (reapply, duplicate) need no Content-Type, as in API Platform.
 */
export const negotiateContent = createMiddleware(async (c, next) => {
  if (!isNegotiated(c)) return next();
  if (WRITE_METHODS.has(c.req.method) && c.req.method !== "DELETE") {
    const contentType = c.req.header("Content-Type") ?? "";
    const accepted = inputTypes(c);
    if (contentType.trim() === "") {
      // Never read the upload's stream here; any other body is small (limitBody ran first).
      if (isMediaUpload(c) || (await c.req.text()).trim() !== "") {
        throw new ApiError(415, 'The "Content-Type" header must exist.');
      }
    } else if (!accepted.includes(mediaType(contentType))) {
      throw new ApiError(
        415,
        `The content-type "${contentType}" is not supported. Supported MIME types are "${list(accepted)}".`,
      );
    }
  }
  // After the input format, as ContentNegotiationProvider::provide() does (getInputFormat first).
  const accept = c.req.header("Accept");
  const produces = outputTypes(c);
  if (!acceptsAny(accept, produces)) {
    throw new ApiError(
      406,
      `Requested format "${accept}" is not supported. Supported MIME types are "${list(produces)}".`,
    );
  }
  await next();
});
