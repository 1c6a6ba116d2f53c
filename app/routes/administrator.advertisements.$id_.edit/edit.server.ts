// The administrator's ad edit (issue 10): the fields only editors set beside the ad's content.
import { redirect } from "react-router";
import { z } from "zod";
import type { UpstreamClient } from "~/.server/upstream/client";
import { updatePost, type PostInput } from "~/.server/upstream/posts";
import type { Post } from "~/.server/upstream/resources";
import { PRIORITY_MAX, PRIORITY_MIN, STATUS_NOTE_MAX } from "~/domain/limits";

const PRIORITY_MESSAGE = `優先度は${PRIORITY_MIN}から${PRIORITY_MAX}までの整数で入力してください。`;

/** The administrator's fields beside the ad's content; PUT posts/{id} judges them again. */
export const administratorAdvertisementFields = {
  priority: z
    .number({ required_error: "優先度を入力してください。", invalid_type_error: PRIORITY_MESSAGE })
    .int(PRIORITY_MESSAGE)
    .min(PRIORITY_MIN, PRIORITY_MESSAGE)
    .max(PRIORITY_MAX, PRIORITY_MESSAGE),
  statusNote: z
    .string()
    .trim()
    .max(STATUS_NOTE_MAX, `編集部メモは${STATUS_NOTE_MAX}文字以内で入力してください。`)
    .optional(),
};

export const administratorAdvertisementDefaults = (post: Post) => ({
  priority: String(post.priority ?? 0),
  statusNote: post.statusNote ?? "",
});

/**
 * Saves the ad as an editor: content, priority and note in one PUT. Unlike the advertiser's edit
 * it never re-applies: an editor's correction is published as it is, without a new review.
 */
export async function saveAsAdministrator(
  api: UpstreamClient,
  input: PostInput,
  post: Post,
  extra: { priority: number; statusNote?: string },
) {
  await updatePost(api, post.id, {
    ...input,
    priority: extra.priority,
    statusNote: extra.statusNote || null,
  });
  return redirect(`/administrator/advertisements/${post.id}/edit/complete`);
}
