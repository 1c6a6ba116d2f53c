// Authentication of the reference API: RS256 access tokens (LexikJWT-compatible claims), opaque
// refresh tokens in sessions (sessions.ts), and the middleware that turns a bearer token into an Identity.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { errors, jwtVerify, SignJWT } from "jose";
import type { AccessClaims } from "../shared/wire";
import { findAccountInSession, isActiveAccount, type Account } from "./accounts";
import type { ApiDeps, ApiEnv, Identity } from "./context";
import { accessDenied } from "./hydra";
import { isLive, type SessionRow } from "./sessions";
import { presentedJwt } from "./token-cookies";
import { isTrialUpload } from "./trial-key";

/**
 * Calls anonymous users may make (ARCHITECTURE §6: login, refresh, registration, trial, preview
 * by token). Everything else under /api needs a valid bearer token: deny by default.
 */
const PUBLIC_ROUTES: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ["POST", /^\/api\/authentication_token$/],
  ["POST", /^\/api\/authentication_token\/refresh$/],
  ["POST", /^\/api\/token\/invalidate$/],
  ["GET", /^\/api\/adv\/prefectures(\/\d+)?$/],
  // The API's own documentation (api-docs.ts), public as API Platform's is.
  ["GET", /^\/api\/docs\.(json|jsonopenapi)$/],
  // The area and course catalogue (names, prices) is public, as on the price guide: the trial
  // form shows the area and course a sales link names. Administrators' fields need their token.
  ["GET", /^\/api\/adv\/publishment_(regions|localities|courses)(\/\d+)?$/],
  // Self-service password reset (resources/password-resets.ts): the link is its own credential.
  ["POST", /^\/api\/adv\/password_resets(\/check|\/reset)?$/],
  ["POST", /^\/api\/adv\/advertiser_entries(\/validate|\/validate_trial|\/validate_email)?$/],
  // The trial form (ADR 0012); its anonymous upload is public only with a trial key (below).
  ["POST", /^\/api\/adv\/posts\/(validate_trial|create_trial)$/],
  ["GET", /^\/api\/adv\/posts\/\d+\/preview\/[^/]+$/],
  // The payment provider's push: verified by its signature (adapters/payment-*.ts), not a bearer.
  ["POST", /^\/api\/adv\/payment_push$/],
];

export function isPublicRoute(method: string, path: string): boolean {
  const m = method === "HEAD" ? "GET" : method;
  return PUBLIC_ROUTES.some(([routeMethod, pattern]) => routeMethod === m && pattern.test(path));
}

/** LexikJWT's error body: `{"code":401,"message":"…"}`. */
export function unauthorized(c: Context, message: string) {
  return c.json({ code: 401, message }, 401, { "WWW-Authenticate": "Bearer" });
}

/** An access token of a session (its id is the `sid` claim: revoking the session ends the token). */
export async function signAccessToken(
  deps: ApiDeps,
  account: Account,
  session: Pick<SessionRow, "id">,
  impersonator: string | null,
) {
  const claims: AccessClaims = {
    roles: [account.role === "administrator" ? "ROLE_ADMINISTRATOR" : "ROLE_ADVERTISER"],
    username: account.email,
    user_login_id: account.userLoginId,
    sid: session.id,
  };
  if (account.role === "administrator") claims.administrator = account.administratorId!;
  else claims.advertiser = account.clientId!;
  if (impersonator) claims.impersonator = impersonator;
  const iat = Math.floor(deps.clock().getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuedAt(iat)
    .setExpirationTime(iat + deps.config.jwt.ttl)
    .sign(deps.config.jwt.privateKey);
}

/**
 * Reads the bearer token (or, API_TOKEN_COOKIES=on, the BEARER cookie) of every non-public /api call and checks the caller in the database,
 * so a deleted advertiser's still-valid token is refused at once.
 */
type VerifiedClaims = Partial<AccessClaims> & { exp?: number };

/** Tokens whose RS256 signature was checked, and the claims it vouches for (the newest kept). */
const VERIFIED_TOKENS_KEPT = 1_000;

export function authenticate(deps: ApiDeps) {
  // A page makes several calls with one token: its signature (the costliest part of a call on
  // the API's thread, ADR 0013) is checked once. Expiry is checked on every call, and the
  // account and session are read from the database every time, so nothing is trusted longer.
  const verified = new Map<string, VerifiedClaims>();
  async function claimsOf(jwt: string): Promise<VerifiedClaims> {
    const known = verified.get(jwt);
    if (known) {
      // jose's own test, on whole seconds (exp is in seconds).
      if (Math.floor(deps.clock().getTime() / 1000) >= (known.exp ?? 0))
        throw new errors.JWTExpired('"exp" claim timestamp check failed', known);
      return known;
    }
    const { payload } = await jwtVerify(jwt, deps.config.jwt.publicKey, {
      algorithms: ["RS256"],
      currentDate: deps.clock(),
      // A token without an end, or without its session, would be valid forever.
      requiredClaims: ["exp", "iat", "sid"],
    });
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(jwt, payload as VerifiedClaims);
    return payload as VerifiedClaims;
  }

  return createMiddleware<ApiEnv>(async (c, next) => {
    // A public read with a token is read as that caller (administrators see more of a locality).
    const jwt = presentedJwt(c, deps);
    const readAsCaller =
      c.req.method === "GET" && (c.req.header("Authorization") !== undefined || jwt !== undefined);
    if (isPublicRoute(c.req.method, c.req.path) && !readAsCaller) return next();
    if (isTrialUpload(c)) return next();
    if (!jwt) return unauthorized(c, "JWT Token not found");

    let claims: Partial<AccessClaims>;
    try {
      claims = await claimsOf(jwt);
    } catch (error) {
      return unauthorized(
        c,
        error instanceof errors.JWTExpired ? "Expired JWT Token" : "Invalid JWT Token",
      );
    }

    const identity = await identityFromClaims(deps, claims);
    if (!identity) return unauthorized(c, "Invalid JWT Token");
    c.set("identity", identity);
    return next();
  });
}

async function identityFromClaims(
  deps: ApiDeps,
  claims: Partial<AccessClaims>,
): Promise<Identity | null> {
  if (typeof claims.user_login_id !== "number" || typeof claims.sid !== "number") return null;
  const found = await findAccountInSession(deps.db, claims.user_login_id, claims.sid);
  if (!found?.session || !isLive(found.session, deps.clock())) return null;
  const { account, session } = found;
  if (!isActiveAccount(account)) return null;
  // The token must describe the same record it was issued for, under its current email: a
  // token issued before an email change stops working (update_email hands out a new pair).
  if (claims.username !== account.email) return null;
  if (account.role === "advertiser" && claims.advertiser !== account.clientId) return null;
  if (account.role === "administrator" && claims.administrator !== account.administratorId)
    return null;
  return {
    userLoginId: account.userLoginId,
    email: account.email,
    role: account.role,
    clientId: account.clientId,
    administratorId: account.administratorId,
    impersonator: typeof claims.impersonator === "string" ? claims.impersonator : null,
    sessionId: session.id,
  };
}

/** The caller of a protected route (set by `authenticate`). */
export function currentIdentity(c: Context<ApiEnv>): Identity {
  const identity = c.get("identity");
  // Reaching here without an identity means a public route reads it: a programming error.
  if (!identity) throw new Error("No identity on a route that requires authentication");
  return identity;
}

export const isAdministrator = (identity: Identity) => identity.role === "administrator";

/** Whether the caller of a route that is also public is an administrator (anonymous: no). */
export function isAdministratorCall(c: Context<ApiEnv>): boolean {
  const identity = c.get("identity");
  return identity ? isAdministrator(identity) : false;
}

export const requireAdministrator = createMiddleware<ApiEnv>(async (c, next) => {
  if (!isAdministrator(currentIdentity(c))) throw accessDenied();
  return next();
});
