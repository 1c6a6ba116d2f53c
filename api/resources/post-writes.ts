// Post writes: create, update (PUT), validate, duplicate, preview token, and the public preview.
// An advertiser writes only its own ads with its own media (others' are 404); administrators may
// edit any ad. publishmentOrder and publicAdvertisement are never taken from the body; owner only
// on create, and an advertiser may name only its own record (SPEC §6).
import { quarantinedUnder } from "../publishing/quarantine";
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z, type ZodTypeAny } from "zod";
import { AD_BODY_MAX, TITLE_MAX, URL_MAX } from "../domain/limits";
import { isValidTel, normalizeTel, TEL_MESSAGE } from "../../shared/tel";
import { changedFields, recordAudit } from "../audit";
import { currentIdentity, isAdministrator } from "../auth";
import type { ApiDeps, ApiEnv, Identity } from "../context";
import { advertisements, clients, mediaObjects, publicAdvertisements } from "../db/schema";
import { enqueueSync } from "../publishing/jobs";
import {
  accessDenied,
  assertRelations,
  iri,
  itemNotFound,
  jsonLd,
  notFound,
  parseId,
  readBody,
  readRelation,
  ViolationCode,
} from "../hydra";
import {
  boundedString,
  Checks,
  isUniqueViolation,
  MESSAGES,
  TEXT_MAX_LENGTH,
  violation,
  blankToUndefinedText,
  typedString,
} from "../validation";
import { forReader, POST_CONTEXT, serializePost } from "./posts";
import { selectOnePost, visiblePosts } from "./posts-query";
import { trialKeyHash } from "../trial-key";

export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 9999;
export const STATUS_NOTE_MAX = 1000;

export const POST_MESSAGES = {
  titleTooLong: `タイトルは${TITLE_MAX}文字以内で入力してください。`,
  eyeCatch: "アイキャッチ画像は登録した画像から選択してください。",
  url: "URLの形式が正しくありません。",
  previewToken: "プレビュー用トークンは半角英数字64文字で指定してください。",
  priority: `${PRIORITY_MIN}から${PRIORITY_MAX}までの整数で入力してください。`,
} as const;

export const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9]{64}$/;

const IMAGE_FIELDS = ["image1", "image2", "image3", "image4", "image5"] as const;
const LINKS = [1, 2, 3] as const;

const required = (schema: ZodTypeAny) => z.preprocess(blankToUndefinedText, schema);
const optional = (schema: ZodTypeAny) => z.preprocess(blankToUndefinedText, schema.optional());

const isHttpUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};
const url = () => boundedString(URL_MAX).refine(isHttpUrl, POST_MESSAGES.url);

/** A media IRI, read by mediaRefs (hydra.ts readRelation): anything else is a 400. */
const mediaRef = () => z.unknown();

const text = () => boundedString(TEXT_MAX_LENGTH);
const bodyText = () => boundedString(AD_BODY_MAX);

export const postShape = {
  title: required(boundedString(TITLE_MAX, POST_MESSAGES.titleTooLong)),
  image1: mediaRef(),
  image2: mediaRef(),
  image3: mediaRef(),
  image4: mediaRef(),
  image5: mediaRef(),
  body1: required(bodyText()),
  body2: optional(bodyText()),
  body3: optional(bodyText()),
  body4: optional(bodyText()),
  body5: optional(bodyText()),
  eyeCatch: mediaRef(),
  link1Title: optional(text()),
  link1Url: optional(url()),
  link2Title: optional(text()),
  link2Url: optional(url()),
  link3Title: optional(text()),
  link3Url: optional(url()),
  storeName: required(text()),
  storeAddress: required(text()),
  storeTel: z.preprocess(
    (value) =>
      typeof value === "string" ? normalizeTel(value) || undefined : blankToUndefinedText(value),
    typedString(MESSAGES.required).refine(isValidTel, TEL_MESSAGE),
  ),
  businessHours: optional(text()),
  mapParameters: optional(text()),
  homepage: optional(url()),
};

/**
 * The administrators' own fields (SPEC §3): the list's priority and the editors' status note.
 * A missing key keeps the value; a blank status note clears it.
 */
export const adminShape = {
  priority: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({ invalid_type_error: POST_MESSAGES.priority })
      .int(POST_MESSAGES.priority)
      .min(PRIORITY_MIN, POST_MESSAGES.priority)
      .max(PRIORITY_MAX, POST_MESSAGES.priority)
      .optional(),
  ),
  statusNote: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    boundedString(STATUS_NOTE_MAX).nullable().optional(),
  ),
};

type AdminFields = { priority?: number; statusNote?: string | null };

export type Content = Omit<
  typeof advertisements.$inferInsert,
  "id" | "ownerId" | "createdAt" | "previewToken" | "statusNote" | "priority" | "isDeleted"
>;

/**
 * The media fields' ids (image1..image5, eyeCatch): an IRI of media_objects, or absent (null or
 * left out); anything else, "" included, is a 400 (hydra.ts readRelation).
 */
function mediaRefs(input: Record<string, unknown>) {
  const refs = assertRelations(
    input,
    Object.fromEntries([...IMAGE_FIELDS, "eyeCatch"].map((field) => [field, "media_objects"])),
  );
  const id = (field: string) => refs[field]?.id;
  return { images: IMAGE_FIELDS.map(id), eyeCatch: id("eyeCatch") };
}

/** Says whether the caller may attach these media; throws (400 `Item not found for "…".`) when not. */
export type MediaCheck = (ids: number[]) => Promise<void>;

/**
 * The ad rules (SPEC §5), shared by posts/validate, POST and PUT posts and the trial form:
 * the fields of `postShape` (plus `extraShape`), the media (checked by `checkMedia`, a file the
 * caller may not use is 404), image1 and eyeCatch among the images, and complete links.
 * The violations are collected in the returned `checks`.
 */
async function checkAd<S extends Record<string, ZodTypeAny>>(
  extraShape: S,
  input: Record<string, unknown>,
  checkMedia: MediaCheck,
) {
  const checks = new Checks({ ...postShape, ...extraShape }, input);

  const { images, eyeCatch } = mediaRefs(input);
  const given = [...images, eyeCatch];
  await checkMedia([...new Set(given.filter((id): id is number => id !== undefined))]);

  if (images[0] === undefined) checks.add("image1", MESSAGES.required, ViolationCode.notBlank);
  if (eyeCatch === undefined) checks.add("eyeCatch", MESSAGES.select, ViolationCode.notBlank);
  else if (!images.includes(eyeCatch)) checks.add("eyeCatch", POST_MESSAGES.eyeCatch);

  // A link needs both its title and its URL: the missing one is the violation.
  for (const n of LINKS) {
    const titleGiven = blankToUndefinedText(input[`link${n}Title`]) !== undefined;
    const urlGiven = blankToUndefinedText(input[`link${n}Url`]) !== undefined;
    if (titleGiven && !urlGiven)
      checks.add(`link${n}Url`, MESSAGES.required, ViolationCode.notBlank);
    if (urlGiven && !titleGiven)
      checks.add(`link${n}Title`, MESSAGES.required, ViolationCode.notBlank);
  }
  return { checks, images, eyeCatch };
}

/** The ad's columns from valid values. */
function adContent(
  v: Record<keyof typeof postShape, unknown>,
  images: Array<number | null | undefined>,
  eyeCatch: number | null | undefined,
): Content {
  const s = (value: unknown) => (value === undefined ? null : (value as string));
  return {
    title: v.title as string,
    image1Id: images[0] ?? null,
    image2Id: images[1] ?? null,
    image3Id: images[2] ?? null,
    image4Id: images[3] ?? null,
    image5Id: images[4] ?? null,
    body1: s(v.body1),
    body2: s(v.body2),
    body3: s(v.body3),
    body4: s(v.body4),
    body5: s(v.body5),
    eyeCatchId: eyeCatch ?? null,
    link1Title: s(v.link1Title),
    link1Url: s(v.link1Url),
    link2Title: s(v.link2Title),
    link2Url: s(v.link2Url),
    link3Title: s(v.link3Title),
    link3Url: s(v.link3Url),
    storeName: s(v.storeName),
    storeAddress: s(v.storeAddress),
    storeTel: s(v.storeTel),
    businessHours: s(v.businessHours),
    mapParameters: s(v.mapParameters),
    homepage: s(v.homepage),
  };
}

/**
 * An ad's content by the ad rules (every violation at once, 422), for a writer whose media are
 * checked by `checkMedia` (the trial form: its quarantined uploads). The administrators' fields
 * and owner, publishmentOrder and publicAdvertisement are not read.
 */
export async function validateAdContent(
  input: Record<string, unknown>,
  checkMedia: MediaCheck,
): Promise<Content> {
  const { checks, images, eyeCatch } = await checkAd({}, input, checkMedia);
  return adContent(checks.result(), images, eyeCatch);
}

export function postWriteRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /** The ad if the caller may edit it (own, non-deleted; administrators: any non-deleted). */
  async function findEditableAd(identity: Identity, id: number | null) {
    if (!id) throw notFound();
    const [ad] = await deps.db
      .select()
      .from(advertisements)
      .where(
        and(eq(advertisements.id, id), eq(advertisements.isDeleted, false), visiblePosts(identity)),
      )
      .limit(1);
    if (!ad) throw notFound();
    return ad;
  }

  /**
   * Media the caller may attach: for administrators, any file; for an advertiser, its own uploads
   * and an editor's upload (a file with no owner) that one of its own ads already carries, so an
   * ad an editor added a picture to can still be saved and copied by its advertiser. Anything
   * else (an unknown file, another advertiser's) is `missing(id)`: for a body's relation a 400
   * `Item not found for "/api/adv/media_objects/7".`, the same for both, as API Platform's
   * IRI lookup (through the advertiser-scoped provider) cannot tell them apart.
   */
  async function checkMedia(
    identity: Identity,
    ids: number[],
    missing: (id: number) => Error = (id) => itemNotFound(iri("media_objects", id)),
    trialKey: string | null = null,
  ) {
    if (ids.length === 0) return;
    // A quarantined trial upload is nobody's yet (ADR 0012): unknown here, for administrators too.
    const rows = await deps.db
      .select({ id: mediaObjects.id, clientId: mediaObjects.clientId })
      .from(mediaObjects)
      .where(and(inArray(mediaObjects.id, ids), isNull(mediaObjects.trialKeyHash)));
    if (isAdministrator(identity)) {
      const unknown = ids.find((id) => !rows.some((r) => r.id === id));
      if (unknown !== undefined) throw missing(unknown);
      return;
    }
    const usable = new Set(rows.filter((r) => r.clientId === identity.clientId).map((r) => r.id));
    if (trialKey !== null && identity.clientId !== null) {
      for (const id of await quarantinedOf(trialKey, ids)) usable.add(id);
    }
    const editors = rows.filter((r) => r.clientId === null).map((r) => r.id);
    if (editors.length > 0 && identity.clientId !== null) {
      for (const id of await editorMediaOnOwnAds(identity.clientId, editors)) usable.add(id);
    }
    const unusable = ids.find((id) => !usable.has(id));
    if (unusable !== undefined) throw missing(unusable);
  }

  /**
   * The trial form's draft continued after login (issue 30, ADR 0012): an advertiser's create
   * that sends the trial's X-Trial-Key may use that key's quarantined, unexpired uploads, which
   * the create then claims. Whoever holds the key owns its quarantine, as create_trial assumes.
   */
  const quarantinedOf = (keyHash: string, ids: number[]) =>
    quarantinedUnder(deps.db, keyHash, ids, deps.clock());

  /** The new ad's quarantined uploads become the advertiser's (inside the create's transaction). */
  async function claimQuarantined(
    tx: Parameters<Parameters<ApiDeps["db"]["transaction"]>[0]>[0],
    keyHash: string,
    clientId: number,
    content: Content,
    now: Date,
  ) {
    const ids = [
      content.image1Id,
      content.image2Id,
      content.image3Id,
      content.image4Id,
      content.image5Id,
    ].filter((id): id is number => typeof id === "number");
    if (ids.length === 0) return;
    await tx
      .update(mediaObjects)
      .set({ clientId, trialKeyHash: null, quarantineExpiresAt: null })
      .where(
        and(
          inArray(mediaObjects.id, ids),
          eq(mediaObjects.trialKeyHash, keyHash),
          gt(mediaObjects.quarantineExpiresAt, now),
        ),
      );
  }

  /** Which of the editors' files `ids` some live ad of the client carries. */
  async function editorMediaOnOwnAds(clientId: number, ids: number[]) {
    const columns = [
      advertisements.image1Id,
      advertisements.image2Id,
      advertisements.image3Id,
      advertisements.image4Id,
      advertisements.image5Id,
      advertisements.eyeCatchId,
    ];
    const ads = await deps.db
      .select({
        image1Id: advertisements.image1Id,
        image2Id: advertisements.image2Id,
        image3Id: advertisements.image3Id,
        image4Id: advertisements.image4Id,
        image5Id: advertisements.image5Id,
        eyeCatchId: advertisements.eyeCatchId,
      })
      .from(advertisements)
      .where(
        and(
          eq(advertisements.ownerId, clientId),
          eq(advertisements.isDeleted, false),
          or(...columns.map((column) => inArray(column, ids))),
        ),
      );
    const carried = new Set(ads.flatMap((ad) => Object.values(ad)));
    return ids.filter((id) => carried.has(id));
  }

  /** Every rule at once; returns the columns to write. */
  async function validatePost(
    identity: Identity,
    input: Record<string, unknown>,
    trialKey: string | null = null,
  ): Promise<{ content: Content; adminFields: AdminFields }> {
    // An advertiser's priority and status note are ignored, not refused.
    const { checks, images, eyeCatch } = await checkAd(
      adminShape,
      isAdministrator(identity) ? input : { ...input, priority: undefined, statusNote: undefined },
      (ids) => checkMedia(identity, ids, undefined, trialKey),
    );
    const v = checks.result();
    const adminFields: AdminFields = {};
    if (v.priority !== undefined) adminFields.priority = v.priority;
    if (v.statusNote !== undefined) adminFields.statusNote = v.statusNote || null;
    return { content: adContent(v, images, eyeCatch), adminFields };
  }

  /** The client a new ad belongs to: the caller's own (administrators have none: 403). */
  function ownClient(identity: Identity): number {
    if (identity.clientId === null) throw accessDenied();
    return identity.clientId;
  }

  async function postResponse(c: Context<ApiEnv>, id: number, status: 200 | 201) {
    const row = await selectOnePost(deps.db, eq(advertisements.id, id));
    if (status === 201) c.header("Location", iri("posts", id));
    return jsonLd(
      c,
      { "@context": POST_CONTEXT, ...serializePost(row!, forReader(currentIdentity(c))) },
      status,
    );
  }

  /**
   * The owner a create names (SPEC §6: the owner of a new ad is the advertiser's record): a clients
   * IRI, or absent. An unknown client is a 400 as any relation; an advertiser naming another's
   * record is refused as API Platform's security check on the denormalised ad refuses it (403);
   * an administrator may name any client.
   */
  async function namedOwner(identity: Identity, input: Record<string, unknown>) {
    const ref = readRelation(input, "owner", "clients");
    if (!ref) return undefined;
    const [client] = await deps.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, ref.id));
    if (!client) throw itemNotFound(ref.iri);
    if (!isAdministrator(identity) && ref.id !== identity.clientId) throw accessDenied();
    return ref.id;
  }

  routes.post("/api/adv/posts/validate", async (c) => {
    const identity = currentIdentity(c);
    const input = await readBody(c);
    await namedOwner(identity, input);
    await validatePost(identity, input, trialKeyHash(c));
    return c.body(null, 204);
  });

  routes.post("/api/adv/posts", async (c) => {
    const identity = currentIdentity(c);
    const input = await readBody(c);
    const named = await namedOwner(identity, input);
    // An administrator creates an ad only for the client it names.
    const ownerId = isAdministrator(identity) && named !== undefined ? named : ownClient(identity);
    // Only an advertiser continues a trial draft with its own uploads (the key is theirs).
    const trialKey = isAdministrator(identity) ? null : trialKeyHash(c);
    const { content } = await validatePost(identity, input, trialKey);
    const now = deps.clock();
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(advertisements)
        .values({ ...content, ownerId, createdAt: now, updatedAt: now })
        .returning({ id: advertisements.id });
      if (trialKey !== null) await claimQuarantined(tx, trialKey, ownerId, content, now);
      await recordAudit(tx, c, deps, {
        action: "post.create",
        target: iri("posts", row!.id),
        advertisementId: row!.id,
      });
      return row!.id;
    });
    return postResponse(c, id, 201);
  });

  routes.put("/api/adv/posts/:id", async (c) => {
    const identity = currentIdentity(c);
    const ad = await findEditableAd(identity, parseId(c.req.param("id")));
    const { content, adminFields } = await validatePost(identity, await readBody(c));
    // Never touches the order: an editor's correction does not send the ad back to review.
    const changes = { ...content, ...adminFields };
    await deps.db.transaction(async (tx) => {
      await tx
        .update(advertisements)
        .set({ ...changes, updatedAt: deps.clock() })
        .where(eq(advertisements.id, ad.id));
      await recordAudit(tx, c, deps, {
        action: "post.update",
        target: iri("posts", ad.id),
        advertisementId: ad.id,
        changes: changedFields(ad, changes),
      });
      // A live copy shows the new content: pushed again (ADR 0010).
      const [live] = await tx
        .select({ id: publicAdvertisements.id })
        .from(publicAdvertisements)
        .where(
          and(
            eq(publicAdvertisements.advertisementId, ad.id),
            eq(publicAdvertisements.postStatus, "public"),
          ),
        );
      if (live) await enqueueSync(tx, deps, ad.id);
    });
    deps.kickJobs?.();
    return postResponse(c, ad.id, 200);
  });

  // Extending a publication: the content is copied into a new ad of the same owner, without
  // the order, the public copy, the preview token or the editors' note. The copy's media pass
  // the same check as a write's: an advertiser copies only media it owns (an ad carrying
  // another's image, e.g. one an editor attached, is refused with 404 rather than copied);
  // administrators acting as themselves may copy anything.
  routes.post("/api/adv/posts/duplicate/from/:id", async (c) => {
    const identity = currentIdentity(c);
    const ad = await findEditableAd(identity, parseId(c.req.param("id")));
    const media = [ad.image1Id, ad.image2Id, ad.image3Id, ad.image4Id, ad.image5Id, ad.eyeCatchId];
    // Not a body's relation: media the caller may not copy make the ad itself unusable (404).
    await checkMedia(identity, [...new Set(media.filter((id): id is number => id !== null))], () =>
      notFound(),
    );
    const {
      id: _id,
      previewToken: _token,
      statusNote: _note,
      priority: _priority,
      createdAt: _created,
      updatedAt: _updated,
      isDeleted: _deleted,
      ...content
    } = ad;
    const now = deps.clock();
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(advertisements)
        .values({ ...content, createdAt: now, updatedAt: now })
        .returning({ id: advertisements.id });
      await recordAudit(tx, c, deps, {
        action: "post.duplicate",
        target: iri("posts", row!.id),
        advertisementId: row!.id,
        changes: { duplicatedFrom: { before: null, after: iri("posts", ad.id) } },
      });
      return row!.id;
    });
    return postResponse(c, id, 201);
  });

  routes.put("/api/adv/posts/:id/preview_token", async (c) => {
    const ad = await findEditableAd(currentIdentity(c), parseId(c.req.param("id")));
    const token = (await readBody(c)).previewToken;
    if (typeof token !== "string" || !PREVIEW_TOKEN_PATTERN.test(token)) {
      throw violation("previewToken", POST_MESSAGES.previewToken, ViolationCode.invalidType);
    }
    try {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(advertisements)
          .set({ previewToken: token, updatedAt: deps.clock() })
          .where(eq(advertisements.id, ad.id));
        // The token is a credential: the trail says it changed, not what it is.
        await recordAudit(tx, c, deps, {
          action: "post.preview_token",
          target: iri("posts", ad.id),
          advertisementId: ad.id,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw violation("previewToken", POST_MESSAGES.previewToken, ViolationCode.notUnique);
      }
      throw error;
    }
    return postResponse(c, ad.id, 200);
  });

  // Public (auth.ts): whoever holds the token may see the ad, deleted ones excepted.
  routes.get("/api/adv/posts/:id/preview/:token", async (c) => {
    const id = parseId(c.req.param("id"));
    const token = c.req.param("token");
    if (!id || !PREVIEW_TOKEN_PATTERN.test(token)) throw notFound();
    const row = await selectOnePost(
      deps.db,
      and(
        eq(advertisements.id, id),
        eq(advertisements.previewToken, token),
        eq(advertisements.isDeleted, false),
      ),
    );
    if (!row) throw notFound();
    return jsonLd(c, { "@context": POST_CONTEXT, ...serializePost(row) });
  });

  return routes;
}
