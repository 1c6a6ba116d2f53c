// Login (throttled), token refresh (rotating), logout (invalidate) and impersonation
// (switch_user): the token pair endpoints.
import { Hono, type Context } from "hono";
import {
  findAccount,
  hashPassword,
  isActiveAccount,
  verifyPassword,
  type Account,
} from "../accounts";
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit";
import { currentIdentity, requireAdministrator, signAccessToken, unauthorized } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { clearRefreshCookie, deliverPair, presentedRefreshToken } from "../token-cookies";
import type { Database } from "../db/client";
import { clients } from "../db/schema";
import { badRequest, iri, notFound, readBody } from "../hydra";
import { hit, peek, pruneRateLimits, reset, tooManyRequests, type Limit } from "../rate-limit";
import {
  createRefreshToken,
  openSession,
  refreshTokenExpiry,
  revokeSessionOf,
  rotateRefreshToken,
  type SessionRow,
} from "../sessions";

const INVALID_CREDENTIALS = "Invalid credentials.";
const REFRESH_NOT_FOUND = "JWT Refresh Token Not Found";
const MAX_PASSWORD_LENGTH = 1024;

/** Verifying against a throw-away hash makes an unknown email cost as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => (decoyHash ??= hashPassword("decoy-password-for-timing"));

export function authenticationRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();
  const { maxPerAccount, maxPerAddress, windowSeconds } = deps.config.loginThrottle;
  // Like Symfony's login throttling: failures per account and address, and wider per address.
  const perAccount: Limit = { name: "login:account", max: maxPerAccount, windowSeconds };
  const perAddress: Limit = { name: "login:address", max: maxPerAddress, windowSeconds };

  /** A new pair of a session, delivered in the body or as cookies (token-cookies.ts). */
  async function issuePair(
    c: Context,
    account: Account,
    session: SessionRow,
    impersonator: string | null,
  ) {
    const pair = {
      token: await signAccessToken(deps, account, session, impersonator),
      refresh_token: await createRefreshToken(deps, session),
    };
    return deliverPair(c, deps, pair, refreshTokenExpiry(deps, session));
  }

  routes.post("/api/authentication_token", async (c) => {
    const body = await readBody(c);
    const email = body.email;
    const password = body.password;
    if (typeof email !== "string" || typeof password !== "string") {
      throw badRequest('The keys "email" and "password" must be strings.');
    }
    const address = deps.clientAddress(c);
    const accountKey = `${email.trim().toLowerCase()}|${address}`;
    // Checked before the password is hashed, so a locked-out guesser costs no argon2 time.
    for (const [limit, key] of [
      [perAccount, accountKey],
      [perAddress, address],
    ] as const) {
      const state = await peek(deps, limit, key);
      if (state.exceeded) return throttled(c, state);
    }
    const account = await authenticate(email, password);
    if (!account) {
      await hit(deps, perAccount, accountKey);
      await hit(deps, perAddress, address);
      return unauthorized(c, INVALID_CREDENTIALS);
    }
    await reset(deps, perAccount, accountKey);
    await pruneRateLimits(deps);
    const session = await openSession(deps, account.userLoginId);
    return issuePair(c, account, session, null);
  });

  /** The active account these credentials open, or null (the same cost either way). */
  async function authenticate(email: string, password: string): Promise<Account | null> {
    // Hashing megabytes of "password" would let one request pin a CPU.
    if (password.length > MAX_PASSWORD_LENGTH) return null;
    const account = await findAccount(deps.db, { email: email.trim() });
    if (!account) {
      await verifyPassword(await getDecoyHash(), password);
      return null;
    }
    const valid = await verifyPassword(account.passwordHash, password);
    return valid && isActiveAccount(account) ? account : null;
  }

  /**
   * Each refresh hands out a successor and retires the presented token (rotation); see
   * sessions.ts for the reuse window that keeps parallel requests at expiry logged in.
   */
  routes.post("/api/authentication_token/refresh", async (c) => {
    const refreshToken = presentedRefreshToken(c, await readBody(c));
    if (typeof refreshToken !== "string") return unauthorized(c, REFRESH_NOT_FOUND);
    const rotated = await rotateRefreshToken(deps, refreshToken);
    if (!rotated) return unauthorized(c, REFRESH_NOT_FOUND);
    const { session } = rotated;

    const account = await findAccount(deps.db, { userLoginId: session.userLoginId });
    if (!account || !isActiveAccount(account)) return unauthorized(c, REFRESH_NOT_FOUND);
    let impersonator: string | null = null;
    if (session.impersonatorUserLoginId !== null) {
      const admin = await findAccount(deps.db, { userLoginId: session.impersonatorUserLoginId });
      if (!admin || admin.role !== "administrator" || !isActiveAccount(admin)) {
        return unauthorized(c, REFRESH_NOT_FOUND);
      }
      impersonator = admin.email;
    }
    const pair = {
      token: await signAccessToken(deps, account, session, impersonator),
      refresh_token: rotated.refreshToken,
    };
    return deliverPair(c, deps, pair, refreshTokenExpiry(deps, session));
  });

  /** Logout (gesdinet's invalidate): the session of this refresh token ends, its tokens too. */
  routes.post("/api/token/invalidate", async (c) => {
    const refreshToken = presentedRefreshToken(c, await readBody(c));
    if (typeof refreshToken !== "string") {
      return c.json({ code: 400, message: "No refresh_token found." }, 400);
    }
    // Ending an impersonation is recorded, with the administrator as the actor.
    const ended = await revokeSessionOf(deps, refreshToken, async (tx, session) => {
      if (session.impersonatorUserLoginId === null) return;
      await recordAudit(
        tx,
        c,
        deps,
        { action: "impersonation.end", target: await clientIriOf(tx, session.userLoginId) },
        { userLoginId: session.impersonatorUserLoginId, impersonatorUserLoginId: null },
      );
    });
    if (!ended) {
      return c.json({ code: 400, message: "No refresh_token found." }, 400);
    }
    clearRefreshCookie(c, deps);
    return c.json({ code: 200, message: "The supplied refresh_token has been invalidated." });
  });

  routes.post("/api/adv/switch_user", requireAdministrator, async (c) => {
    const admin = currentIdentity(c);
    const to = c.req.query("to");
    const target = to ? await findAccount(deps.db, { email: to.trim() }) : null;
    if (!target || target.role !== "advertiser" || !isActiveAccount(target)) throw notFound();
    const session = await deps.db.transaction(async (tx) => {
      const opened = await openSession({ ...deps, db: tx }, target.userLoginId, admin.userLoginId);
      await recordAudit(tx, c, deps, {
        action: "impersonation.start",
        target: iri("clients", target.clientId!),
      });
      return opened;
    });
    // A PHP controller issuing a pair hands the user to lexik's success handler (gesdinet's
    // refresh token rides on its event), so the same cookie delivery applies here.
    return issuePair(c, target, session, admin.email);
  });

  return routes;
}

/** The IRI of the client a login belongs to (the target of an impersonation). */
async function clientIriOf(db: Database, userLoginId: number): Promise<string> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.userLoginId, userLoginId));
  return client ? iri("clients", client.id) : iri("user_logins", userLoginId);
}

/** LexikJWT's error shape, with the status and Retry-After a client can act on. */
function throttled(c: Context, state: { exceeded: boolean; retryAfter: number }) {
  const minutes = Math.ceil(state.retryAfter / 60);
  return tooManyRequests(c, state, {
    code: 429,
    message: `Too many failed login attempts, please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  });
}
