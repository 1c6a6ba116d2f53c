// The publishing actions both ad details offer (SPEC §2 published section, §4, §6, ADR 0010):
// 掲載停止 / 掲載再開 behind a confirmation that is a plain GET (`?confirm=suspend`), so it works
// without JavaScript, and the editors' 同期. Each answers by post/redirect/get with a flash; the
// sync also answers a fetcher (JS) with its result as data, which the button shows for 3 s.
import { data, redirect, type AppLoadContext } from "react-router";
import { canResume, canSuspend } from "~/domain/advertisement";
import { formatDateTime } from "../../shared/tokyo-calendar";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";
import { PUBLISHING_TEXTS, type PublishingIntent } from "~/domain/publishing-texts";
import { rethrowAsHttpError } from "./http-errors";
import type { UpstreamClient } from "./upstream/client";
import { UpstreamError, UpstreamUnavailableError } from "./upstream/errors";
import { resumePost, suspendPost, syncPost } from "./upstream/posts";
import type { PostSummary } from "./upstream/resources";

export type ConfirmIntent = Exclude<PublishingIntent, "sync">;

/** `?confirm=suspend|resume` opens that confirmation; anything else none. */
export function readConfirm(url: URL): ConfirmIntent | null {
  const value = url.searchParams.get("confirm");
  return value === "suspend" || value === "resume" ? value : null;
}

export const isPublishingIntent = (value: unknown): value is PublishingIntent =>
  value === "suspend" || value === "resume" || value === "sync";

/**
 * What the published section shows of a post: its URL made absolute (the built-in site answers a
 * path, resolved against the portal's public origin), which of suspend and resume are enabled,
 * and for administrators when it was last synced and why the last sync failed.
 */
export function describePublishing(
  post: Pick<PostSummary, "publishmentOrder" | "publicAdvertisement">,
  origin: string,
  now = new Date(),
) {
  const copy = post.publicAdvertisement;
  const order = post.publishmentOrder;
  return {
    postStatus: copy?.postStatus ?? null,
    postUrl: copy?.postUrl ? absoluteUrl(copy.postUrl, origin) : null,
    suspendEnabled: canSuspend(copy?.postStatus, order, now),
    resumeEnabled: canResume(copy?.postStatus),
    synchronizedAt: copy?.synchronizedAt ? formatDateTime(copy.synchronizedAt) : null,
    syncError: copy?.syncError ?? null,
  };
}

export type Publishing = ReturnType<typeof describePublishing>;

function absoluteUrl(postUrl: string, origin: string): string {
  try {
    return new URL(postUrl, origin).href;
  } catch {
    return postUrl;
  }
}

/**
 * One publishing action of the detail at `back`. Suspend and resume flash their outcome and
 * redirect back (the API's refusal, a 400, becomes the error flash with its reason); a foreign or
 * unknown ad is 404. Sync answers `{ intent, ok }` to a fetcher (`via=fetcher`, sent only by the
 * hydrated button) and a flash plus redirect to a plain form.
 */
export async function handlePublishingAction(
  api: UpstreamClient,
  context: AppLoadContext,
  args: { id: number; intent: PublishingIntent; back: string; via?: string | null },
) {
  const { id, intent, back } = args;
  if (intent === "sync") {
    const ok = await syncPost(api, id).then(
      (res) => res.ok,
      (error: unknown) => {
        if (error instanceof UpstreamUnavailableError) return false;
        return rethrowAsNotFound(error);
      },
    );
    if (args.via === "fetcher") return data({ intent, ok });
    context.session.flash(
      ok
        ? { kind: "info", message: PUBLISHING_TEXTS.sync.done }
        : { kind: "error", message: PUBLISHING_TEXTS.sync.failed },
    );
    return redirect(back);
  }
  try {
    await (intent === "suspend" ? suspendPost(api, id) : resumePost(api, id));
    context.session.flash({ kind: "info", message: PUBLISHING_TEXTS[intent].done });
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) {
      context.session.flash({ kind: "error", message: UPSTREAM_DOWN_MESSAGE });
    } else if (error instanceof UpstreamError && error.status === 400) {
      context.session.flash({
        kind: "error",
        message: error.description ?? PUBLISHING_TEXTS[intent].refused,
      });
    } else {
      rethrowAsNotFound(error);
    }
  }
  return redirect(back);
}

/** Someone else's ad is not found, not forbidden: its existence is not to be told (403 → 404). */
function rethrowAsNotFound(error: unknown): never {
  if (error instanceof UpstreamError && error.status === 403) {
    throw new Response(null, { status: 404 });
  }
  return rethrowAsHttpError(error);
}
