// Who the session's tokens say the user is. The portal trusts tokens it stored itself in the
// signed cookie, so it only decodes them; the upstream verifies every call.
import { decodeJwt } from "jose";
import { z } from "zod";
import type { RequestSession, TokenPair } from "./session";

export const ROLE_ADVERTISER = "ROLE_ADVERTISER";
export const ROLE_ADMINISTRATOR = "ROLE_ADMINISTRATOR";
export const ROLE_IMPERSONATOR = "ROLE_IMPERSONATOR";
export type Role = typeof ROLE_ADVERTISER | typeof ROLE_ADMINISTRATOR | typeof ROLE_IMPERSONATOR;

// Dates may come as numeric strings: lexik's documented token has `"iat":"1434641136"`, and its
// LoadedJWS accepts any is_numeric `exp`.
const claimsSchema = z.object({
  exp: z.coerce.number(),
  iat: z.coerce.number().optional(),
  roles: z.array(z.string()),
  username: z.string(),
  user_login_id: z.number(),
  advertiser: z.number().optional(),
  administrator: z.number().optional(),
  impersonator: z.string().optional(),
});
export type Claims = z.infer<typeof claimsSchema>;

export function readClaims(token: string): Claims | undefined {
  try {
    const parsed = claimsSchema.safeParse(decodeJwt(token));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds of validity left; negative once expired. */
export function secondsLeft(token: string, now = Date.now()): number {
  const claims = readClaims(token);
  return claims ? claims.exp - now / 1000 : -1;
}

export type Identity = {
  roles: string[];
  userLoginId: number;
  username: string;
  advertiserId?: number;
  administratorId?: number;
  /** The administrator behind an impersonation, read from the original token. */
  impersonator?: { administratorId?: number; username: string; userLoginId: number };
};

function identityFromClaims(claims: Claims): Identity {
  return {
    roles: claims.roles,
    userLoginId: claims.user_login_id,
    username: claims.username,
    advertiserId: claims.advertiser,
    administratorId: claims.administrator,
  };
}

/** The effective identity: the impersonated advertiser while impersonating, with ROLE_IMPERSONATOR. */
export function identityOf(
  session: Pick<RequestSession, "main" | "impersonation">,
): Identity | undefined {
  const main = session.main && readClaims(session.main.token);
  if (!main) return undefined;
  const impersonated = session.impersonation && readClaims(session.impersonation.token);
  if (!impersonated) return identityFromClaims(main);
  return {
    ...identityFromClaims(impersonated),
    roles: [...impersonated.roles, ROLE_IMPERSONATOR],
    impersonator: {
      administratorId: main.administrator,
      username: main.username,
      userLoginId: main.user_login_id,
    },
  };
}

/** A role check needs every listed role (SPEC §6). An empty list requires a role nobody has. */
export function hasRoles(identity: Identity | undefined, roles: readonly string[]): boolean {
  if (!identity || roles.length === 0) return false;
  return roles.every((role) => identity.roles.includes(role));
}

/** Where a logged-in user belongs: administrators to their dashboard, advertisers to My Page. */
export function homePath(identity: Identity | undefined): string | undefined {
  if (!identity) return undefined;
  if (identity.roles.includes(ROLE_ADVERTISER)) return "/advertiser";
  if (identity.roles.includes(ROLE_ADMINISTRATOR)) return "/administrator";
  return undefined;
}

export function isImpersonating(identity: Identity | undefined): boolean {
  return Boolean(identity?.roles.includes(ROLE_IMPERSONATOR));
}

export type { TokenPair };
