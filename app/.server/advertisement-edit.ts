// The ad edit screens (the advertiser's, SPEC §2 Ad edit, and the administrator's): loading the ad
// as the form's values, and the action around the ad form. Each route adds only what differs:
// its guard, what saving does (reapply or not), and the administrator's extra fields.
import { redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";
import {
  advertisementDefaults,
  advertisementPreview,
  handleAdvertisementForm,
} from "./advertisement-form";
import { env } from "./env";
import { loadFormPage, preload } from "./forms";
import type { UpstreamClient } from "./upstream/client";
import type { PostInput } from "./upstream/posts";
import { getFullPost, type Post } from "./upstream/resources";

/** The edit page's loader data; `extraDefaults` adds the values of a route's own fields. */
export async function loadAdvertisementEdit(
  context: AppLoadContext,
  api: UpstreamClient,
  id: number,
  extraDefaults: (post: Post) => Record<string, string> = () => ({}),
) {
  const post = await loadFormPage(
    context,
    () => getFullPost(api, id),
    () => null,
  );
  return {
    id,
    applicationId: post?.formattedAdvertisementId ?? String(id),
    hasOrder: Boolean(post?.publishmentOrder),
    isDeleted: post?.isDeleted === true,
    // After an outage the form shows the posted values instead.
    defaults: post ? { ...advertisementDefaults(post), ...extraDefaults(post) } : {},
  };
}

/**
 * The edit page's action: the ad is loaded (a foreign or missing id refused) before its images are
 * uploaded; a deleted ad is not edited: the page itself says so (PRG to it). The confirm phase
 * previews the ad page and frame.
 */
export async function handleAdvertisementEdit<Extra extends z.ZodRawShape = Record<never, never>>(
  request: Request,
  context: AppLoadContext,
  api: UpstreamClient,
  id: number,
  options: {
    extraFields?: Extra;
    save: (input: PostInput, post: Post, extra: z.output<z.ZodObject<Extra>>) => Promise<Response>;
  },
) {
  const ad = await preload(getFullPost(api, id));
  // Settled already: an outage is left to the form (prepare), which keeps what was typed.
  const deleted = await ad().then(
    (post) => post.isDeleted === true,
    () => false,
  );
  if (deleted) throw redirect(new URL(request.url).pathname);
  const origin = env().PUBLIC_ORIGIN ?? new URL(request.url).origin;
  return handleAdvertisementForm(request, api, {
    context,
    extraFields: options.extraFields,
    prepare: ad,
    save: options.save,
    summarize: (value) => advertisementPreview(value, origin, context.previewVisitor),
  });
}
