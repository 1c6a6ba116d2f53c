// The join behind every mail and message to an ad's owner: from the ad to its advertiser (clients)
// and on to the advertiser's login (its e-mail).
import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { advertisements, clients, userLogins } from "../db/schema";

/** `query` (a dynamic select that has `advertisements`) joined with the ad's owner and login. */
export const withOwnerLogin = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(clients, eq(clients.id, advertisements.ownerId))
    .innerJoin(userLogins, eq(userLogins.id, clients.userLoginId));
