// Multipart forms with image uploads (ARCHITECTURE §4). The one module that uses Remix's
// unstable_ multipart API: each file part is read (at most 10 MB) and sent on to the upstream's
// media_objects as it arrives; the form keeps only what came back, or that file's error.
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import type { UpstreamClient } from "./upstream/client";
import { UpstreamViolationError } from "./upstream/errors";
import { uploadMedia, type MediaObject } from "./upstream/posts";

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_FAILED = "アップロードに失敗しました。";
const UPLOAD_TOO_LARGE = `${UPLOAD_FAILED}ファイルサイズは10MB以下にしてください。`;
const UPLOAD_RETRY = `${UPLOAD_FAILED}時間をおいて再度お試しください。`;
/** Text fields of these forms are short; this bounds memory for anything else. */
const TEXT_PART_MAX_BYTES = 256 * 1024;

export type UploadOutcome = { ok: true; media: MediaObject } | { ok: false; message: string };

/** The part's bytes, or null (after draining it) when it is larger than the cap. */
async function readCapped(data: AsyncIterable<Uint8Array>, cap: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= cap) chunks.push(chunk);
  }
  return size > cap ? null : { chunks, size };
}

/** Sends one file on; a refusal becomes that field's message, never an exception. */
async function forwardUpload(
  api: UpstreamClient,
  file: Blob,
  filename: string,
): Promise<UploadOutcome> {
  if (file.size > UPLOAD_MAX_BYTES) return { ok: false, message: UPLOAD_TOO_LARGE };
  try {
    return { ok: true, media: await uploadMedia(api, file, filename || "image") };
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      const reasons = error.violations.map((v) => v.message).join(" ");
      return { ok: false, message: `${UPLOAD_FAILED}${reasons}` };
    }
    console.warn(`upload failed: ${(error as Error).name}`);
    return { ok: false, message: UPLOAD_RETRY };
  }
}

/**
 * Reads a form whose file fields (`isFileField`) hold images: the returned form data has no
 * files, and `uploads` says per field what the upstream stored or why it failed. A file input
 * left empty is simply absent.
 */
export async function parseFormWithUploads(
  request: Request,
  api: UpstreamClient,
  isFileField: (name: string) => boolean,
) {
  const uploads = new Map<string, UploadOutcome>();
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    return { formData: await request.formData(), uploads };
  }
  const files: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (filename === undefined || !isFileField(name)) return undefined;
    const read = await readCapped(data, UPLOAD_MAX_BYTES);
    if (read === null) uploads.set(name, { ok: false, message: UPLOAD_TOO_LARGE });
    else if (read.size > 0 && filename !== "") {
      const blob = new Blob(read.chunks as BlobPart[], {
        type: contentType || "application/octet-stream",
      });
      uploads.set(name, await forwardUpload(api, blob, filename));
    }
    return "";
  };
  const formData = await unstable_parseMultipartFormData(
    request,
    unstable_composeUploadHandlers(
      files,
      unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES }),
    ),
  ).catch((error: unknown) => {
    // Only a crafted request has a text part this large: refuse it as too large.
    if (error instanceof MaxPartSizeExceededError) throw new Response(null, { status: 413 });
    throw error;
  });
  for (const name of [...formData.keys()]) if (isFileField(name)) formData.delete(name);
  return { formData, uploads };
}
