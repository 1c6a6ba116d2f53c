// Typed calls for the resources the portal reads so far (one schema per resource, parsed at the boundary).
import { z } from "zod";
import type { UpstreamClient, Query } from "./client";

const iriRef = z.object({ "@id": z.string(), id: z.number(), name: z.string() });

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

const publishmentOrderSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  region: iriRef.nullish(),
  locality: iriRef.nullish(),
  publishesAt: z.string().nullish(),
  unpublishesAt: z.string().nullish(),
  publishmentStatus: z.enum(["new", "remanded", "reapplying", "confirmed"]),
  paymentStatus: z.enum(["none", "waiting", "paid"]),
  paymentMethod: z.string().nullish(),
  paymentMethodLabel: z.string().nullish(),
  paidAt: z.string().nullish(),
  price: z.number().nullish(),
  /** While waiting for a store / Pay-easy payment: the slip; null otherwise (older APIs: absent). */
  paymentSlip: paymentSlipSchema.nullish(),
});

const publicAdvertisementSchema = z.object({
  postUrl: z.string().nullish(),
  postStatus: z.enum(["public", "not_synced", "suspended"]),
  /** When the copy was last pushed to the site (ADR 0010); older APIs: absent. */
  synchronizedAt: z.string().nullish(),
  /** Why the last push failed: sent to administrators only. */
  syncError: z.string().nullish(),
});

/** The fields of a post that lists show; the detail screens extend it. */
export const postSummarySchema = z.object({
  "@id": z.string(),
  id: z.number(),
  formattedAdvertisementId: z.string().nullish(),
  title: z.string().nullish(),
  publishmentOrder: publishmentOrderSchema.nullish(),
  publicAdvertisement: publicAdvertisementSchema.nullish(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const getClient = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/clients/${id}`, clientSchema);

export const getAdministrator = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/administrators/${id}`, administratorSchema);

export const getUserLogin = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/user_logins/${id}`, userLoginSchema);

export const getSiteSummary = (api: UpstreamClient) =>
  api.get("/api/adv/site_summary", siteSummarySchema);

export const listPosts = (api: UpstreamClient, query: Query) =>
  api.getCollection("/api/adv/posts", postSummarySchema, query);

export const getPost = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/posts/${id}`, postSummarySchema);

const mediaSchema = z.object({ "@id": z.string(), contentUrl: z.string() }).nullish();
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
export type Post = z.infer<typeof postSchema>;

export const getFullPost = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/posts/${id}`, postSchema);

/** The order as an administrator reviews it: its course, price and the review flags (SPEC §3, §4). */
const reviewedOrderSchema = publishmentOrderSchema.extend({
  course: z
    .object({ name: z.string(), price: z.number(), periodLabel: z.string().nullish() })
    .nullish(),
  price: z.number().nullish(),
  confirmableAdvertisement: z.boolean().default(false),
  remandableAdvertisement: z.boolean().default(false),
});

/** An ad as the administrator's detail reads it: the owner, the editors' fields, deletion. */
export const adminPostSchema = postSchema.extend({
  owner: z.object({ "@id": z.string(), id: z.number(), companyName: z.string().nullish() }),
  priority: z.number().nullish(),
  isDeleted: z.boolean().default(false),
  publishmentOrder: reviewedOrderSchema.nullish(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;

export const getAdminPost = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/posts/${id}`, adminPostSchema);

/** The public proof page: no login, only with the right token. */
export const getPreviewPost = (api: UpstreamClient, id: number, token: string) =>
  api.get(`/api/adv/posts/${id}/preview/${encodeURIComponent(token)}`, postSchema);

export const setPreviewToken = (api: UpstreamClient, id: number, previewToken: string) =>
  api.send("PUT", `/api/adv/posts/${id}/preview_token`, { previewToken }, z.unknown());
