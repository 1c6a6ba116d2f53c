// MediaObject: uploaded files (ad images). Serialisation and the /media/* file serving.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { currentIdentity } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { mediaObjects } from "../db/schema";
import { readImageInfo } from "../domain/image-size";
import { iri, jsonLd, notFound } from "../hydra";
import { MESSAGES, violation } from "../validation";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  notImage: "画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。",
  tooLarge: "ファイルサイズは10MB以下にしてください。",
  portrait: "画像は横長または正方形のものを使用してください。",
} as const;

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

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

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

  // Upload (multipart, field "file"): images only, recognised by their bytes, at most 10 MB,
  // landscape or square. Stored under a random name; the row remembers the uploading client.
  routes.post("/api/adv/media_objects", async (c) => {
    const identity = currentIdentity(c);
    const { mediaDir } = deps.config;
    if (!mediaDir) throw new Error("No media directory is configured");
    const declared = Number(c.req.header("Content-Length") ?? "0");
    // A body far beyond the limit is refused before it is read.
    if (declared > MAX_UPLOAD_BYTES + 64 * 1024) throw violation("file", UPLOAD_MESSAGES.tooLarge);
    const type = c.req.header("Content-Type") ?? "";
    if (!/multipart\/form-data/i.test(type)) throw violation("file", MESSAGES.required);
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) throw violation("file", MESSAGES.required);
    if (file.size > MAX_UPLOAD_BYTES) throw violation("file", UPLOAD_MESSAGES.tooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = readImageInfo(bytes);
    if (!image) throw violation("file", UPLOAD_MESSAGES.notImage);
    if (image.width < image.height) throw violation("file", UPLOAD_MESSAGES.portrait);

    const filePath = `${randomBytes(16).toString("hex")}.${image.extension}`;
    await mkdir(mediaDir, { recursive: true });
    const absolute = path.join(mediaDir, filePath);
    await writeFile(absolute, bytes, { flag: "wx" });
    let row;
    try {
      [row] = await deps.db
        .insert(mediaObjects)
        .values({
          clientId: identity.role === "advertiser" ? identity.clientId : null,
          filePath,
          contentType: image.type,
          width: image.width,
          height: image.height,
          size: bytes.length,
          createdAt: deps.clock(),
        })
        .returning();
    } catch (error) {
      await rm(absolute, { force: true });
      throw error;
    }
    c.header("Location", iri("media_objects", row!.id));
    return jsonLd(
      c,
      {
        "@context": "/api/contexts/MediaObject",
        ...serializeMediaObject(row!),
        width: row!.width,
        height: row!.height,
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
      "Content-Type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
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
