// The reference API's whole data model (SPEC §3), one Drizzle pg-core schema for PGlite and PostgreSQL.
// Statuses are text columns with CHECK constraints rather than pg enums: enums are awkward to
// extend in migrations, and both engines accept these checks unchanged.
import { sql } from "drizzle-orm";
import type { PaymentSlip } from "../adapters/payment";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => instant("created_at").notNull().defaultNow();
const updatedAt = () => instant("updated_at").notNull().defaultNow();

export const userLogins = pgTable(
  "user_logins",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["advertiser", "administrator"] }).notNull(),
    isTemporaryPassword: boolean("is_temporary_password").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Emails are compared case-insensitively, so uniqueness is too.
    uniqueIndex("user_logins_email_lower_key").on(sql`lower(${t.email})`),
    check("user_logins_role_check", sql`${t.role} in ('advertiser', 'administrator')`),
  ],
);

export const prefectures = pgTable("prefectures", {
  /** JIS X 0401 code, 1 (北海道) .. 47 (沖縄県). */
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
});

export const clients = pgTable("clients", {
  id: id(),
  userLoginId: integer("user_login_id")
    .notNull()
    .unique()
    .references(() => userLogins.id),
  companyName: text("company_name").notNull(),
  personInCharge: text("person_in_charge").notNull(),
  tel: text("tel").notNull(),
  zipCode: text("zip_code").notNull(),
  prefectureId: integer("prefecture_id")
    .notNull()
    .references(() => prefectures.id),
  city: text("city").notNull(),
  address: text("address").notNull(),
  isAutoConfirmable: boolean("is_auto_confirmable").notNull().default(false),
  isDeleted: boolean("is_deleted").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const administrators = pgTable("administrators", {
  id: id(),
  userLoginId: integer("user_login_id")
    .notNull()
    .unique()
    .references(() => userLogins.id),
  name: text("name").notNull(),
});

/**
 * One login session: created at login or switch_user, ended by logout, by a password or e-mail
 * change (every other session of the login), an administrator's reset or a deletion. Access
 * tokens carry its id (`sid`) and stop working the moment it is revoked.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: id(),
    userLoginId: integer("user_login_id")
      .notNull()
      .references(() => userLogins.id, { onDelete: "cascade" }),
    /** Set when an administrator opened this session by switch_user. */
    impersonatorUserLoginId: integer("impersonator_user_login_id").references(() => userLogins.id, {
      onDelete: "cascade",
    }),
    /** The absolute end: no refresh outlives it, however often the session refreshes. */
    expiresAt: instant("expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_sessions_user_login_id_idx").on(t.userLoginId),
    index("auth_sessions_impersonator_idx").on(t.impersonatorUserLoginId),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    /** sha256 hex of the opaque token: a leaked table does not leak usable tokens. */
    tokenHash: text("token_hash").notNull().unique(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    /** When it was exchanged for its successor (rotation); reuse after a short window ends the session. */
    rotatedAt: instant("rotated_at"),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_session_id_idx").on(t.sessionId)],
);

/**
 * Fixed-window counters shared by every API process (login throttling, registration limits):
 * one row per key and window, incremented with one upsert.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: instant("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Self-service password reset links (an extension of SPEC §7): one-time, short-lived, stored as
 * sha256 hex like refresh tokens. Issuing a new one deletes the login's older ones.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    userLoginId: integer("user_login_id")
      .notNull()
      .references(() => userLogins.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    /** Set when the link set a password: it never works twice. */
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_login_id_idx").on(t.userLoginId)],
);

export const mediaObjects = pgTable(
  "media_objects",
  {
    id: id(),
    /** The uploading advertiser; null for files uploaded by administrators or anonymous trials. */
    clientId: integer("client_id").references(() => clients.id),
    /** Path relative to the media directory, served as /media/<filePath>. */
    filePath: text("file_path").notNull().unique(),
    contentType: text("content_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    size: integer("size").notNull(),
    createdAt: createdAt(),
    /**
     * An anonymous trial upload (ADR 0012): the SHA-256 (hex) of the form's trial key. Set with
     * quarantine_expires_at until create_trial claims the file; usable by nothing else meanwhile.
     */
    trialKeyHash: text("trial_key_hash"),
    /** When an unclaimed trial upload is deleted (its quarantine_expiry job). */
    quarantineExpiresAt: instant("quarantine_expires_at"),
  },
  (t) => [
    index("media_objects_client_id_idx").on(t.clientId),
    index("media_objects_trial_key_hash_idx")
      .on(t.trialKeyHash)
      .where(sql`${t.trialKeyHash} is not null`),
  ],
);

/**
 * One row per submitted trial form (ADR 0012), inserted first in create_trial's transaction: its
 * primary key makes a second submission of the same key wait for the first, then replay its answer.
 */
export const trialSubmissions = pgTable("trial_submissions", {
  /** SHA-256 (hex) of the form's trial key. */
  keyHash: text("key_hash").primaryKey(),
  clientId: integer("client_id").references(() => clients.id),
  advertisementId: integer("advertisement_id").references(() => advertisements.id),
  createdAt: createdAt(),
});

export const publishmentRegions = pgTable("publishment_regions", {
  id: id(),
  name: text("name").notNull(),
});

export const publishmentLocalities = pgTable(
  "publishment_localities",
  {
    id: id(),
    regionId: integer("region_id")
      .notNull()
      .references(() => publishmentRegions.id),
    name: text("name").notNull(),
    blogUrl: text("blog_url"),
    wpRestUrl: text("wp_rest_url"),
    wpRestUser: text("wp_rest_user"),
    wpRestPassword: text("wp_rest_password"),
    gaAccount: text("ga_account"),
    gaProperty: text("ga_property"),
    gaProfile: text("ga_profile"),
  },
  (t) => [index("publishment_localities_region_id_idx").on(t.regionId)],
);

export const publishmentCourses = pgTable(
  "publishment_courses",
  {
    id: id(),
    isActive: boolean("is_active").notNull().default(true),
    name: text("name").notNull(),
    /** Yen, tax excluded. */
    price: integer("price").notNull(),
    note: text("note"),
    periodType: text("period_type", { enum: ["month", "day"] }).notNull(),
    months: integer("months"),
    days: integer("days"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("publishment_courses_period_type_check", sql`${t.periodType} in ('month', 'day')`)],
);

export const advertisements = pgTable(
  "advertisements",
  {
    id: id(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => clients.id),
    title: text("title").notNull(),
    storeName: text("store_name"),
    storeAddress: text("store_address"),
    storeTel: text("store_tel"),
    businessHours: text("business_hours"),
    mapParameters: text("map_parameters"),
    homepage: text("homepage"),
    previewToken: text("preview_token"),
    statusNote: text("status_note"),
    priority: integer("priority").notNull().default(0),
    image1Id: integer("image1_id").references(() => mediaObjects.id, { onDelete: "set null" }),
    image2Id: integer("image2_id").references(() => mediaObjects.id, { onDelete: "set null" }),
    image3Id: integer("image3_id").references(() => mediaObjects.id, { onDelete: "set null" }),
    image4Id: integer("image4_id").references(() => mediaObjects.id, { onDelete: "set null" }),
    image5Id: integer("image5_id").references(() => mediaObjects.id, { onDelete: "set null" }),
    body1: text("body1"),
    body2: text("body2"),
    body3: text("body3"),
    body4: text("body4"),
    body5: text("body5"),
    eyeCatchId: integer("eye_catch_id").references(() => mediaObjects.id, { onDelete: "set null" }),
    link1Title: text("link1_title"),
    link2Title: text("link2_title"),
    link3Title: text("link3_title"),
    link1Url: text("link1_url"),
    link2Url: text("link2_url"),
    link3Url: text("link3_url"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A page of one advertiser's ads, newest first (SPEC §7), reads this index in order.
    index("advertisements_owner_id_id_idx").on(t.ownerId, t.id),
    // What an advertiser may see (posts-query.ts visiblePosts: not deleted): My Page's count
    // reads it alone, index-only, instead of visiting every one of the ads' rows (issue 32).
    index("advertisements_owner_id_id_visible_idx")
      .on(t.ownerId, t.id)
      .where(sql`not ${t.isDeleted}`),
    // The editors' list: priority first, then newest first (SPEC §7).
    index("advertisements_priority_id_idx").on(t.priority, t.id.desc().nullsFirst()),
    index("advertisements_priority_title_idx").on(t.priority, t.title),
    uniqueIndex("advertisements_preview_token_key").on(t.previewToken),
  ],
);

export const publishmentOrders = pgTable(
  "publishment_orders",
  {
    id: id(),
    /** One order per ad: extending a publication duplicates the ad (SPEC §4). */
    advertisementId: integer("advertisement_id")
      .notNull()
      .unique()
      .references(() => advertisements.id),
    regionId: integer("region_id")
      .notNull()
      .references(() => publishmentRegions.id),
    localityId: integer("locality_id")
      .notNull()
      .references(() => publishmentLocalities.id),
    courseId: integer("course_id")
      .notNull()
      .references(() => publishmentCourses.id),
    // Price and period are fixed when the order is placed: later course edits do not change it.
    price: integer("price").notNull(),
    courseName: text("course_name").notNull(),
    periodType: text("period_type", { enum: ["month", "day"] }).notNull(),
    months: integer("months"),
    days: integer("days"),
    orderedAt: instant("ordered_at").notNull(),
    publishesAt: instant("publishes_at").notNull(),
    unpublishesAt: instant("unpublishes_at").notNull(),
    paidAt: instant("paid_at"),
    publishmentStatus: text("publishment_status", {
      enum: ["new", "remanded", "reapplying", "confirmed"],
    }).notNull(),
    paymentStatus: text("payment_status", { enum: ["none", "waiting", "paid"] })
      .notNull()
      .default("none"),
    paymentMethod: text("payment_method"),
    paymentType: text("payment_type", { enum: ["none", "direct", "other"] })
      .notNull()
      .default("none"),
    paymentNote: text("payment_note"),
    paymentKey: text("payment_key"),
    /** Receipts issued for the order so far: every one after the first says 再発行. */
    receiptIssuedCount: integer("receipt_issued_count").notNull().default(0),
    /** The bank transfer deadline (a Tokyo date) given when bank transfer was chosen. */
    paymentDueDate: text("payment_due_date"),
    /**
     * The convenience store / Pay-easy slip the provider issued (api/adapters/payment.ts
     * PaymentSlip), shown on the ad detail while the order waits; null otherwise.
     */
    paymentSlip: jsonb("payment_slip").$type<PaymentSlip>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("publishment_orders_region_locality_idx").on(t.regionId, t.localityId),
    index("publishment_orders_locality_id_idx").on(t.localityId),
    index("publishment_orders_course_id_idx").on(t.courseId),
    index("publishment_orders_publishment_status_idx").on(t.publishmentStatus),
    // The sorts by publication dates and the live-period checks (site, dashboard).
    index("publishment_orders_publishes_at_idx").on(t.publishesAt),
    index("publishment_orders_unpublishes_at_idx").on(t.unpublishesAt),
    check(
      "publishment_orders_publishment_status_check",
      sql`${t.publishmentStatus} in ('new', 'remanded', 'reapplying', 'confirmed')`,
    ),
    check(
      "publishment_orders_payment_status_check",
      sql`${t.paymentStatus} in ('none', 'waiting', 'paid')`,
    ),
    check(
      "publishment_orders_payment_type_check",
      sql`${t.paymentType} in ('none', 'direct', 'other')`,
    ),
    check("publishment_orders_period_type_check", sql`${t.periodType} in ('month', 'day')`),
    // A period ends after it starts: the live tally (post_tallies) counts a live ad as
    // started − ended, which holds only then.
    check("publishment_orders_period_check", sql`${t.publishesAt} <= ${t.unpublishesAt}`),
  ],
);

export const publicAdvertisements = pgTable(
  "public_advertisements",
  {
    id: id(),
    advertisementId: integer("advertisement_id")
      .notNull()
      .unique()
      .references(() => advertisements.id),
    postUrl: text("post_url"),
    postStatus: text("post_status", { enum: ["public", "not_synced", "suspended"] })
      .notNull()
      .default("not_synced"),
    synchronizedAt: instant("synchronized_at"),
    /** The publisher's own id of the post (WordPress post id, or the built-in site's). */
    externalId: text("external_id"),
    /** Why the last sync failed (shown to administrators only); null after a successful one. */
    syncError: text("sync_error"),
    /** The featured image as uploaded to the publisher (WordPress media id), so it is sent once. */
    externalMediaId: text("external_media_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "public_advertisements_post_status_check",
      sql`${t.postStatus} in ('public', 'not_synced', 'suspended')`,
    ),
  ],
);

export const sales = pgTable(
  "sales",
  {
    id: id(),
    publishmentOrderId: integer("publishment_order_id")
      .notNull()
      .references(() => publishmentOrders.id),
    /** Yen; a reversal (mark-unpaid) is a row with negative amounts, so history is kept. */
    net: integer("net").notNull(),
    tax: integer("tax").notNull(),
    recordedAt: instant("recorded_at").notNull(),
  },
  (t) => [
    index("sales_publishment_order_id_idx").on(t.publishmentOrderId),
    // The sales list's order (recordedAt, then id): a page is read off the index, no sort; the
    // month's count and totals use it as they used one on recordedAt alone.
    index("sales_recorded_at_id_idx").on(t.recordedAt, t.id),
  ],
);

export const messageBoxes = pgTable(
  "message_boxes",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id),
    advertisementId: integer("advertisement_id").references(() => advertisements.id),
    sender: text("sender", { enum: ["advertiser", "system", "administrator"] }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A box's page, newest first; an ad's messages of a report month.
    index("message_boxes_client_id_id_idx").on(t.clientId, t.id),
    index("message_boxes_advertisement_id_created_at_idx").on(t.advertisementId, t.createdAt),
    check(
      "message_boxes_sender_check",
      sql`${t.sender} in ('advertiser', 'system', 'administrator')`,
    ),
  ],
);

export const dailyReports = pgTable(
  "daily_reports",
  {
    id: id(),
    advertisementId: integer("advertisement_id")
      .notNull()
      .references(() => advertisements.id),
    /** Tokyo calendar date. */
    date: date("date", { mode: "string" }).notNull(),
    imp: integer("imp").notNull().default(0),
    clk: integer("clk").notNull().default(0),
    pv: integer("pv").notNull().default(0),
    link1: integer("link1").notNull().default(0),
    link2: integer("link2").notNull().default(0),
    link3: integer("link3").notNull().default(0),
  },
  (t) => [unique("daily_reports_advertisement_id_date_key").on(t.advertisementId, t.date)],
);

/**
 * Who the built-in site counted (publishing/counters.ts): one row per ad, Tokyo day, visitor and
 * counter. pv, clk and link{n} count only when their row is new (once per visitor, ad and day);
 * imp counts every list page view and its row keeps the visitor's latest impression, which a
 * click needs. Rows older than a few days are deleted (pruneCounterVisits).
 */
export const counterVisits = pgTable(
  "counter_visits",
  {
    advertisementId: integer("advertisement_id")
      .notNull()
      .references(() => advertisements.id, { onDelete: "cascade" }),
    /** Tokyo calendar date. */
    date: date("date", { mode: "string" }).notNull(),
    /** A keyed hash (HMAC-SHA-256, truncated) of the client address and User-Agent: no raw address. */
    visitor: text("visitor").notNull(),
    kind: text("kind", { enum: ["imp", "clk", "pv", "link1", "link2", "link3"] }).notNull(),
    /** imp: the visitor's latest impression of the ad that day; the others: when it was counted. */
    lastAt: instant("last_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.advertisementId, t.date, t.visitor, t.kind] }),
    index("counter_visits_date_idx").on(t.date),
    check(
      "counter_visits_kind_check",
      sql`${t.kind} in ('imp', 'clk', 'pv', 'link1', 'link2', 'link3')`,
    ),
  ],
);

/**
 * Outgoing mail (adapters/mail.ts): every mail is a row first, queued with a `mail` job; with
 * SMTP_URL the worker loop sends it (adapters/mail-delivery.ts) and sets sentAt.
 */
export const mailOutbox = pgTable("mail_outbox", {
  id: id(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
  /** Set by the `mail` job that sent it; its attempts and last error are on that job's row. */
  sentAt: instant("sent_at"),
});

/**
 * Durable work (ARCHITECTURE §6, ADR 0010, 0007): publication syncs, take-downs at the end of a
 * period, the lifecycle mails and the outbox's SMTP sends. The API's one worker loop (api/worker.ts)
 * claims due rows with `FOR UPDATE SKIP LOCKED`, runs them and marks them done; failures are
 * retried with backoff. `dedupeKey` makes enqueueing idempotent: the same step of the same period
 * is queued once, however often the order is touched.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    /** What to do: a kind of api/publishing/jobs.ts (sync, takedown, mail_start, …). */
    kind: text("kind").notNull(),
    advertisementId: integer("advertisement_id").references(() => advertisements.id),
    /** Unique per intended step, e.g. "mail_end:12:2026-12-31"; a second enqueue is a no-op. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    /** Kind-specific data (the period the step belongs to, so a stale step can tell). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** When it is due; moved past the lease when claimed, later after a failure. */
    runAt: instant("run_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: instant("done_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
    index("jobs_advertisement_id_idx").on(t.advertisementId),
  ],
);

/**
 * The audit trail (ARCHITECTURE §6): one row per administrator action and impersonation start or
 * end, and per advertiser write made while impersonating, written in the same transaction as the
 * change. Rows are never updated; the logins are kept (no cascade) so the trail outlives nothing.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    occurredAt: instant("occurred_at").notNull(),
    /** Null when no login acted: the payment provider's push (a refund needed, issue 28). */
    actorUserLoginId: integer("actor_user_login_id").references(() => userLogins.id),
    /** The administrator behind an impersonation token; null when the actor acted as itself. */
    impersonatorUserLoginId: integer("impersonator_user_login_id").references(() => userLogins.id),
    /** A code of app/domain/audit.ts, e.g. "order.confirm". */
    action: text("action").notNull(),
    /** The IRI of what was acted on, e.g. "/api/adv/publishment_orders/5". */
    target: text("target").notNull(),
    advertisementId: integer("advertisement_id").references(() => advertisements.id),
    /** `{field: {before, after}}` of the changed fields. */
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>(),
    clientIp: text("client_ip").notNull(),
  },
  (t) => [
    index("audit_logs_occurred_at_id_idx").on(t.occurredAt.desc(), t.id.desc()),
    index("audit_logs_actor_idx").on(t.actorUserLoginId),
    index("audit_logs_action_idx").on(t.action),
    index("audit_logs_target_idx").on(t.target),
  ],
);

/**
 * Every payment key issued for an order (ARCHITECTURE §6 payment adapter): the provider's order id
 * (unique per key, as VeriTrans4G POP requires) leads a push back to our order.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: id(),
    publishmentOrderId: integer("publishment_order_id")
      .notNull()
      .references(() => publishmentOrders.id),
    provider: text("provider", { enum: ["sandbox", "pop"] }).notNull(),
    /** `order_id` at the provider, e.g. "ADV000012-3f9a1c2e". */
    providerOrderId: text("provider_order_id").notNull().unique(),
    paymentKey: text("payment_key").notNull().unique(),
    /** Issued for card payment (card=1) rather than store / ATM. */
    card: boolean("card").notNull(),
    /** Yen including tax, as sent to the provider (gross_amount). */
    amount: integer("amount").notNull(),
    /** retired: a later key was issued for the order; the sandbox refuses to take it. */
    status: text("status", { enum: ["issued", "pending", "paid", "failed", "retired"] })
      .notNull()
      .default("issued"),
    /** What the customer paid with, once the provider said: card, cvs or bank (Pay-easy). */
    paymentType: text("payment_type", { enum: ["card", "cvs", "bank"] }),
    expiresAt: instant("expires_at").notNull(),
    paidAt: instant("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payment_attempts_publishment_order_id_idx").on(t.publishmentOrderId),
    check(
      "payment_attempts_status_check",
      sql`${t.status} in ('issued', 'pending', 'paid', 'failed', 'retired')`,
    ),
  ],
);

/**
 * 要返金 (issue 28 #5): money the provider took that must go back, because it arrived for an order
 * already paid, remanded or deleted. Written with the push's effects in its transaction (with an
 * audit row and a mail to the editors) instead of a second sale; shown on the editors' ad detail
 * and the sales list.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: id(),
    publishmentOrderId: integer("publishment_order_id")
      .notNull()
      .references(() => publishmentOrders.id),
    paymentAttemptId: integer("payment_attempt_id")
      .notNull()
      .references(() => paymentAttempts.id),
    provider: text("provider", { enum: ["sandbox", "pop"] }).notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    /** Yen including tax, as the provider took it. */
    amount: integer("amount").notNull(),
    paymentType: text("payment_type", { enum: ["card", "cvs", "bank"] }),
    reason: text("reason", { enum: ["already_paid", "remanded", "deleted"] }).notNull(),
    /** When the customer paid (the provider's time). */
    paidAt: instant("paid_at").notNull(),
    /** When the push arrived. */
    recordedAt: instant("recorded_at").notNull(),
  },
  (t) => [
    unique("payment_refunds_payment_attempt_id_key").on(t.paymentAttemptId),
    index("payment_refunds_publishment_order_id_idx").on(t.publishmentOrderId),
    index("payment_refunds_recorded_at_idx").on(t.recordedAt),
  ],
);

/** Pushes received from the provider, kept once each: a repeated push is acknowledged, not applied. */
export const paymentNotifications = pgTable("payment_notifications", {
  id: id(),
  /** sha256 of the provider and the raw body: the same push twice has the same key. */
  dedupeKey: text("dedupe_key").notNull().unique(),
  provider: text("provider", { enum: ["sandbox", "pop"] }).notNull(),
  providerOrderId: text("provider_order_id").notNull(),
  /** The event it was read as: paid, pending or failed. */
  kind: text("kind").notNull(),
  receivedAt: instant("received_at").notNull(),
});

/**
 * The sandbox provider's own records (api/sandbox-pay): a stand-in for VeriTrans4G's side of a
 * payment, in our database only because the sandbox runs inside the reference API.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  paymentKey: text("payment_key").primaryKey(),
  providerOrderId: text("provider_order_id").notNull().unique(),
  amount: integer("amount").notNull(),
  /** enabled_payment_types: card, cvs, bank. */
  enabledTypes: jsonb("enabled_types").$type<Array<"card" | "cvs" | "bank">>().notNull(),
  customerEmail: text("customer_email"),
  customerPhone: text("customer_phone"),
  pushUrl: text("push_url").notNull(),
  /** Where the hosted page sends a browser without JavaScript back to (+ ?payment=…). */
  returnUrl: text("return_url"),
  /** retired: the merchant issued a later key for the order (issue 28 #5); it cannot be paid. */
  status: text("status", {
    enum: ["issued", "challenge", "pending", "paid", "failed", "retired"],
  })
    .notNull()
    .default("issued"),
  paymentType: text("payment_type", { enum: ["card", "cvs", "bank"] }),
  /** The slip of a store / Pay-easy payment (same shape as publishment_orders.payment_slip). */
  slip: jsonb("slip").$type<PaymentSlip>(),
  maskedCardNumber: text("masked_card_number"),
  /** When the last push failed to reach the merchant; null once one arrived (通知を再送する). */
  pushFailedAt: instant("push_failed_at"),
  expiresAt: instant("expires_at").notNull(),
  paidAt: instant("paid_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Exact counts the editors' screens show, kept by triggers in the same transaction as the writes
 * that change them (migration 0012; ADR 0013 addendum), so a count costs a row, not a scan:
 * `all` every ad, `ordered` ads with an order, `waiting` live ads whose order waits for review
 * (at = -infinity for these); `live_from` / `live_until` the start and end instants of public,
 * live, ordered ads, one row an instant, so the ads live at `now` are
 * Σ live_from ≤ now − Σ live_until < the earliest end still live.
 */
export const postTallies = pgTable(
  "post_tallies",
  {
    tally: text("tally", {
      enum: ["all", "ordered", "waiting", "live_from", "live_until"],
    }).notNull(),
    at: instant("at").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tally, t.at] })],
);

/** What each ad adds to post_tallies now, so a trigger can take back exactly that. */
export const postTallyMembers = pgTable("post_tally_members", {
  advertisementId: integer("advertisement_id").primaryKey(),
  ordered: boolean("ordered").notNull(),
  waiting: boolean("waiting").notNull(),
  liveFrom: instant("live_from"),
  liveUntil: instant("live_until"),
});
