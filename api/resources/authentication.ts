// Login, token refresh and impersonation (switch_user): the token pair endpoints.
import { and, eq, lt } from "drizzle-orm";
import { Hono } from "hono";
import { findAccount, hashPassword, isActiveAccount, verifyPassword } from "../accounts";
import {
  createRefreshToken,
  currentIdentity,
  findRefreshToken,
  requireAdministrator,
  signAccessToken,
  unauthorized,
} from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { refreshTokens } from "../db/schema";
import { badRequest, notFound, readBody } from "../hydra";

const INVALID_CREDENTIALS = "Invalid credentials.";
const REFRESH_NOT_FOUND = "JWT Refresh Token Not Found";
const MAX_PASSWORD_LENGTH = 1024;

/** Verifying against a throw-away hash makes an unknown email cost as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => (decoyHash ??= hashPassword("decoy-password-for-timing"));

export function authenticationRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.post("/api/authentication_token", async (c) => {
    const body = await readBody(c);
    const email = body.email;
    const password = body.password;
    if (typeof email !== "string" || typeof password !== "string") {
      throw badRequest('The keys "email" and "password" must be strings.');
    }
    // Hashing megabytes of "password" would let one request pin a CPU.
    if (password.length > MAX_PASSWORD_LENGTH) return unauthorized(c, INVALID_CREDENTIALS);
    const account = await findAccount(deps.db, { email: email.trim() });
    if (!account) {
      await verifyPassword(await getDecoyHash(), password);
      return unauthorized(c, INVALID_CREDENTIALS);
    }
    if (!(await verifyPassword(account.passwordHash, password)) || !isActiveAccount(account)) {
      return unauthorized(c, INVALID_CREDENTIALS);
    }
    // Housekeeping at a natural moment: this login's expired refresh tokens are useless.
    await deps.db
      .delete(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userLoginId, account.userLoginId),
          lt(refreshTokens.expiresAt, deps.clock()),
        ),
      );
    return c.json({
      token: await signAccessToken(deps, account, null),
      refresh_token: await createRefreshToken(deps, account.userLoginId),
    });
  });

  /**
   * Refresh tokens are reusable until they expire (not single-use) and the same one is returned:
   * the portal's parallel loaders may refresh at once without racing, and no write happens here.
   * A session therefore lasts at most REFRESH_TOKEN_TTL after login.
   */
  routes.post("/api/authentication_token/refresh", async (c) => {
    const body = await readBody(c);
    const refreshToken = body.refresh_token;
    if (typeof refreshToken !== "string") return unauthorized(c, REFRESH_NOT_FOUND);
    const stored = await findRefreshToken(deps, refreshToken);
    if (!stored) return unauthorized(c, REFRESH_NOT_FOUND);

    const account = await findAccount(deps.db, { userLoginId: stored.userLoginId });
    if (!account || !isActiveAccount(account)) return unauthorized(c, REFRESH_NOT_FOUND);
    let impersonator: string | null = null;
    if (stored.impersonatorUserLoginId !== null) {
      const admin = await findAccount(deps.db, { userLoginId: stored.impersonatorUserLoginId });
      if (!admin || admin.role !== "administrator" || !isActiveAccount(admin)) {
        return unauthorized(c, REFRESH_NOT_FOUND);
      }
      impersonator = admin.email;
    }
    return c.json({
      token: await signAccessToken(deps, account, impersonator),
      refresh_token: refreshToken,
    });
  });

  routes.post("/api/adv/switch_user", requireAdministrator, async (c) => {
    const admin = currentIdentity(c);
    const to = c.req.query("to");
    const target = to ? await findAccount(deps.db, { email: to.trim() }) : null;
    if (!target || target.role !== "advertiser" || !isActiveAccount(target)) throw notFound();
    return c.json({
      token: await signAccessToken(deps, target, admin.email),
      refresh_token: await createRefreshToken(deps, target.userLoginId, admin.userLoginId),
    });
  });

  return routes;
}
