// MediaObject: uploaded files (ad images). Serialisation and the /media/* file serving.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import type { ApiDeps, ApiEnv } from "../context";
import { iri, notFound } from "../hydra";

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
