// Client: the advertiser record (company, contact details) owned by a login.
import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { Hono, type Context } from "hono";
import { changedFields, recordAudit } from "../audit";
import { currentIdentity, isAdministrator, requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv, Identity } from "../context";
import { advertisements, clients, prefectures, userLogins } from "../db/schema";
import {
  iri,
  jsonLd,
  MAX_ITEMS_PER_PAGE,
  notFound,
  parseId,
  readBody,
  readPage,
  collectionResponse,
} from "../hydra";
import { enqueueSync } from "../publishing/jobs";
import { revokeSessionsOf } from "../sessions";
import { Checks, contactDetailsShape, resolvePrefecture } from "../validation";
import { serializePrefecture } from "./prefectures";
import { serializeUserLogin } from "./user-logins";

/**
 * What a client's answers and checks read, and no more: a list of 300 neither carries the login's
 * password hash nor turns timestamps nobody writes into dates.
 */
const CLIENT_COLUMNS = {
  client: {
    id: clients.id,
    userLoginId: clients.userLoginId,
    companyName: clients.companyName,
    personInCharge: clients.personInCharge,
    tel: clients.tel,
    zipCode: clients.zipCode,
    prefectureId: clients.prefectureId,
    city: clients.city,
    address: clients.address,
    isAutoConfirmable: clients.isAutoConfirmable,
    isDeleted: clients.isDeleted,
  },
  prefecture: { id: prefectures.id, name: prefectures.name },
  owner: {
    id: userLogins.id,
    email: userLogins.email,
    isTemporaryPassword: userLogins.isTemporaryPassword,
  },
};

type ClientRow = Awaited<ReturnType<typeof selectClients>>[number];

export function serializeClient({ client, prefecture, owner }: ClientRow) {
  return {
    "@id": iri("clients", client.id),
    "@type": "Client",
    id: client.id,
    companyName: client.companyName,
    personInCharge: client.personInCharge,
    tel: client.tel,
    zipCode: client.zipCode,
    prefecture: serializePrefecture(prefecture),
    city: client.city,
    address: client.address,
    owner: serializeUserLogin(owner),
    isAutoConfirmable: client.isAutoConfirmable,
    isDeleted: client.isDeleted,
  };
}

export function selectClients(deps: ApiDeps) {
  return deps.db
    .select(CLIENT_COLUMNS)
    .from(clients)
    .innerJoin(prefectures, eq(prefectures.id, clients.prefectureId))
    .innerJoin(userLogins, eq(userLogins.id, clients.userLoginId))
    .$dynamic();
}

const CLIENT_CONTEXT = "/api/contexts/Client";
/** The advertiser list shows 300 a page (SPEC §9); that is also the most one page may hold. */
export const CLIENTS_PER_PAGE = 300;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (value: string) => `%${escapeLike(value)}%`;

/**
 * The collection's filters (ADR 0011): `isDeleted`, `id` (exact; unreadable matches nothing),
 * `companyName`, `personInCharge`, `owner.email` (case-insensitive partial, as `ipartial`).
 */
export function clientFilters(params: URLSearchParams): SQL[] {
  const conditions: SQL[] = [];
  const value = (name: string) => params.get(name)?.trim() || null;
  const id = value("id");
  if (id !== null) {
    const parsed = parseId(id);
    conditions.push(parsed === null ? sql`false` : eq(clients.id, parsed));
  }
  const partial: Array<[string, AnyPgColumn]> = [
    ["companyName", clients.companyName],
    ["personInCharge", clients.personInCharge],
    ["owner.email", userLogins.email],
  ];
  for (const [name, column] of partial) {
    const v = value(name);
    if (v !== null) conditions.push(ilike(column, contains(v)));
  }
  const isDeleted = value("isDeleted");
  if (isDeleted !== null) conditions.push(eq(clients.isDeleted, /^(1|true)$/i.test(isDeleted)));
  return conditions;
}

// A Map, not an object literal: `order[constructor]` must not find Object.prototype members.
const SORTS = new Map<string, AnyPgColumn>([
  ["id", clients.id],
  ["companyName", clients.companyName],
  ["personInCharge", clients.personInCharge],
  ["owner.email", userLogins.email],
]);

/** `order[field]=asc|desc`, in query order, then id desc (the default, and the tie-break). */
export function clientOrder(params: URLSearchParams): SQL[] {
  const clauses: SQL[] = [];
  for (const [key, raw] of params) {
    const field = /^order\[(.+)\]$/.exec(key)?.[1];
    const dir = raw.toLowerCase();
    const column = field ? SORTS.get(field) : undefined;
    if (column && (dir === "asc" || dir === "desc"))
      clauses.push(dir === "asc" ? asc(column) : desc(column));
  }
  clauses.push(desc(clients.id));
  return clauses;
}

const CONTACT_FIELDS = Object.keys(contactDetailsShape) as Array<keyof typeof contactDetailsShape>;

/** Contact details as a request would send them: the current values before a merge-patch. */
function contactDetailsOf({ client }: ClientRow): Record<string, unknown> {
  return {
    companyName: client.companyName,
    personInCharge: client.personInCharge,
    tel: client.tel,
    zipCode: client.zipCode,
    prefecture: iri("prefectures", client.prefectureId),
    city: client.city,
    address: client.address,
  };
}

/** The same rules as registration (SPEC §2: every field required); all violations at once. */
async function validateContactDetails(deps: ApiDeps, body: Record<string, unknown>) {
  const checks = new Checks(contactDetailsShape, await resolvePrefecture(deps.db, body));
  return checks.result();
}

export function clientRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /** The client a caller may read or change: its own, or any for administrators; else 404. */
  async function findReachableClient(identity: Identity, rawId: string) {
    const id = parseId(rawId);
    if (!id || (!isAdministrator(identity) && id !== identity.clientId)) throw notFound();
    const [row] = await selectClients(deps).where(eq(clients.id, id));
    if (!row) throw notFound();
    return row;
  }

  const clientResponse = async (c: Context<ApiEnv>, id: number) => {
    const [row] = await selectClients(deps).where(eq(clients.id, id));
    return jsonLd(c, { "@context": CLIENT_CONTEXT, ...serializeClient(row!) });
  };

  // The advertiser list (ADR 0011): administrators only; one statement for the page, one count.
  routes.get("/api/adv/clients", requireAdministrator, async (c) => {
    const url = new URL(c.req.url);
    const where = and(...clientFilters(url.searchParams));
    const page = readPage(url.searchParams, CLIENTS_PER_PAGE, MAX_ITEMS_PER_PAGE);
    const rows = await selectClients(deps)
      .where(where)
      .orderBy(...clientOrder(url.searchParams))
      .limit(page.itemsPerPage)
      .offset(page.offset);
    const [total] = await deps.db
      .select({ n: count() })
      .from(clients)
      .innerJoin(userLogins, eq(userLogins.id, clients.userLoginId))
      .where(where);
    return collectionResponse(c, CLIENT_CONTEXT, "/clients", rows.map(serializeClient), {
      page,
      totalItems: total?.n ?? 0,
    });
  });

  routes.get("/api/adv/clients/:id", async (c) => {
    const row = await findReachableClient(currentIdentity(c), c.req.param("id"));
    return jsonLd(c, { "@context": CLIENT_CONTEXT, ...serializeClient(row) });
  });

  /** Auto-approval on (PUT) or off (DELETE): the client's next application is confirmed at once. */
  const setAutoConfirmable = (on: boolean) => async (c: Context<ApiEnv>) => {
    const row = await findReachableClient(currentIdentity(c), c.req.param("id") ?? "");
    if (row.client.isAutoConfirmable !== on) {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(clients)
          .set({ isAutoConfirmable: on, updatedAt: deps.clock() })
          .where(eq(clients.id, row.client.id));
        await recordAudit(tx, c, deps, {
          action: "client.auto_confirmable",
          target: iri("clients", row.client.id),
          changes: { isAutoConfirmable: { before: row.client.isAutoConfirmable, after: on } },
        });
      });
    }
    return clientResponse(c, row.client.id);
  };
  routes.put(
    "/api/adv/clients/:id/auto_confirmable",
    requireAdministrator,
    setAutoConfirmable(true),
  );
  routes.delete(
    "/api/adv/clients/:id/auto_confirmable",
    requireAdministrator,
    setAutoConfirmable(false),
  );

  /**
   * Soft delete (ADR 0011): the login stops working at once (every session revoked in the same
   * transaction), each ad gets a sync job so the publisher takes the live ones down, audited.
   * Deleting an already deleted client is an idempotent 204 that changes and records nothing.
   */
  routes.delete("/api/adv/clients/:id", requireAdministrator, async (c) => {
    const row = await findReachableClient(currentIdentity(c), c.req.param("id"));
    if (row.client.isDeleted) return c.body(null, 204);
    const now = deps.clock();
    await deps.db.transaction(async (tx) => {
      // Re-checked in the update: of two deletes at once, only one does (and records) anything.
      const [deleted] = await tx
        .update(clients)
        .set({ isDeleted: true, updatedAt: now })
        .where(and(eq(clients.id, row.client.id), eq(clients.isDeleted, false)))
        .returning({ id: clients.id });
      if (!deleted) return;
      await revokeSessionsOf(tx, row.owner.id, now);
      const ads = await tx
        .select({ id: advertisements.id })
        .from(advertisements)
        .where(eq(advertisements.ownerId, row.client.id));
      for (const ad of ads) await enqueueSync(tx, deps, ad.id);
      await recordAudit(tx, c, deps, {
        action: "client.delete",
        target: iri("clients", row.client.id),
        changes: { isDeleted: { before: false, after: true } },
      });
    });
    deps.kickJobs?.();
    return c.body(null, 204);
  });

  // The edit form's confirm step: the body is checked as a complete set of contact details.
  routes.post("/api/adv/clients/:id/validate", async (c) => {
    await findReachableClient(currentIdentity(c), c.req.param("id"));
    await validateContactDetails(deps, await readBody(c));
    return c.body(null, 204);
  });

  // Merge-patch: an absent field keeps its value; a given one (null or "" included) is checked.
  routes.patch("/api/adv/clients/:id", async (c) => {
    const row = await findReachableClient(currentIdentity(c), c.req.param("id"));
    const patch = await readBody(c);
    const merged = contactDetailsOf(row);
    for (const field of CONTACT_FIELDS)
      if (Object.hasOwn(patch, field)) merged[field] = patch[field];
    const details = await validateContactDetails(deps, merged);
    const after = {
      companyName: details.companyName,
      personInCharge: details.personInCharge,
      tel: details.tel,
      zipCode: details.zipCode,
      prefectureId: details.prefecture,
      city: details.city,
      address: details.address,
    };
    await deps.db.transaction(async (tx) => {
      await tx
        .update(clients)
        .set({ ...after, updatedAt: deps.clock() })
        .where(eq(clients.id, row.client.id));
      await recordAudit(tx, c, deps, {
        action: "client.update",
        target: iri("clients", row.client.id),
        changes: changedFields(row.client, after),
      });
    });
    return clientResponse(c, row.client.id);
  });

  return routes;
}
