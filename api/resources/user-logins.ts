// UserLogin: the login account (email) behind an advertiser or an administrator.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { currentIdentity, isAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { userLogins } from "../db/schema";
import { iri, jsonLd, notFound, parseId } from "../hydra";

type UserLoginRow = Pick<typeof userLogins.$inferSelect, "id" | "email" | "isTemporaryPassword">;

export function serializeUserLogin(row: UserLoginRow) {
  return {
    "@id": iri("user_logins", row.id),
    "@type": "UserLogin",
    id: row.id,
    username: row.email,
    email: row.email,
    isTemporaryPassword: row.isTemporaryPassword,
  };
}

export function userLoginRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/user_logins/:id", async (c) => {
    const identity = currentIdentity(c);
    const id = parseId(c.req.param("id"));
    // Someone else's login is "not found" rather than "forbidden": ids are not disclosed.
    if (!id || (!isAdministrator(identity) && id !== identity.userLoginId)) throw notFound();
    const [row] = await deps.db.select().from(userLogins).where(eq(userLogins.id, id));
    if (!row) throw notFound();
    return jsonLd(c, { "@context": "/api/contexts/UserLogin", ...serializeUserLogin(row) });
  });

  return routes;
}
