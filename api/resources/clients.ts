// Client: the advertiser record (company, contact details) owned by a login.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { currentIdentity, isAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { clients, prefectures, userLogins } from "../db/schema";
import { iri, jsonLd, notFound, parseId } from "../hydra";
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

export function clientRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/clients/:id", async (c) => {
    const identity = currentIdentity(c);
    const id = parseId(c.req.param("id"));
    if (!id || (!isAdministrator(identity) && id !== identity.clientId)) throw notFound();
    const [row] = await selectClients(deps).where(eq(clients.id, id));
    if (!row) throw notFound();
    return jsonLd(c, { "@context": "/api/contexts/Client", ...serializeClient(row) });
  });

  return routes;
}
