// MediaObject: uploaded files (ad images). Serialisation and the /media/* file serving.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { recordAudit } from "../audit";
import type { ApiDeps, ApiEnv } from "../context";
import { mediaObjects } from "../db/schema";
import { badRequest, errorResponse, iri, jsonLd, notFound } from "../hydra";
import { enqueueJob } from "../publishing/jobs";
import { quarantineJobKey } from "../publishing/quarantine";
import { addressTag, checkQuarantineQuota, countQuarantinedBytes } from "../quarantine-quota";
import { QUARANTINE_MS, trialKeyHash } from "../trial-key";
import { MESSAGES, violation } from "../validation";
import { decodeUpload, variantPath, type ImageRefusal } from "./media-images";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A multipart body holds the file plus its headers and boundary; anything more is refused. */
const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export const UPLOAD_MESSAGES = {
  notImage: "画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。",
  tooLarge: "ファイルサイズは10MB以下にしてください。",
  portrait: "画像は横長または正方形のものを使用してください。",
  tooManyPixels: "画像の画素数が大きすぎます。4000万画素以下の画像を選択してください。",
  unreadable:
    "画像を読み込めませんでした。壊れていない画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。",
  quarantineFull: "アップロードできる容量の上限に達しました。しばらくしてから再度お試しください。",
} as const satisfies Record<ImageRefusal | "tooLarge" | "quarantineFull", string>;

/**
 * The upload's form data, read while counting: a declared or streamed length over the cap stops
 * the reading at once ("tooLarge"), so a chunked body without a length is never held whole; a
 * truncated or malformed body is "malformed".
 */
async function readUploadForm(request: Request): Promise<FormData | "tooLarge" | "malformed"> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_BODY_BYTES) return "tooLarge";
  if (!request.body) return "malformed";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_UPLOAD_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        return "tooLarge";
      }
      chunks.push(value);
    }
  } catch {
    return "malformed"; // the client went away mid-body
  }
  const bounded = new Response(new Blob(chunks as BlobPart[]), {
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
  });
  return bounded.formData().catch(() => "malformed" as const);
}

export const MEDIA_PREFIX = "/media/";

export function contentUrl(filePath: string): string {
  return MEDIA_PREFIX + filePath.split("/").map(encodeURIComponent).join("/");
}

/** null for an empty slot (a left join that found no file). */
export function serializeMediaObject(row: { id: number | null; filePath: string | null } | null) {
  if (!row || row.id === null || row.filePath === null) return null;
  return {
    "@id": iri("media_objects", row.id),
    "@type": "MediaObject",
    id: row.id,
    contentUrl: contentUrl(row.filePath),
  };
}

const MEDIA_CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

/** A media file's content type by its extension (served here, uploaded to WordPress). */
export const mediaContentType = (file: string) =>
  MEDIA_CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";

/**
 * The file under `mediaDir` named by a request path, or null when the path tries to leave the
 * directory, names a hidden file, or cannot be decoded.
 */
export function resolveMediaPath(mediaDir: string, requestPath: string): string | null {
  if (!requestPath.startsWith(MEDIA_PREFIX)) return null;
  let segments: string[];
  try {
    segments = requestPath.slice(MEDIA_PREFIX.length).split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
  const unsafe = (s: string) => s === "" || s.startsWith(".") || /[\\\0]/.test(s);
  if (segments.length === 0 || segments.some(unsafe)) return null;
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

export function mediaRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  // Upload (multipart, field "file"): images only, decoded with sharp (media-images.ts), at most
  // 10 MB and 40 megapixels, landscape or square once turned upright. Stored re-encoded under a
  // random name with its list and page copies beside it; the row remembers the uploading client.
  routes.post("/api/adv/media_objects", async (c) => {
    // Anonymous only with a trial key (auth.ts): the file goes into quarantine for 24 h, with the
    // job that deletes it unless create_trial claims it first (ADR 0012).
    const identity = c.get("identity");
    const keyHash = identity ? null : trialKeyHash(c);
    if (!identity && !keyHash) throw new Error("An anonymous upload without a trial key");
    const { mediaDir } = deps.config;
    if (!mediaDir) throw new Error("No media directory is configured");
    const type = c.req.header("Content-Type") ?? "";
    if (!/multipart\/form-data/i.test(type)) throw violation("file", MESSAGES.required);
    const form = await readUploadForm(c.req.raw);
    // The rest of a refused body is not read here; @hono/node-server drops a bounded amount of it
    // so the client sees the answer, then closes the connection.
    if (form === "tooLarge") return errorResponse(c, 413, UPLOAD_MESSAGES.tooLarge);
    if (form === "malformed") {
      throw badRequest("The multipart body could not be read (truncated or malformed).");
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw violation("file", MESSAGES.required);
    if (file.size > MAX_UPLOAD_BYTES) throw violation("file", UPLOAD_MESSAGES.tooLarge);
    const decoded = await decodeUpload(new Uint8Array(await file.arrayBuffer()));
    if (!decoded.ok) throw violation("file", UPLOAD_MESSAGES[decoded.reason]);
    const { image } = decoded;
    // A trial file must fit the quarantine's byte quotas before anything is written.
    const address = keyHash ? deps.clientAddress(c) : null;
    if (address !== null) {
      const verdict = await checkQuarantineQuota(deps, address, image.original.length);
      if (verdict !== "ok") {
        console.warn(
          `[api] trial upload refused: the ${verdict === "address" ? "address's" : "total"} quarantine quota is reached (address ${addressTag(address).slice(0, 12)})`,
        );
        throw violation("file", UPLOAD_MESSAGES.quarantineFull);
      }
    }

    const filePath = `${randomBytes(16).toString("hex")}.${image.extension}`;
    const files: [string, Buffer][] = [
      [filePath, image.original],
      [variantPath(filePath, "list"), image.variants.list],
      [variantPath(filePath, "page"), image.variants.page],
    ];
    await mkdir(mediaDir, { recursive: true });
    const removeFiles = () =>
      Promise.all(files.map(([name]) => rm(path.join(mediaDir, name), { force: true })));
    let row;
    try {
      for (const [name, bytes] of files) {
        await writeFile(path.join(mediaDir, name), bytes, { flag: "wx" });
      }
      const now = deps.clock();
      const expiresAt = keyHash ? new Date(now.getTime() + QUARANTINE_MS) : null;
      row = await deps.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(mediaObjects)
          .values({
            clientId: identity?.role === "advertiser" ? identity.clientId : null,
            filePath,
            contentType: image.type,
            width: image.width,
            height: image.height,
            size: image.original.length,
            createdAt: now,
            trialKeyHash: keyHash,
            quarantineExpiresAt: expiresAt,
          })
          .returning();
        // An administrator's upload, or one made while impersonating, is audited (an anonymous
        // trial upload is not: the trial it joins is).
        if (identity) {
          await recordAudit(tx, c, deps, {
            action: "media.upload",
            target: iri("media_objects", inserted!.id),
            changes: { file: { before: null, after: contentUrl(filePath) } },
          });
        }
        if (expiresAt) {
          await enqueueJob(tx, {
            kind: "quarantine_expiry",
            advertisementId: null,
            dedupeKey: quarantineJobKey(inserted!.id),
            runAt: expiresAt,
            payload: { mediaId: inserted!.id, filePath },
          });
        }
        // In the same transaction: a failed insert leaves no count behind.
        if (address !== null) await countQuarantinedBytes(tx, now, address, image.original.length);
        return inserted!;
      });
    } catch (error) {
      await removeFiles();
      throw error;
    }
    c.header("Location", iri("media_objects", row.id));
    return jsonLd(
      c,
      {
        "@context": "/api/contexts/MediaObject",
        ...serializeMediaObject(row),
        width: row.width,
        height: row.height,
        variants: {
          list: contentUrl(variantPath(filePath, "list")),
          page: contentUrl(variantPath(filePath, "page")),
        },
      },
      201,
    );
  });

  routes.get("/media/*", async (c) => {
    const { mediaDir } = deps.config;
    const file = mediaDir ? resolveMediaPath(mediaDir, new URL(c.req.url).pathname) : null;
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) throw notFound();
    const headers = {
      "Content-Type": mediaContentType(file),
      "Content-Length": String(info.size),
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      // Uploaded SVG must not run scripts in our origin.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    };
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200, headers);
  });

  return routes;
}
