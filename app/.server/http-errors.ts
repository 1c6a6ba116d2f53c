// Turns upstream failures met while loading a page into HTTP error responses the error page shows.
import {
  UpstreamError,
  UpstreamUnavailableError,
  UpstreamUnreadableError,
} from "./upstream/errors";

export function rethrowAsHttpError(error: unknown): never {
  // Logged where it was read (client.ts): the page names nothing internal.
  if (error instanceof UpstreamUnreadableError)
    throw new Response("Upstream answer unreadable", { status: 502 });
  if (error instanceof UpstreamUnavailableError)
    throw new Response("Upstream unavailable", { status: 503 });
  if (error instanceof UpstreamError && (error.status === 403 || error.status === 404)) {
    throw new Response(null, { status: error.status });
  }
  throw error;
}

/** 404 unless the condition holds (an impossible or foreign id in a URL). */
export function invariantFound(condition: unknown): asserts condition {
  if (!condition) throw new Response(null, { status: 404 });
}

/** A positive integer id from a URL (a route param or query), else 404. */
export function idFromUrl(value: string | null | undefined): number {
  const id = Number(value);
  invariantFound(value && Number.isInteger(id) && id > 0);
  return id;
}
