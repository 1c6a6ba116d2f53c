// The public trial form's ad calls (ADR 0012): posts/validate_trial, and posts/create_trial, which
// makes the login, the client, the ad, the claim of the quarantined uploads and the optional order
// in one transaction, replays a second submission of the same trial key, and mails the temporary
// password after the commit.
import { quarantinedUnder } from "../publishing/quarantine";
import { randomInt } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { trialStartDate } from "../domain/publishment";
import { hashPassword, insertAdvertiser } from "../accounts";
import { sendAfterCommit } from "../adapters/mail";
import { recordAudit } from "../audit";
import type { ApiDeps, ApiEnv } from "../context";
import type { Database } from "../db/client";
import {
  advertisements,
  mediaObjects,
  publishmentLocalities,
  trialSubmissions,
} from "../db/schema";
import { trialWelcomeMail } from "../domain/mails";
import {
  accessDenied,
  ApiError,
  badRequest,
  iri,
  jsonLd,
  assertRelations,
  itemNotFound,
  notFound,
  parseIdOrIri,
  readBody,
  readRelation,
  ValidationError,
  ViolationCode,
  type Violation,
} from "../hydra";
import { trialKeyHash } from "../trial-key";
import { Checks, isUniqueViolation, MESSAGES } from "../validation";
import { validateTrialEntry } from "./advertiser-entries";
import { validateAdContent, type MediaCheck } from "./post-writes";
import {
  checkOrderFields,
  insertOrder,
  ORDER_RELATIONS,
  orderFieldsShape,
} from "./publishment-order-routes";

const POST_CONTEXT = "/api/contexts/Post";
export const NO_TRIAL_KEY = "A trial needs its key (X-Trial-Key).";

/** No 0/O, 1/l/I: the password is read from a mail and typed once. */
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
export const TEMPORARY_PASSWORD_LENGTH = 16;

export function temporaryPassword(): string {
  let password = "";
  for (let i = 0; i < TEMPORARY_PASSWORD_LENGTH; i++) {
    password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  }
  return password;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * The trial key's quarantined, unexpired uploads only; anything else is unknown: a 400
 * `Item not found for "/api/adv/media_objects/7".` (hydra.ts readRelation).
 */
const quarantinedMedia =
  (db: Database, keyHash: string, now: Date): MediaCheck =>
  async (ids) => {
    if (ids.length === 0) return;
    const quarantined = await quarantinedUnder(db, keyHash, ids, now);
    const missing = ids.find((id) => !quarantined.includes(id));
    if (missing !== undefined) throw itemNotFound(iri("media_objects", missing));
  };

/** Runs a validator of one part of the body; its violations come back under `prefix.`. */
async function part<T>(prefix: string, run: () => Promise<T>) {
  try {
    return { value: await run(), violations: [] as Violation[] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const violations = error.violations.map((v) => ({
      ...v,
      propertyPath: `${prefix}.${v.propertyPath}`,
    }));
    return { value: undefined, violations };
  }
}

const submitted = (c: Context, id: number | null, status: 200 | 201) =>
  jsonLd(
    c,
    {
      "@context": POST_CONTEXT,
      "@id": id === null ? null : iri("posts", id),
      "@type": "Post",
      id,
    },
    status,
  );

export function trialRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  function requireKey(c: Context) {
    const keyHash = trialKeyHash(c);
    if (!keyHash) throw badRequest(NO_TRIAL_KEY);
    return keyHash;
  }

  /**
   * The order part when it asks for one (an object with a locality), by the rules of
   * POST publishment_orders with the trial's earliest start; null when no order is asked for.
   * The region may be null or left out: the locality names it. A blank string is no IRI (400).
   */
  async function validateTrialOrder(raw: unknown, now: Date) {
    const input = asObject(raw);
    if (input.locality === undefined || input.locality === null) return null;
    // Relations are IRIs (400 otherwise, "" included), before the order's rules run.
    assertRelations(input, ORDER_RELATIONS);
    let given = input;
    if (
      (input.region === undefined || input.region === null) &&
      typeof input.locality === "string"
    ) {
      const localityId = parseIdOrIri(input.locality.trim(), "publishment_localities");
      const [locality] = localityId
        ? await deps.db
            .select({ regionId: publishmentLocalities.regionId })
            .from(publishmentLocalities)
            .where(eq(publishmentLocalities.id, localityId))
        : [];
      if (locality) given = { ...input, region: iri("publishment_regions", locality.regionId) };
    }
    const checks = new Checks(orderFieldsShape, given);
    const course = await checkOrderFields(deps.db, checks, trialStartDate(now));
    const values = checks.result();
    return { ...values, course: course! };
  }

  /**
   * SPEC §3: the trial ad's owner is set from the current advertiser, and a trial visitor has none
   * yet: the owner is the account create_trial makes. An ad naming any client is refused as
   * API Platform's security check refuses a foreign owner (403); a malformed IRI is a 400.
   */
  function refuseNamedOwner(ad: Record<string, unknown>) {
    if (readRelation(ad, "owner", "clients")) throw accessDenied();
  }

  // Public (auth.ts): the ad part of the trial form, its media in the key's quarantine.
  routes.post("/api/adv/posts/validate_trial", async (c) => {
    const keyHash = requireKey(c);
    const ad = await readBody(c);
    refuseNamedOwner(ad);
    await validateAdContent(ad, quarantinedMedia(deps.db, keyHash, deps.clock()));
    return c.body(null, 204);
  });

  routes.post("/api/adv/posts/create_trial", async (c) => {
    const body = await readBody(c);
    const entryInput = asObject(body.advertiserEntry);
    // The honeypot (ADR 0012): a bot is answered like a success and nothing is made.
    if (!isBlank(entryInput.fax)) return submitted(c, null, 201);
    const keyHash = requireKey(c);
    refuseNamedOwner(asObject(body.advertisement));

    const replay = async (db: Database) => {
      const [row] = await db
        .select({ advertisementId: trialSubmissions.advertisementId })
        .from(trialSubmissions)
        .where(eq(trialSubmissions.keyHash, keyHash));
      return row;
    };
    const earlier = await replay(deps.db);
    if (earlier?.advertisementId) return submitted(c, earlier.advertisementId, 200);

    const now = deps.clock();
    const [ad, entry, order] = await Promise.all([
      part("advertisement", () =>
        validateAdContent(asObject(body.advertisement), quarantinedMedia(deps.db, keyHash, now)),
      ),
      part("advertiserEntry", () => validateTrialEntry(deps, entryInput, { checkEmail: true })),
      part("publishmentOrder", () => validateTrialOrder(body.publishmentOrder, now)),
    ]);
    const violations = [...ad.violations, ...entry.violations, ...order.violations];
    if (violations.length > 0) {
      // The same key's first submission may have committed while this one was being checked (its
      // address is then taken, its files claimed): that is a replay, not an error.
      const committed = await replay(deps.db);
      if (committed?.advertisementId) return submitted(c, committed.advertisementId, 200);
      throw new ValidationError(violations);
    }
    const content = ad.value!;
    const values = entry.value!;
    const media = [
      ...new Set(
        [
          content.image1Id,
          content.image2Id,
          content.image3Id,
          content.image4Id,
          content.image5Id,
        ].filter((id): id is number => id !== null),
      ),
    ];

    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    let outcome: { replayOf: number | null } | { adId: number };
    try {
      outcome = await deps.db.transaction(async (tx) => {
        // First: a second submission of the key waits here for the first, then replays it.
        const claimed = await tx
          .insert(trialSubmissions)
          .values({ keyHash, createdAt: now })
          .onConflictDoNothing()
          .returning({ keyHash: trialSubmissions.keyHash });
        if (claimed.length === 0) return { replayOf: (await replay(tx))?.advertisementId ?? null };

        const account = await insertAdvertiser(tx, {
          email: values.email,
          passwordHash,
          isTemporaryPassword: true,
          companyName: values.companyName,
          personInCharge: values.personInCharge,
          tel: values.tel,
          zipCode: values.zipCode,
          prefectureId: values.prefecture,
          city: values.city,
          address: values.address,
        });
        const [row] = await tx
          .insert(advertisements)
          .values({ ...content, ownerId: account.clientId, createdAt: now, updatedAt: now })
          .returning({ id: advertisements.id });
        const adId = row!.id;

        // The expiry job may have taken a file since the check: then nothing is kept.
        const taken = await tx
          .update(mediaObjects)
          .set({ clientId: account.clientId, trialKeyHash: null, quarantineExpiresAt: null })
          .where(
            and(
              inArray(mediaObjects.id, media),
              eq(mediaObjects.trialKeyHash, keyHash),
              gt(mediaObjects.quarantineExpiresAt, now),
            ),
          )
          .returning({ id: mediaObjects.id });
        if (taken.length !== media.length) throw notFound();

        let orderId: number | null = null;
        if (order.value) {
          orderId = await insertOrder(tx, {
            adId,
            ownerId: account.clientId,
            region: order.value.region,
            locality: order.value.locality,
            course: order.value.course,
            publishesAt: order.value.publishesAt,
            // A new client is never auto-confirmable: the order waits for review.
            autoConfirm: false,
            now,
          });
        }
        await tx
          .update(trialSubmissions)
          .set({ clientId: account.clientId, advertisementId: adId })
          .where(eq(trialSubmissions.keyHash, keyHash));
        await recordAudit(
          tx,
          c,
          deps,
          {
            action: "trial.create",
            target: iri("posts", adId),
            advertisementId: adId,
            changes: {
              client: { before: null, after: iri("clients", account.clientId) },
              publishmentOrder: {
                before: null,
                after: orderId === null ? null : iri("publishment_orders", orderId),
              },
            },
          },
          // The prospect acts anonymously; the trail names the login it made.
          { userLoginId: account.userLoginId, impersonatorUserLoginId: null },
        );
        return { adId };
      });
    } catch (error) {
      // Two trials of one address at once: the unique index decides, the loser gets the 422.
      if (isUniqueViolation(error)) {
        throw new ValidationError([
          {
            propertyPath: "advertiserEntry.email",
            message: MESSAGES.emailTaken,
            code: ViolationCode.notUnique,
          },
        ]);
      }
      throw error;
    }

    if ("replayOf" in outcome) {
      // Only while the first submission is uncommitted can its row lack the ad; it never does
      // after the wait above, but a replay must not claim success without an id.
      if (outcome.replayOf === null) throw new ApiError(409, "The trial is being submitted.");
      return submitted(c, outcome.replayOf, 200);
    }
    await sendAfterCommit(deps.mailer, [
      trialWelcomeMail({
        to: values.email,
        companyName: values.companyName,
        personInCharge: values.personInCharge,
        temporaryPassword: password,
        loginUrl: deps.config.loginUrl,
      }),
    ]);
    c.header("Location", iri("posts", outcome.adId));
    return submitted(c, outcome.adId, 201);
  });

  return routes;
}
