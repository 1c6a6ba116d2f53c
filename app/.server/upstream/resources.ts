// Typed calls for the resources the portal reads so far (one schema per resource, parsed at the boundary).
// Relations may arrive as bare IRIs (./relations.ts): the calls resolve what their screens need.
import { z } from "zod";
import type { UpstreamClient, Query } from "./client";
import { getCollectionPage } from "./hydra";
import { readDeclared, type Declares } from "./search";
import { identified, relation, resolve, resolveIfAllowed, type Related } from "./relations";

/** A prefecture, region or locality as a relation: its name is what screens show. */
/** A named resource with its id written out (`namedSchema` also takes one without). */
export const namedObject = z.object({ "@id": z.string(), id: z.number(), name: z.string() });
export const namedSchema = identified(namedObject);
const iriRef = relation(namedSchema);

export const clientSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  companyName: z.string(),
  personInCharge: z.string(),
  tel: z.string().nullish(),
  zipCode: z.string().nullish(),
  prefecture: iriRef.nullish(),
  city: z.string().nullish(),
  address: z.string().nullish(),
  isAutoConfirmable: z.boolean().optional(),
  isDeleted: z.boolean().optional(),
});
export type Client = z.infer<typeof clientSchema>;

export const administratorSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  name: z.string().nullish(),
});

export const userLoginSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  username: z.string().optional(),
  email: z.string().optional(),
  isTemporaryPassword: z.boolean(),
});

export const siteSummarySchema = z.object({
  waiting_for_confirmation: z.number(),
  publishing_advertisments: z.number(),
  advertisers: z.number(),
});

/** A convenience store / Pay-easy slip (api/adapters/payment.ts PaymentSlip; ADR 0009). */
export const paymentSlipSchema = z.object({
  store: z.string(),
  receiptNumber: z.string(),
  confirmationNumber: z.string().nullish(),
  collectorNumber: z.string().nullish(),
  amount: z.number(),
  expiresAt: z.string(),
  slipUrl: z.string().nullish(),
});
export type PaymentSlip = z.infer<typeof paymentSlipSchema>;

/** An order's course as its screens show it: its name and its price (SPEC §3 Publishment course). */
const reviewedCourseSchema = identified(
  z.object({
    "@id": z.string().optional(),
    name: z.string(),
    price: z.number(),
    periodLabel: z.string().nullish(),
  }),
);

/** What the portal reads of an order's course for its price: embedded whole, in part, or by IRI. */
const coursePriceSchema = identified(z.object({ "@id": z.string().optional(), price: z.number() }));

export const publishmentOrderSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  region: iriRef.nullish(),
  locality: iriRef.nullish(),
  publishesAt: z.string().nullish(),
  unpublishesAt: z.string().nullish(),
  orderedAt: z.string().nullish(),
  publishmentStatus: z.enum(["new", "remanded", "reapplying", "confirmed"]),
  paymentStatus: z.enum(["none", "waiting", "paid"]),
  paymentMethod: z.string().nullish(),
  paymentMethodLabel: z.string().nullish(),
  paidAt: z.string().nullish(),
  // Only a fallback for the price: a course embedded without its price never costs the page.
  course: relation(coursePriceSchema).nullish().catch(undefined),
  /** The price when ordered: our reference API's extension (SPEC §3 gives the course's price). */
  price: z.number().nullish(),
  /** While waiting for a store / Pay-easy payment: the slip; null otherwise (older APIs: absent). */
  paymentSlip: paymentSlipSchema.nullish(),
  /**
   * How the current card / store payment key ended (our reference API's extension, issue 30 #5):
   * "failed" = declined. Absent (SPEC §7 servers) or unknown: the outcome is not known.
   */
  paymentAttemptStatus: z.string().nullish().catch(null),
});

export const publicAdvertisementSchema = z.object({
  postUrl: z.string().nullish(),
  postStatus: z.enum(["public", "not_synced", "suspended"]),
  /** When the copy was last pushed to the site (ADR 0010); older APIs: absent. */
  synchronizedAt: z.string().nullish(),
  /** Why the last push failed: sent to administrators only. */
  syncError: z.string().nullish(),
});

export type PublishmentOrder = z.infer<typeof publishmentOrderSchema>;
export type PublicAdvertisement = z.infer<typeof publicAdvertisementSchema>;

/** The fields of a post that lists show, as the wire has them; the detail screens extend it. */
export const postSummarySchema = z.object({
  "@id": z.string(),
  id: z.number(),
  formattedAdvertisementId: z.string().nullish(),
  title: z.string().nullish(),
  publishmentOrder: relation(publishmentOrderSchema).nullish(),
  publicAdvertisement: relation(publicAdvertisementSchema).nullish(),
});

/** A post's relations replaced by their resolved resources. */
type WithOrder<P, O> = Omit<P, "publishmentOrder" | "publicAdvertisement"> & {
  publishmentOrder?: O | null;
  publicAdvertisement?: PublicAdvertisement | null;
};
export type PostSummary = WithOrder<z.infer<typeof postSummarySchema>, PublishmentOrder>;

/** An order the screen needs whole; its region and locality only add names to it. */
async function resolveOrder<O extends PublishmentOrder>(
  api: UpstreamClient,
  order: Related<O> | null | undefined,
  schema: z.ZodType<O, z.ZodTypeDef, unknown>,
): Promise<O | null | undefined> {
  const full = await resolve(api, order, schema);
  if (!full) return full;
  const [region, locality] = await Promise.all([
    resolveIfAllowed(api, full.region, namedSchema),
    resolveIfAllowed(api, full.locality, namedSchema),
  ]);
  return { ...full, region, locality };
}

/**
 * What the order costs, tax excluded: its own price where the upstream gives one, else its
 * course's (SPEC §3 gives only the course's); null when neither can be read.
 */
export async function orderPrice(
  api: UpstreamClient,
  order: PublishmentOrder,
): Promise<number | null> {
  if (typeof order.price === "number") return order.price;
  const course = await resolveIfAllowed(api, order.course, coursePriceSchema);
  return course?.price ?? null;
}

/** The order and the public copy: every screen that shows a post reads their status. */
export async function resolvePostSummary<
  P extends z.infer<typeof postSummarySchema>,
  O extends PublishmentOrder = PublishmentOrder,
>(
  api: UpstreamClient,
  post: P,
  orderSchema: z.ZodType<O, z.ZodTypeDef, unknown> = publishmentOrderSchema as never,
): Promise<WithOrder<P, O>> {
  const [publishmentOrder, publicAdvertisement] = await Promise.all([
    resolveOrder<O>(api, post.publishmentOrder as Related<O> | null | undefined, orderSchema),
    resolve<PublicAdvertisement>(api, post.publicAdvertisement, publicAdvertisementSchema),
  ]);
  return { ...post, publishmentOrder, publicAdvertisement };
}

export const getClient = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/clients/${id}`, clientSchema);

export const getAdministrator = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/administrators/${id}`, administratorSchema);

export const getUserLogin = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/user_logins/${id}`, userLoginSchema);

export const getSiteSummary = (api: UpstreamClient) =>
  api.get("/api/adv/site_summary", siteSummarySchema);

/** Screen page `at` of the posts, whatever page size the upstream really serves. */
export async function listPosts(
  api: UpstreamClient,
  query: Query,
  at: { page: number; itemsPerPage: number },
) {
  return resolvePage(
    api,
    await getCollectionPage(api, "/api/adv/posts", postSummarySchema, query, at),
  );
}

/** A page of posts with their order and public copy resolved. */
const resolvePage = async <C extends { member: z.infer<typeof postSummarySchema>[] }>(
  api: UpstreamClient,
  page: C,
) => ({ ...page, member: await Promise.all(page.member.map((p) => resolvePostSummary(api, p))) });

/**
 * Like listPosts, sending only the variables the posts collection declares (./search.ts
 * readDeclared; `section7`: what counts as declared without a search template).
 */
export async function listDeclaredPosts(
  api: UpstreamClient,
  section7: readonly string[],
  query: (declares: Declares) => Query,
  at: { page: number; itemsPerPage: number },
) {
  const { page, declares } = await readDeclared(section7, query, (q) =>
    getCollectionPage(api, "/api/adv/posts", postSummarySchema, q, at),
  );
  return { ...(await resolvePage(api, page)), declares };
}

export const getPost = async (api: UpstreamClient, id: number): Promise<PostSummary> =>
  resolvePostSummary(api, await api.get(`/api/adv/posts/${id}`, postSummarySchema));

export const mediaObjectSchema = z.object({ "@id": z.string(), contentUrl: z.string() });
const mediaSchema = relation(mediaObjectSchema).nullish();
const IMAGE_FIELDS = ["image1", "image2", "image3", "image4", "image5", "eyeCatch"] as const;
const text = z.string().nullish();

/** Everything an ad page shows (SPEC §3 Ad post). */
export const postSchema = postSummarySchema.extend({
  storeName: text,
  storeAddress: text,
  storeTel: text,
  businessHours: text,
  mapParameters: text,
  homepage: text,
  previewToken: text,
  statusNote: text,
  priority: z.number().nullish(),
  /** Administrators also read deleted ads (flagged); advertisers never see them. */
  isDeleted: z.boolean().optional(),
  image1: mediaSchema,
  image2: mediaSchema,
  image3: mediaSchema,
  image4: mediaSchema,
  image5: mediaSchema,
  eyeCatch: mediaSchema,
  body1: text,
  body2: text,
  body3: text,
  body4: text,
  body5: text,
  link1Title: text,
  link2Title: text,
  link3Title: text,
  link1Url: text,
  link2Url: text,
  link3Url: text,
});
export type Post = WithOrder<z.infer<typeof postSchema>, PublishmentOrder>;

/** The images of an ad page: fetched when bare; an image the upstream withholds stays blank. */
async function resolveImages<P extends z.infer<typeof postSchema>>(api: UpstreamClient, post: P) {
  const images = await Promise.all(
    IMAGE_FIELDS.map((field) => resolveIfAllowed(api, post[field], mediaObjectSchema)),
  );
  const resolved = { ...post };
  IMAGE_FIELDS.forEach((field, i) => (resolved[field] = images[i]));
  return resolved;
}

async function resolveFullPost<
  P extends z.infer<typeof postSchema>,
  O extends PublishmentOrder = PublishmentOrder,
>(api: UpstreamClient, post: P, orderSchema?: z.ZodType<O, z.ZodTypeDef, unknown>) {
  return resolvePostSummary(api, await resolveImages(api, post), orderSchema);
}

export const getFullPost = async (api: UpstreamClient, id: number): Promise<Post> =>
  resolveFullPost(api, await api.get(`/api/adv/posts/${id}`, postSchema));

/** The order as an administrator reviews it: its course, price and the review flags (SPEC §3, §4). */
const reviewedOrderSchema = publishmentOrderSchema.extend({
  course: relation(reviewedCourseSchema).nullish(),
  price: z.number().nullish(),
  confirmableAdvertisement: z.boolean().default(false),
  remandableAdvertisement: z.boolean().default(false),
});

const ownerSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  companyName: z.string().nullish(),
});

/** An ad as the administrator's detail reads it: the owner, the editors' fields, deletion. */
export const adminPostSchema = postSchema.extend({
  owner: relation(ownerSchema),
  priority: z.number().nullish(),
  isDeleted: z.boolean().default(false),
  publishmentOrder: relation(reviewedOrderSchema).nullish(),
});
export type ReviewedOrder = z.infer<typeof reviewedOrderSchema>;
export type AdminPost = Omit<WithOrder<z.infer<typeof adminPostSchema>, ReviewedOrder>, "owner"> & {
  owner: z.infer<typeof ownerSchema>;
};

/** The editors' detail shows the owner's name and the order's course: fetched when bare. */
export async function getAdminPost(api: UpstreamClient, id: number): Promise<AdminPost> {
  const wire = await api.get(`/api/adv/posts/${id}`, adminPostSchema);
  const [post, owner] = await Promise.all([
    resolveFullPost(api, wire, reviewedOrderSchema),
    resolveIfAllowed(api, wire.owner, ownerSchema).then((owner) => owner ?? wire.owner),
  ]);
  const order = post.publishmentOrder;
  const course = order ? await resolveIfAllowed(api, order.course, reviewedCourseSchema) : null;
  return {
    ...post,
    owner: { ...owner, companyName: owner.companyName ?? null },
    publishmentOrder: order ? { ...order, course } : order,
  };
}

/** The public proof page: no login, only with the right token. */
export const getPreviewPost = async (api: UpstreamClient, id: number, token: string) =>
  resolveImages(
    api,
    await api.get(`/api/adv/posts/${id}/preview/${encodeURIComponent(token)}`, postSchema),
  );

export const setPreviewToken = (api: UpstreamClient, id: number, previewToken: string) =>
  api.send("PUT", `/api/adv/posts/${id}/preview_token`, { previewToken }, z.unknown());
