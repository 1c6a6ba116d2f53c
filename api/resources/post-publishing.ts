// Suspend, resume and force sync of an ad's publication (SPEC §4, §6, §7; ADR 0010).
// POST {ad}/suspend and …/resume: the owner or an administrator (another advertiser's ad, a
// deleted or unknown one: 404); suspend while the copy is public, the ad has an order and the
// period has not ended; resume while suspended; else 400. Each writes, in one transaction, the
// status, a sync job (a WordPress copy is taken down or put back), the advertiser's system message
// and, for administrators, the audit row, and answers the post.
// POST {ad}/sync: administrators; reconciles at once and answers {"res":{"ok":…}}.
import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { AuditAction } from "../../shared/wire";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { slashDate } from "../../shared/calendar-days";
import { recordAudit } from "../audit";
import { currentIdentity, requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import {
  advertisements,
  messageBoxes,
  publicAdvertisements,
  publishmentOrders,
} from "../db/schema";
import { LIFECYCLE_SUBJECTS } from "../domain/mails";
import { periodPhase } from "../domain/publishment";
import { badRequest, iri, jsonLd, notFound, parseId } from "../hydra";
import { enqueueSync } from "../publishing/jobs";
import { reconcile } from "../publishing/reconcile";
import { forReader, POST_CONTEXT, serializePost } from "./posts";
import { selectOnePost, visiblePosts } from "./posts-query";

export const PUBLICATION_MESSAGES = {
  notSuspendable: "この広告は掲載停止できない状態です。",
  notResumable: "この広告は掲載再開できない状態です。",
} as const;

const AUDIT = {
  suspend: "post.suspend",
  resume: "post.resume",
  sync: "post.sync",
} satisfies Record<string, AuditAction>;

export function postPublicationRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /** The ad with its order and copy, when the caller may act on it; else 404. */
  async function findAd(c: Context<ApiEnv>) {
    const id = parseId(c.req.param("id"));
    if (!id) throw notFound();
    const [row] = await deps.db
      .select({
        ad: { id: advertisements.id, ownerId: advertisements.ownerId },
        order: publishmentOrders,
        publicAd: publicAdvertisements,
      })
      .from(advertisements)
      .leftJoin(publishmentOrders, eq(publishmentOrders.advertisementId, advertisements.id))
      .leftJoin(publicAdvertisements, eq(publicAdvertisements.advertisementId, advertisements.id))
      .where(
        and(
          eq(advertisements.id, id),
          eq(advertisements.isDeleted, false),
          visiblePosts(currentIdentity(c)),
        ),
      )
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function postResponse(c: Context<ApiEnv>, id: number) {
    const row = await selectOnePost(deps.db, eq(advertisements.id, id));
    if (!row) throw notFound();
    return jsonLd(c, {
      "@context": POST_CONTEXT,
      ...serializePost(row, forReader(currentIdentity(c))),
    });
  }

  /** Moves the copy from `from` to `to` (re-checked in the update), with message, job and audit. */
  async function change(
    c: Context<ApiEnv>,
    row: Awaited<ReturnType<typeof findAd>>,
    t: {
      from: "public" | "suspended";
      to: "public" | "suspended";
      refusal: string;
      subject: string;
      action: AuditAction;
    },
  ) {
    const now = deps.clock();
    const order = row.order!;
    await deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(publicAdvertisements)
        .set({ postStatus: t.to, updatedAt: now })
        .where(
          and(
            eq(publicAdvertisements.advertisementId, row.ad.id),
            eq(publicAdvertisements.postStatus, t.from),
          ),
        )
        .returning({ id: publicAdvertisements.id });
      if (!after) throw badRequest(t.refusal);
      await enqueueSync(tx, deps, row.ad.id);
      const [message] = await tx
        .insert(messageBoxes)
        .values({
          clientId: row.ad.ownerId,
          advertisementId: row.ad.id,
          sender: "system",
          subject: t.subject,
          body: `掲載期間: ${slashDate(tokyoDate(order.publishesAt))}〜${slashDate(tokyoDate(order.unpublishesAt))}`,
          createdAt: now,
        })
        .returning({ id: messageBoxes.id });
      await recordAudit(tx, c, deps, {
        action: t.action,
        target: iri("posts", row.ad.id),
        advertisementId: row.ad.id,
        changes: {
          postStatus: { before: t.from, after: t.to },
          messageBox: { before: null, after: iri("message_boxes", message!.id) },
        },
      });
    });
    deps.kickJobs?.();
    return postResponse(c, row.ad.id);
  }

  routes.post("/api/adv/posts/:id/suspend", async (c) => {
    const row = await findAd(c);
    const suspendable =
      row.publicAd?.postStatus === "public" &&
      row.order !== null &&
      periodPhase(row.order, deps.clock()) !== "ended";
    if (!suspendable) throw badRequest(PUBLICATION_MESSAGES.notSuspendable);
    return change(c, row, {
      from: "public",
      to: "suspended",
      refusal: PUBLICATION_MESSAGES.notSuspendable,
      subject: LIFECYCLE_SUBJECTS.suspended,
      action: AUDIT.suspend,
    });
  });

  routes.post("/api/adv/posts/:id/resume", async (c) => {
    const row = await findAd(c);
    if (row.publicAd?.postStatus !== "suspended" || row.order === null) {
      throw badRequest(PUBLICATION_MESSAGES.notResumable);
    }
    return change(c, row, {
      from: "suspended",
      to: "public",
      refusal: PUBLICATION_MESSAGES.notResumable,
      subject: LIFECYCLE_SUBJECTS.resumed,
      action: AUDIT.resume,
    });
  });

  // A deleted ad may be synced too: that takes its copy down.
  routes.post("/api/adv/posts/:id/sync", requireAdministrator, async (c) => {
    const id = parseId(c.req.param("id"));
    if (!id) throw notFound();
    const [ad] = await deps.db
      .select({ id: advertisements.id })
      .from(advertisements)
      .where(eq(advertisements.id, id));
    if (!ad) throw notFound();
    const result = await reconcile(deps, ad.id);
    await deps.db.transaction(async (tx) => {
      await recordAudit(tx, c, deps, {
        action: AUDIT.sync,
        target: iri("posts", ad.id),
        advertisementId: ad.id,
        changes: { ok: { before: null, after: result.ok } },
      });
    });
    return c.json({ res: { ok: result.ok } });
  });

  return routes;
}
