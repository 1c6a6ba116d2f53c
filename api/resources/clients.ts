// Client: the advertiser record (company, contact details) owned by a login.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { changedFields, recordAudit } from "../audit";
import { currentIdentity, isAdministrator } from "../auth";
import type { ApiDeps, ApiEnv, Identity } from "../context";
import { clients, prefectures, userLogins } from "../db/schema";
import { iri, jsonLd, notFound, parseId, readBody } from "../hydra";
import { checkPrefectureExists, Checks, contactDetailsShape } from "../validation";
import { serializePrefecture } from "./prefectures";
import { serializeUserLogin } from "./user-logins";

type ClientRow = {
  client: typeof clients.$inferSelect;
  prefecture: typeof prefectures.$inferSelect;
  owner: typeof userLogins.$inferSelect;
};

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
    .select({ client: clients, prefecture: prefectures, owner: userLogins })
    .from(clients)
    .innerJoin(prefectures, eq(prefectures.id, clients.prefectureId))
    .innerJoin(userLogins, eq(userLogins.id, clients.userLoginId))
    .$dynamic();
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
async function validateContactDetails(deps: ApiDeps, input: Record<string, unknown>) {
  const checks = new Checks(contactDetailsShape, input);
  await checkPrefectureExists(deps.db, checks, checks.values.prefecture);
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

  routes.get("/api/adv/clients/:id", async (c) => {
    const row = await findReachableClient(currentIdentity(c), c.req.param("id"));
    return jsonLd(c, { "@context": "/api/contexts/Client", ...serializeClient(row) });
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
    const [updated] = await selectClients(deps).where(eq(clients.id, row.client.id));
    return jsonLd(c, { "@context": "/api/contexts/Client", ...serializeClient(updated!) });
  });

  return routes;
}
