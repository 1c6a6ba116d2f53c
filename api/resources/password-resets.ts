// Self-service password reset (an extension of SPEC §7; the spec profile 404s it like any other
// non-§7 path): a request mails a one-time link, the link sets a new password. The request answers
// the same whether or not the address has an account, and is limited per address and per client.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { findAccount, hashPassword, isActiveAccount, type Account } from "../accounts";
import { sendAfterCommit } from "../adapters/mail";
import type { ApiDeps, ApiEnv } from "../context";
import { passwordResetTokens, userLogins } from "../db/schema";
import { passwordResetLinkMail, passwordChangedMail } from "../domain/mails";
import { ApiError, readBody } from "../hydra";
import { hit, tooManyRequests, type Limit, type LimitState } from "../rate-limit";
import { revokeSessionsOf } from "../sessions";
import { anyPassword, checkPasswordConfirmation, Checks, email, newPassword } from "../validation";

/** How long a link works: long enough to open the mail, short enough that an old mail is dead. */
export const RESET_LINK_VALID_MINUTES = 60;
/** The portal's page a link opens (the token is the last path segment). */
export const RESET_PAGE_PATH = "/password_reset/";
const HOUR = 3600;
/** Mails one address may be sent an hour: a few retries, not a mailbox flood. */
export const RESET_REQUESTS_PER_EMAIL = 5;
/** Requests one client may make an hour (an office shares one address, as with the login). */
export const RESET_REQUESTS_PER_CLIENT = 20;

export const RESET_LINK_INVALID =
  "This password reset link is invalid, has expired or has already been used.";

const requestShape = { email: email() };
const tokenShape = { token: anyPassword() };
const resetShape = { newPassword: newPassword(), newPasswordConfirm: anyPassword() };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Who may reset by mail: an active advertiser. Administrators may not: a mailbox taken over
 * would then open the administration (every advertiser, sales, refunds); another administrator
 * resets their password (PATCH …/update_password), as today.
 */
const mayResetByMail = (account: Account | null): account is Account =>
  account !== null && account.role === "advertiser" && isActiveAccount(account);

export function passwordResetRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();
  const perEmail: Limit = {
    name: "reset:email",
    max: RESET_REQUESTS_PER_EMAIL,
    windowSeconds: HOUR,
  };
  const perClient: Limit = {
    name: "reset:address",
    max: RESET_REQUESTS_PER_CLIENT,
    windowSeconds: HOUR,
  };

  /** Every request counts, whatever the address: a 429 then says nothing of an account. */
  async function throttled(c: Context, address: string): Promise<LimitState | null> {
    const states = [
      await hit(deps, perClient, deps.clientAddress(c)),
      await hit(deps, perEmail, address.toLowerCase()),
    ];
    return states.find((state) => state.exceeded) ?? null;
  }

  /**
   * Asks for a link. 202 with the same body for any well-formed address; a malformed body is a
   * 422 before anything is counted or stored (the portal's probe sends `{}`).
   */
  routes.post("/api/adv/password_resets", async (c) => {
    const { email: address } = new Checks(requestShape, await readBody(c)).result();
    const limited = await throttled(c, address);
    if (limited) return tooManyRequests(c, limited);
    const account = await findAccount(deps.db, { email: address });
    if (mayResetByMail(account)) await issueLink(account);
    return c.json(
      { message: "If the address has an account, a password reset link has been sent." },
      202,
    );
  });

  /** A new link for the login; its older links stop working. */
  async function issueLink(account: Account) {
    const token = randomBytes(32).toString("base64url");
    const now = deps.clock();
    await deps.db.transaction(async (tx) => {
      await tx
        .delete(passwordResetTokens)
        .where(eq(passwordResetTokens.userLoginId, account.userLoginId));
      await tx.insert(passwordResetTokens).values({
        tokenHash: sha256(token),
        userLoginId: account.userLoginId,
        expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MINUTES * 60_000),
      });
    });
    const { loginUrl } = deps.config;
    const resetUrl = loginUrl ? new URL(`${RESET_PAGE_PATH}${token}`, loginUrl).href : null;
    await sendAfterCommit(deps.mailer, [
      passwordResetLinkMail({
        to: account.email,
        resetUrl,
        validMinutes: RESET_LINK_VALID_MINUTES,
      }),
    ]);
  }

  /** The login a live (unused, unexpired) link belongs to, or 410 Gone. */
  async function liveLink(token: string) {
    const [row] = await deps.db
      .select({ id: passwordResetTokens.id, userLoginId: passwordResetTokens.userLoginId })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, deps.clock()),
        ),
      );
    const account = row ? await findAccount(deps.db, { userLoginId: row.userLoginId }) : null;
    if (!row || !mayResetByMail(account)) throw new ApiError(410, RESET_LINK_INVALID);
    return { id: row.id, account };
  }

  /** Whether a link still works (the portal asks before showing the form): 204, or 410. */
  routes.post("/api/adv/password_resets/check", async (c) => {
    const { token } = new Checks(tokenShape, await readBody(c)).result();
    await liveLink(token);
    return c.body(null, 204);
  });

  /**
   * Sets the new password through a live link: the link is spent (in the same statement that
   * checks it, so two submits cannot both use it), the password is no longer temporary, and every
   * session of the login ends (a thief's included). A dead link is 410 before the password is
   * looked at; a password violation (422) leaves the link usable.
   */
  routes.post("/api/adv/password_resets/reset", async (c) => {
    const input = await readBody(c);
    const { token } = new Checks(tokenShape, input).result();
    const link = await liveLink(token);
    const checks = new Checks(resetShape, input);
    checkPasswordConfirmation(checks, input);
    const passwordHash = await hashPassword(checks.result().newPassword);
    const now = deps.clock();
    const spent = await deps.db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.id, link.id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      if (used.length === 0) return false;
      await tx
        .update(userLogins)
        .set({ passwordHash, isTemporaryPassword: false, updatedAt: now })
        .where(eq(userLogins.id, link.account.userLoginId));
      await revokeSessionsOf(tx, link.account.userLoginId, now);
      return true;
    });
    if (!spent) throw new ApiError(410, RESET_LINK_INVALID);
    await sendAfterCommit(deps.mailer, [
      passwordChangedMail({ to: link.account.email, loginUrl: deps.config.loginUrl }),
    ]);
    return c.body(null, 204);
  });

  return routes;
}
