// Ad writes (SPEC §7 Ads, Orders, Uploads): validate, create, update, reapply after an edit, and
// the media upload the ad form's images go through.
import { z } from "zod";
import type { UpstreamClient } from "./client";
import { postSummarySchema } from "./resources";

/**
 * The body of posts/validate, POST posts and PUT posts/{id}: references by IRI. `owner` (the
 * client's IRI) goes with a create only: SPEC §6, the owner of a new ad is the advertiser's record.
 */
export type PostInput = {
  owner?: string;
  title: string;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  image4: string | null;
  image5: string | null;
  eyeCatch: string | null;
  body1: string;
  body2: string | null;
  body3: string | null;
  body4: string | null;
  body5: string | null;
  link1Title: string | null;
  link1Url: string | null;
  link2Title: string | null;
  link2Url: string | null;
  link3Title: string | null;
  link3Url: string | null;
  storeName: string;
  storeAddress: string;
  storeTel: string;
  businessHours: string | null;
  mapParameters: string | null;
  homepage: string | null;
};

const created = z.object({ "@id": z.string(), id: z.number() }).passthrough();

/** A client's IRI, as an ad's `owner` names it. */
export const clientIri = (id: number) => `/api/adv/clients/${id}`;

export const validatePost = (api: UpstreamClient, post: PostInput) =>
  api.send("POST", "/api/adv/posts/validate", post, z.unknown());

export const createPost = (api: UpstreamClient, post: PostInput) =>
  api.send("POST", "/api/adv/posts", post, created);

/** What only an administrator's PUT posts/{id} carries besides the content (the API ignores it
 * from advertisers): the list order, and the editors' note shown to the advertiser. */
export type AdministratorPostInput = {
  priority: number;
  statusNote: string | null;
};

export const updatePost = (
  api: UpstreamClient,
  id: number,
  post: PostInput | (PostInput & AdministratorPostInput),
) => api.send("PUT", `/api/adv/posts/${id}`, post, created);

/** Extending the publishment starts from a copy of the ad (SPEC §4 Extend publication). */
export const duplicatePost = (api: UpstreamClient, id: number) =>
  api.send("POST", `/api/adv/posts/duplicate/from/${id}`, {}, created);

/** An edited ad that already has an order goes back to review (SPEC §4). */
export const reapplyOrder = (api: UpstreamClient, orderIri: string, post: PostInput) =>
  api.send("PATCH", `${orderIri}/reapply`, post, z.unknown());

const mediaObject = z.object({ "@id": z.string(), contentUrl: z.string() });
export type MediaObject = z.infer<typeof mediaObject>;

/** POST media_objects, multipart field `file`; violations come back as UpstreamViolationError. */
export async function uploadMedia(api: UpstreamClient, file: Blob, filename: string) {
  const body = new FormData();
  body.set("file", file, filename);
  const response = await api.request("POST", "/api/adv/media_objects", { body });
  return mediaObject.parse(await response.json());
}

/** 広告主へ連絡 (SPEC §7 `POST {ad}/contact`): a message from the editors in the ad's message box. */
export const contactClient = (api: UpstreamClient, adIri: string, note: string) =>
  api.send(
    "POST",
    `${adIri}/contact`,
    { note },
    z.object({ "@id": z.string(), id: z.number() }).passthrough(),
  );

/** An administrator deletes an ad (soft: it stays readable to administrators, flagged isDeleted). */
export const deletePost = (api: UpstreamClient, adIri: string) =>
  api.send("DELETE", adIri, undefined, z.unknown());

/** 掲載停止 (SPEC §7, ADR 0010): owner or administrator; a 400 hydra error when not allowed. */
export const suspendPost = (api: UpstreamClient, id: number) =>
  api.send("POST", `/api/adv/posts/${id}/suspend`, {}, postSummarySchema);

/** 掲載再開: allowed only while suspended, else 400. */
export const resumePost = (api: UpstreamClient, id: number) =>
  api.send("POST", `/api/adv/posts/${id}/resume`, {}, postSummarySchema);

const syncResult = z.object({ res: z.object({ ok: z.boolean() }) });

/** 同期 (force sync, administrators): pushes the current content again; `ok` says if it took. */
export const syncPost = (api: UpstreamClient, id: number) =>
  api.send("POST", `/api/adv/posts/${id}/sync`, {}, syncResult).then(({ res }) => res);
