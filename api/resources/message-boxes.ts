// MessageBox: the conversation between an advertiser and the editorial staff (SPEC §2 Contact),
// with system messages written by status transitions.
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { Hono, type Context } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { messageSenderLabels } from "../domain/labels";
import { MESSAGE_MAX } from "../domain/limits";
import { sendAfterCommit } from "../adapters/mail";
import { recordAudit } from "../audit";
import { currentIdentity, isAdministrator } from "../auth";
import type { ApiDeps, ApiEnv, Identity } from "../context";
import { advertisements, clients, messageBoxes, userLogins } from "../db/schema";
import { inquiryMail } from "../domain/mails";
import {
  accessDenied,
  iri,
  jsonLd,
  notFound,
  parseId,
  assertRelations,
  itemNotFound,
  parseIdOrIri,
  readBody,
} from "../hydra";
import { Checks, text } from "../validation";
import { pagedCollectionResponse, type PagedCollection } from "./paged-collection";
import { visiblePosts } from "./posts-query";

const MESSAGE_BOX_CONTEXT = "/api/contexts/MessageBox";
/** SPEC §9: the message list shows 10 a page. */
const MESSAGE_BOXES: PagedCollection = {
  context: MESSAGE_BOX_CONTEXT,
  path: "/message_boxes",
  itemsPerPage: 10,
  maxItemsPerPage: 100,
};
export const MESSAGE_BODY_MAX_LENGTH = MESSAGE_MAX;
export const INQUIRY_SUBJECT = "お問い合わせ";
export const adInquirySubject = (formattedAdvertisementId: string) =>
  `広告についてのお問い合わせ（申込ID ${formattedAdvertisementId}）`;

type MessageRow = {
  message: typeof messageBoxes.$inferSelect;
  ad: { id: number; title: string } | null;
};

export function serializeMessageBox({ message, ad }: MessageRow) {
  return {
    "@id": iri("message_boxes", message.id),
    "@type": "MessageBox",
    id: message.id,
    createdAt: toTokyoIso(message.createdAt),
    sender: message.sender,
    senderLabel: messageSenderLabels[message.sender],
    subject: message.subject,
    body: message.body,
    advertisement: ad
      ? {
          "@id": iri("posts", ad.id),
          "@type": "Post",
          id: ad.id,
          title: ad.title,
          formattedAdvertisementId: formatAdvertisementId(ad.id),
        }
      : null,
    client: iri("clients", message.clientId),
  };
}

/** Advertisers see their own client's messages only; administrators see all. */
function visibleMessages(identity: Identity): SQL | undefined {
  if (isAdministrator(identity)) return undefined;
  return eq(messageBoxes.clientId, identity.clientId ?? -1);
}

const NOTHING = sql`false`;

/** `client` and `post` (id or IRI). They only narrow what is visible; an unreadable id matches nothing. */
function messageFilters(params: URLSearchParams): SQL[] {
  const conditions: SQL[] = [];
  const byId = (name: string, collection: string, column: AnyPgColumn) => {
    const raw = params.get(name)?.trim();
    if (!raw) return;
    const id = parseIdOrIri(raw, collection);
    conditions.push(id === null ? NOTHING : eq(column, id));
  };
  byId("client", "clients", messageBoxes.clientId);
  byId("post", "posts", messageBoxes.advertisementId);
  return conditions;
}

type Direction = "asc" | "desc";
// A Map, not an object literal: `order[constructor]` must not find Object.prototype members.
const SORTS = new Map<string, (dir: Direction) => SQL>([
  ["id", (dir) => (dir === "asc" ? asc(messageBoxes.id) : desc(messageBoxes.id))],
  [
    "createdAt",
    (dir) => (dir === "asc" ? asc(messageBoxes.createdAt) : desc(messageBoxes.createdAt)),
  ],
]);

/** `order[createdAt|id]=asc|desc` in query order, then id desc (the default, and the tie-break). */
function messageOrder(params: URLSearchParams): SQL[] {
  const clauses: SQL[] = [];
  for (const [key, raw] of params) {
    const field = /^order\[(.+)\]$/.exec(key)?.[1];
    const dir = raw.toLowerCase();
    const sort = field ? SORTS.get(field) : undefined;
    if (sort && (dir === "asc" || dir === "desc")) clauses.push(sort(dir));
  }
  clauses.push(desc(messageBoxes.id));
  return clauses;
}

export const messageShape = { body: text(MESSAGE_BODY_MAX_LENGTH) };

export function messageBoxRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /** Messages with the title of the ad they are about. */
  const selectMessages = () =>
    deps.db
      .select({
        message: messageBoxes,
        ad: { id: advertisements.id, title: advertisements.title },
      })
      .from(messageBoxes)
      .leftJoin(advertisements, eq(advertisements.id, messageBoxes.advertisementId))
      .$dynamic();

  routes.get("/api/adv/message_boxes", (c) => {
    const params = new URL(c.req.url).searchParams;
    const where = and(visibleMessages(currentIdentity(c)), ...messageFilters(params));
    return pagedCollectionResponse(
      c,
      MESSAGE_BOXES,
      selectMessages()
        .where(where)
        .orderBy(...messageOrder(params)),
      deps.db.select({ n: count() }).from(messageBoxes).where(where),
      serializeMessageBox,
    );
  });

  routes.get("/api/adv/message_boxes/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const [row] = id
      ? await selectMessages().where(
          and(eq(messageBoxes.id, id), visibleMessages(currentIdentity(c))),
        )
      : [];
    if (!row) throw notFound();
    return jsonLd(c, { "@context": MESSAGE_BOX_CONTEXT, ...serializeMessageBox(row) });
  });

  /**
   * An advertiser's message, checked: the ad it is about must be the caller's own, non-deleted ad
   * (another's or an unknown one is 404, not a violation); the body is required, 2000 characters
   * at most. Administrators' messages are not built yet: 403.
   */
  async function validateMessage(c: Context<ApiEnv>, input: Record<string, unknown>) {
    const identity = currentIdentity(c);
    if (isAdministrator(identity) || identity.clientId === null) throw accessDenied();
    const ad = await findOwnAd(identity, input);
    const { body } = new Checks(messageShape, input).result();
    return { clientId: identity.clientId, ad, body };
  }

  /**
   * The message's ad: an IRI of one of the caller's ads, or absent (null or left out). "", a bare id, an
   * object or another IRI is a 400 (hydra.ts readRelation); another's, deleted-for-good or unknown
   * ad a 400 `Item not found for "/api/adv/posts/7".`, the same for all.
   */
  async function findOwnAd(identity: Identity, input: Record<string, unknown>) {
    const ref = assertRelations(input, { advertisement: "posts" }).advertisement;
    if (!ref) return null;
    const [ad] = await deps.db
      .select({ id: advertisements.id, title: advertisements.title })
      .from(advertisements)
      .where(and(eq(advertisements.id, ref.id), visiblePosts(identity)))
      .limit(1);
    if (!ad) throw itemNotFound(ref.iri);
    return ad;
  }

  routes.post("/api/adv/message_boxes/validate", async (c) => {
    await validateMessage(c, await readBody(c));
    return c.body(null, 204);
  });

  routes.post("/api/adv/message_boxes", async (c) => {
    const { clientId, ad, body } = await validateMessage(c, await readBody(c));
    const subject = ad ? adInquirySubject(formatAdvertisementId(ad.id)) : INQUIRY_SUBJECT;
    const message = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(messageBoxes)
        .values({
          clientId,
          advertisementId: ad?.id ?? null,
          sender: "advertiser",
          subject,
          body,
          createdAt: deps.clock(),
        })
        .returning();
      await recordAudit(tx, c, deps, {
        action: "message.create",
        target: iri("message_boxes", inserted!.id),
        advertisementId: ad?.id ?? null,
      });
      return inserted!;
    });
    const [client] = await deps.db
      .select({
        companyName: clients.companyName,
        personInCharge: clients.personInCharge,
        email: userLogins.email,
      })
      .from(clients)
      .innerJoin(userLogins, eq(userLogins.id, clients.userLoginId))
      .where(eq(clients.id, clientId));
    await sendAfterCommit(deps.mailer, [
      inquiryMail({
        to: deps.config.editorialEmail,
        clientId,
        companyName: client!.companyName,
        personInCharge: client!.personInCharge,
        email: client!.email,
        body,
        advertisement: ad
          ? { formattedAdvertisementId: formatAdvertisementId(ad.id), title: ad.title }
          : null,
      }),
    ]);
    c.header("Location", iri("message_boxes", message.id));
    return jsonLd(
      c,
      { "@context": MESSAGE_BOX_CONTEXT, ...serializeMessageBox({ message, ad }) },
      201,
    );
  });

  return routes;
}
