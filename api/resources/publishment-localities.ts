// Regions and localities (areas) of the application form; any logged-in user reads them.
// Publishing settings (wp*, ga*) are shown to administrators only, and the WordPress application
// password to nobody: it is write-only and stored sealed (ADR 0011). The password belongs to the
// WordPress URL's origin: a URL on another origin needs it typed again, and a URL on a private,
// loopback or link-local address is refused (adapters/outbound-guard.ts).
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { changedFields, recordAudit, type AuditChanges } from "../audit";
import { OutboundRefused } from "../adapters/outbound-guard";
import { isAdministratorCall, requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { publishmentLocalities, publishmentRegions } from "../db/schema";
import {
  assertRelations,
  iri,
  itemNotFound,
  jsonLd,
  notFound,
  parseId,
  parseIdOrIri,
  readBody,
  ViolationCode,
  collectionResponse,
} from "../hydra";
import { outboundGuardOf } from "../publishing/publishers";
import { blankAsUnset, boundedString, Checks, MESSAGES, optionalText, text } from "../validation";

const REGION_CONTEXT = "/api/contexts/PublishmentRegion";
const LOCALITY_CONTEXT = "/api/contexts/PublishmentLocality";

type RegionRow = Pick<typeof publishmentRegions.$inferSelect, "id" | "name">;
type LocalityRow = typeof publishmentLocalities.$inferSelect;

export function serializeRegion(row: RegionRow) {
  return {
    "@id": iri("publishment_regions", row.id),
    "@type": "PublishmentRegion",
    id: row.id,
    name: row.name,
  };
}

export function serializeLocality(row: LocalityRow, region: RegionRow, withSecrets: boolean) {
  const body: Record<string, unknown> = {
    "@id": iri("publishment_localities", row.id),
    "@type": "PublishmentLocality",
    id: row.id,
    region: serializeRegion(region),
    name: row.name,
    blogUrl: row.blogUrl,
  };
  if (withSecrets) {
    Object.assign(body, {
      wpRestUrl: row.wpRestUrl,
      wpRestUser: row.wpRestUser,
      // Whether one is set, never the value (nor its sealed form).
      hasWpRestPassword: row.wpRestPassword !== null && row.wpRestPassword !== "",
      gaAccount: row.gaAccount,
      gaProperty: row.gaProperty,
      gaProfile: row.gaProfile,
    });
  }
  return body;
}

/** An area's name: short, it labels select boxes and the news site. */
export const LOCALITY_NAME_MAX = 100;
/** Settings other than the name (URLs, user names, analytics ids). */
export const LOCALITY_SETTING_MAX = 255;

export const LOCALITY_MESSAGES = {
  url: "http:// または https:// で始まるURLを入力してください。",
  wpUserRequired: "WordPressのURLを入力したときは、ユーザー名も入力してください。",
  wpPasswordRequired:
    "WordPressのURLを入力したときは、アプリケーションパスワードも入力してください。",
  wpUrlRequired: "ユーザー名・パスワードを使うときは、WordPressのURLも入力してください。",
  wpPasswordAgain:
    "WordPressのURLの接続先が変わったため、アプリケーションパスワードをもう一度入力してください。",
  wpUrlRefused: "このURLには接続できません（社内・ローカルのアドレスは指定できません）。",
} as const;

/** How long a save waits for the WordPress host's DNS before saving without the check. */
const SAVE_DNS_TIMEOUT_MS = 3_000;

/** scheme://host:port of a URL; null when it is none. */
const originOf = (value: string | null | undefined) => {
  try {
    return value ? new URL(value).origin : null;
  } catch {
    return null;
  }
};

/**
 * The stored password goes with the stored URL's origin only: on another host, port or scheme
 * it would be sent to whoever runs the new URL, so it must be typed again there.
 */
const keepsPassword = (stored: LocalityRow | null, wpRestUrl: string | undefined) =>
  Boolean(stored?.wpRestPassword) &&
  originOf(stored?.wpRestUrl) !== null &&
  originOf(stored?.wpRestUrl) === originOf(wpRestUrl);

/**
 * Whether the guard refuses the URL's host (a private, loopback or link-local address). A DNS
 * failure or a slow DNS does not keep the area from being saved: the sync checks again.
 */
async function refusedDestination(deps: ApiDeps, url: string): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), SAVE_DNS_TIMEOUT_MS);
  });
  const checked = outboundGuardOf(deps)
    .check(new URL(url))
    .then(
      () => false,
      (error: unknown) => error instanceof OutboundRefused,
    );
  try {
    return await Promise.race([checked, slow]);
  } finally {
    clearTimeout(timer);
  }
}

const optionalSetting = () => optionalText(LOCALITY_SETTING_MAX);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

const optionalUrl = () =>
  blankAsUnset(boundedString(LOCALITY_SETTING_MAX).refine(isHttpUrl, LOCALITY_MESSAGES.url));

/** The password as typed (application passwords contain spaces); blank reads as unset. */
const optionalSecret = () =>
  z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() === "" ? undefined : (value ?? undefined),
    boundedString(LOCALITY_SETTING_MAX).optional(),
  );

const regionRef = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : (value ?? undefined)),
    z
      .string({ required_error: MESSAGES.select, invalid_type_error: MESSAGES.invalidValue })
      .min(1, MESSAGES.select)
      .transform((value) => parseIdOrIri(value, "publishment_regions"))
      .refine((id): id is number => id !== null, {
        message: MESSAGES.invalidChoice,
        params: { code: ViolationCode.noSuchChoice },
      }),
  );

export const localityShape = {
  region: regionRef(),
  name: text(LOCALITY_NAME_MAX),
  blogUrl: optionalUrl(),
  wpRestUrl: optionalUrl(),
  wpRestUser: optionalSetting(),
  wpRestPassword: optionalSecret(),
  gaAccount: optionalSetting(),
  gaProperty: optionalSetting(),
  gaProfile: optionalSetting(),
};

/**
 * Every rule at once (422 with all violations). `stored` is the locality being updated: its
 * password counts as given when none is typed and the URL stays on its origin. The WordPress
 * settings come as a set: with a URL, the user and a password are required; without one, neither
 * may be given. The URL may not point at a refused address.
 */
async function validateLocality(
  deps: ApiDeps,
  input: Record<string, unknown>,
  stored: LocalityRow | null,
) {
  // The region is an IRI (400 otherwise, hydra.ts readRelation) before any rule runs.
  assertRelations(input, { region: "publishment_regions" });
  const checks = new Checks(localityShape, input);
  const v = checks.values;
  if (v.region !== undefined) {
    const [region] = await deps.db
      .select({ id: publishmentRegions.id })
      .from(publishmentRegions)
      .where(eq(publishmentRegions.id, v.region));
    if (!region) throw itemNotFound(iri("publishment_regions", v.region));
  }
  if (v.wpRestUrl !== undefined) {
    if (v.wpRestUser === undefined && !checks.has("wpRestUser")) {
      checks.add("wpRestUser", LOCALITY_MESSAGES.wpUserRequired, ViolationCode.notBlank);
    }
    if (
      v.wpRestPassword === undefined &&
      !keepsPassword(stored, v.wpRestUrl) &&
      !checks.has("wpRestPassword")
    ) {
      const message = stored?.wpRestPassword
        ? LOCALITY_MESSAGES.wpPasswordAgain
        : LOCALITY_MESSAGES.wpPasswordRequired;
      checks.add("wpRestPassword", message, ViolationCode.notBlank);
    }
    if (!checks.has("wpRestUrl") && (await refusedDestination(deps, v.wpRestUrl))) {
      checks.add("wpRestUrl", LOCALITY_MESSAGES.wpUrlRefused);
    }
  } else if (
    !checks.has("wpRestUrl") &&
    (v.wpRestUser !== undefined || v.wpRestPassword !== undefined)
  ) {
    checks.add("wpRestUrl", LOCALITY_MESSAGES.wpUrlRequired, ViolationCode.notBlank);
  }
  return checks.result();
}

type LocalityInput = Awaited<ReturnType<typeof validateLocality>>;

/**
 * The columns to store: unset is null; without a WordPress URL the whole set (password too) is
 * cleared, and a URL on another origin never keeps the stored password.
 */
function columnsOf(deps: ApiDeps, input: LocalityInput, stored: LocalityRow | null) {
  const wordpress = input.wpRestUrl !== undefined;
  return {
    regionId: input.region,
    name: input.name,
    blogUrl: input.blogUrl ?? null,
    wpRestUrl: input.wpRestUrl ?? null,
    wpRestUser: wordpress ? (input.wpRestUser ?? null) : null,
    wpRestPassword: !wordpress
      ? null
      : input.wpRestPassword !== undefined
        ? deps.config.secrets.seal(input.wpRestPassword)
        : keepsPassword(stored, input.wpRestUrl)
          ? stored!.wpRestPassword
          : null,
    gaAccount: input.gaAccount ?? null,
    gaProperty: input.gaProperty ?? null,
    gaProfile: input.gaProfile ?? null,
  };
}

/** What changed, the password only as a fact: its value (sealed or not) never enters the audit. */
export const PASSWORD_CHANGED = "(変更あり)";
export const PASSWORD_SET = "(設定あり)";

function localityChanges(
  before: Omit<LocalityRow, "id"> | null,
  after: Omit<LocalityRow, "id">,
): AuditChanges {
  const { wpRestPassword: oldPassword, ...restBefore } = before ?? {
    wpRestPassword: null,
    regionId: null,
    name: null,
    blogUrl: null,
    wpRestUrl: null,
    wpRestUser: null,
    gaAccount: null,
    gaProperty: null,
    gaProfile: null,
  };
  const { wpRestPassword: newPassword, ...restAfter } = after;
  const changes = changedFields(restBefore as Record<string, unknown>, restAfter);
  if (oldPassword !== newPassword) {
    changes.wpRestPassword = {
      before: oldPassword ? PASSWORD_SET : null,
      after: newPassword ? PASSWORD_CHANGED : null,
    };
  }
  return changes;
}

export function publishmentLocalityRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  const selectLocalities = () =>
    deps.db
      .select({
        locality: publishmentLocalities,
        region: { id: publishmentRegions.id, name: publishmentRegions.name },
      })
      .from(publishmentLocalities)
      .innerJoin(publishmentRegions, eq(publishmentRegions.id, publishmentLocalities.regionId))
      .$dynamic();

  // The lists are short (tens of rows) and feed select boxes: one page, no pagination.
  routes.get("/api/adv/publishment_regions", async (c) => {
    const rows = await deps.db
      .select()
      .from(publishmentRegions)
      .orderBy(asc(publishmentRegions.id));
    return collectionResponse(c, REGION_CONTEXT, "/publishment_regions", rows.map(serializeRegion));
  });

  routes.get("/api/adv/publishment_regions/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const [row] = id
      ? await deps.db.select().from(publishmentRegions).where(eq(publishmentRegions.id, id))
      : [];
    if (!row) throw notFound();
    return jsonLd(c, { "@context": REGION_CONTEXT, ...serializeRegion(row) });
  });

  routes.get("/api/adv/publishment_localities", async (c) => {
    const withSecrets = isAdministratorCall(c);
    const rows = await selectLocalities().orderBy(
      asc(publishmentLocalities.regionId),
      asc(publishmentLocalities.id),
    );
    return collectionResponse(
      c,
      LOCALITY_CONTEXT,
      "/publishment_localities",
      rows.map((r) => serializeLocality(r.locality, r.region, withSecrets)),
    );
  });

  routes.get("/api/adv/publishment_localities/:id", async (c) => {
    const withSecrets = isAdministratorCall(c);
    const id = parseId(c.req.param("id"));
    const [row] = id ? await selectLocalities().where(eq(publishmentLocalities.id, id)) : [];
    if (!row) throw notFound();
    return jsonLd(c, {
      "@context": LOCALITY_CONTEXT,
      ...serializeLocality(row.locality, row.region, withSecrets),
    });
  });

  const findLocality = async (rawId: string | undefined) => {
    const id = parseId(rawId);
    const [row] = id
      ? await deps.db.select().from(publishmentLocalities).where(eq(publishmentLocalities.id, id))
      : [];
    if (!row) throw notFound();
    return row;
  };

  const respond = async (c: Parameters<typeof jsonLd>[0], id: number, status: 200 | 201) => {
    const [row] = await selectLocalities().where(eq(publishmentLocalities.id, id));
    return jsonLd(
      c,
      { "@context": LOCALITY_CONTEXT, ...serializeLocality(row!.locality, row!.region, true) },
      status,
    );
  };

  // The form's confirm step. `id` (or `@id`) names the locality being edited, so its stored
  // password counts; without it the body is checked as a new locality.
  routes.post("/api/adv/publishment_localities/validate", requireAdministrator, async (c) => {
    const input = await readBody(c);
    const ref = input.id ?? input["@id"];
    const id =
      typeof ref === "number"
        ? ref
        : typeof ref === "string"
          ? parseIdOrIri(ref, "publishment_localities")
          : null;
    const stored = id === null ? null : await findLocality(String(id));
    await validateLocality(deps, input, stored);
    return c.body(null, 204);
  });

  routes.post("/api/adv/publishment_localities", requireAdministrator, async (c) => {
    const input = await validateLocality(deps, await readBody(c), null);
    const values = columnsOf(deps, input, null);
    const id = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(publishmentLocalities)
        .values(values)
        .returning({ id: publishmentLocalities.id });
      await recordAudit(tx, c, deps, {
        action: "locality.create",
        target: iri("publishment_localities", created!.id),
        changes: localityChanges(null, values),
      });
      return created!.id;
    });
    return respond(c, id, 201);
  });

  // A full update: every field is given; a blank or absent password keeps the stored one.
  routes.put("/api/adv/publishment_localities/:id", requireAdministrator, async (c) => {
    const stored = await findLocality(c.req.param("id"));
    const input = await validateLocality(deps, await readBody(c), stored);
    const values = columnsOf(deps, input, stored);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(publishmentLocalities)
        .set(values)
        .where(eq(publishmentLocalities.id, stored.id));
      await recordAudit(tx, c, deps, {
        action: "locality.update",
        target: iri("publishment_localities", stored.id),
        changes: localityChanges(stored, values),
      });
    });
    return respond(c, stored.id, 200);
  });

  return routes;
}
