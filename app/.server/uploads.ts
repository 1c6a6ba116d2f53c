// Multipart forms with image uploads (ARCHITECTURE §4). The one module that reads multipart
// bodies, with @fastify/busboy (a streaming parser): each file part is read to its end and, if it is at
// most 10 MB, sent on to the upstream's media_objects; the form keeps only what came back, or that
// file's error. The whole body is counted as it streams and reading stops at a cap, so no request,
// with or without a Content-Length, is ever read past it; a body that cannot be read is a 400.
// A portrait photo is sent as its landscape centre crop, and the outcome says so (issue 30).
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { cropPortrait } from "./portrait-crop";
import type { UpstreamClient } from "./upstream/client";
import { log } from "./logger";
import { UpstreamUnavailableError, UpstreamViolationError } from "./upstream/errors";
import { uploadMedia, type MediaObject } from "./upstream/posts";

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_FAILED = "アップロードに失敗しました。";
export const UPLOAD_TOO_LARGE = `${UPLOAD_FAILED}ファイルサイズは10MB以下にしてください。`;
const UPLOAD_RETRY = `${UPLOAD_FAILED}時間をおいて再度お試しください。`;
/** Every text field of a form together; the ad form's longest is five 5,000-character bodies. */
const TEXT_MAX_BYTES = 1024 * 1024;

/** The body cap of a form that may carry `files` images: those, the text fields, the framing. */
export const formBodyLimit = (files: number) => files * UPLOAD_MAX_BYTES + TEXT_MAX_BYTES;

export type UploadOutcome =
  /** `cropped`: the file was portrait and its centre crop was stored instead (CROPPED_NOTICE). */
  | { ok: true; media: MediaObject; cropped?: boolean }
  | { ok: false; message: string; tooLarge?: boolean; unavailable?: boolean };

/**
 * Where a form's files go: one client, or one chosen from the text fields read before the file
 * (the trial form's key and honeypot precede its file inputs); null skips the file unsent.
 */
export type UploadTarget =
  UpstreamClient | ((fieldsSoFar: ReadonlyMap<string, string>) => UpstreamClient | null);

class BodyTooLargeError extends Error {}

/** What is read and dropped of a refused body before the connection is closed. */
const LINGER_MAX_BYTES = 16 * 1024 * 1024;
const LINGER_MAX_MS = 2000;

/**
 * A request's body, counted as it streams: past `maxBytes` it errors with BodyTooLargeError and
 * nothing more is passed on. The source is not cancelled then (that destroys the socket before
 * the answer is sent): `refuse` answers first and `linger` closes afterwards.
 */
class CountedBody {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  /** The bytes read so far. */
  size = 0;
  readonly stream: ReadableStream<Uint8Array>;

  constructor(body: ReadableStream<Uint8Array>, maxBytes: number) {
    this.reader = body.getReader();
    this.stream = new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          const { done, value } = await this.reader.read();
          if (done) return controller.close();
          this.size += value.byteLength;
          if (this.size > maxBytes) return controller.error(new BodyTooLargeError());
          controller.enqueue(value);
        },
      },
      { highWaterMark: 0 },
    );
  }

  /**
   * The answer to a body that was not read whole: 400 (truncated or malformed), 413 (over the
   * cap), 415 (not a form). A client still sending would not see an answer if the connection were
   * reset at once, so what it goes on sending is read and dropped (never kept), up to a bound;
   * then the connection is closed.
   */
  refuse(status: 400 | 413 | 415): Response {
    void this.linger();
    return new Response(null, { status });
  }

  private async linger() {
    let dropped = 0;
    const deadline = setTimeout(
      () => void this.reader.cancel().catch(() => undefined),
      LINGER_MAX_MS,
    );
    try {
      while (dropped <= LINGER_MAX_BYTES) {
        const { done, value } = await this.reader.read();
        if (done) return;
        dropped += value.byteLength;
      }
      await this.reader.cancel();
    } catch {
      // The client went away or the deadline closed it: nothing left to do.
    } finally {
      clearTimeout(deadline);
    }
  }
}

/** Sends one file on; a refusal becomes that field's message, never an exception. */
async function forwardUpload(
  api: UpstreamClient,
  file: Blob,
  filename: string,
): Promise<UploadOutcome> {
  try {
    return { ok: true, media: await uploadMedia(api, file, filename || "image") };
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      const reasons = error.violations.map((v) => v.message).join(" ");
      return { ok: false, message: `${UPLOAD_FAILED}${reasons}` };
    }
    log.warn(`upload failed: ${(error as Error).name}`);
    return {
      ok: false,
      message: UPLOAD_RETRY,
      unavailable: error instanceof UpstreamUnavailableError,
    };
  }
}

/**
 * Sends one read file on: a portrait photo as its centre crop (the upstream would refuse it), any
 * other file byte for byte; when the crop fails the original goes and meets the upstream's refusal.
 */
async function sendImage(
  api: UpstreamClient,
  chunks: Uint8Array[],
  filename: string,
  contentType: string,
): Promise<UploadOutcome> {
  const cropped = await cropPortrait(Buffer.concat(chunks));
  const blob = new Blob((cropped ? [cropped] : chunks) as BlobPart[], {
    type: contentType || "application/octet-stream",
  });
  const outcome = await forwardUpload(api, blob, filename);
  return cropped && outcome.ok ? { ...outcome, cropped: true } : outcome;
}

/** A url-encoded body (a form posted without files) as form data. */
function urlEncoded(text: string) {
  const formData = new FormData();
  for (const [name, value] of new URLSearchParams(text)) formData.append(name, value);
  return formData;
}

/** A file part read whole (it is not kept past the cap: `truncated` then says it was over). */
async function readFile(stream: BusboyFileStream) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk as Uint8Array);
  return { chunks, size: stream.bytesRead, truncated: stream.truncated };
}

/**
 * Reads a form whose file fields (`isFileField`) hold images: the returned form data has no
 * files, and `uploads` says per field what the upstream stored or why it failed. A file input
 * left empty is simply absent. The whole body may be at most `maxBytes`; a request that cannot be
 * read is thrown as a 400, 413 or 415 response.
 */
export async function parseFormWithUploads(
  request: Request,
  target: UploadTarget,
  isFileField: (name: string) => boolean,
  maxBytes: number,
) {
  const uploads = new Map<string, UploadOutcome>();
  const type = request.headers.get("Content-Type") ?? "";
  const multipart = /^multipart\/form-data/i.test(type);
  const isForm = multipart || /^application\/x-www-form-urlencoded/i.test(type);
  if (!request.body) {
    if (isForm) return { formData: new FormData(), uploads };
    throw new Response(null, { status: 415 });
  }
  const body = new CountedBody(request.body, multipart ? maxBytes : TEXT_MAX_BYTES);
  if (!isForm) throw body.refuse(415);
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) throw body.refuse(413);

  /**
   * A multipart body: text fields kept in order; each file read to its end (one over 10 MB is
   * refused on its field, not by failing the form) and then sent on, one at a time, to the target
   * chosen from the text fields read before it. A part with a filename is a file, an empty one too
   * (an empty file input); a part without one is text whatever its Content-Type.
   */
  const readMultipart = async () => {
    const formData = new FormData();
    const fieldsSoFar = new Map<string, string>();
    let textBytes = 0;
    let sending: Promise<void> = Promise.resolve();
    const parser: Writable = Busboy({
      headers: { "content-type": type },
      isPartAFile: (_name, _type, filename) => filename !== undefined,
      limits: {
        fileSize: UPLOAD_MAX_BYTES,
        fieldSize: TEXT_MAX_BYTES,
        fields: Infinity,
        files: Infinity,
        parts: Infinity,
      },
    });
    parser.on("field", (name: string, text: string, _: boolean, truncated: boolean) => {
      textBytes += Buffer.byteLength(text);
      if (truncated || textBytes > TEXT_MAX_BYTES) parser.destroy(new BodyTooLargeError());
      if (!fieldsSoFar.has(name)) fieldsSoFar.set(name, text);
      formData.append(name, text);
    });
    parser.on(
      "file",
      (
        name: string,
        stream: BusboyFileStream,
        filename: string,
        _: string,
        contentType: string,
      ) => {
        const api = typeof target === "function" ? target(fieldsSoFar) : target;
        if (!isFileField(name) || api === null) return void stream.resume(); // not expected: skipped
        const file = readFile(stream);
        file.catch(() => undefined); // a body cut short fails the form below, not the process
        sending = sending.then(async () => {
          const { chunks, size, truncated } = await file;
          if (truncated)
            uploads.set(name, { ok: false, message: UPLOAD_TOO_LARGE, tooLarge: true });
          else if (size > 0 && filename !== "")
            uploads.set(name, await sendImage(api, chunks, filename, contentType));
        });
      },
    );
    try {
      await pipeline(Readable.fromWeb(body.stream as NodeWebStream<Uint8Array>), parser);
    } finally {
      sending.catch(() => undefined);
    }
    await sending;
    return formData;
  };

  try {
    const formData = multipart
      ? await readMultipart()
      : urlEncoded(await new Response(body.stream).text());
    for (const name of [...formData.keys()]) if (isFileField(name)) formData.delete(name);
    return { formData, uploads };
  } catch (error) {
    // The portal's body cap (server/form-body.ts) ends a body too large with its own 413.
    if (error instanceof Response) throw error;
    if (error instanceof BodyTooLargeError) throw body.refuse(413);
    // An empty body is a form without fields.
    if (multipart && body.size === 0) return { formData: new FormData(), uploads };
    // A truncated or malformed body (or a client gone mid-request): the request's fault.
    log.warn(`unreadable form body: ${(error as Error).message}`);
    throw body.refuse(400);
  }
}
