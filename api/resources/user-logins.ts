// UserLogin: the login account (email) behind an advertiser or an administrator: reading it,
// changing its email, changing its password, and an administrator's password reset.
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { findAccount, hashPassword, verifyPassword } from "../accounts";
import { sendAfterCommit } from "../adapters/mail";
import { callerActor, recordAudit } from "../audit";
import { currentIdentity, isAdministrator, signAccessToken } from "../auth";
import type { ApiDeps, ApiEnv, Identity } from "../context";
import { refreshTokens, userLogins } from "../db/schema";
import { emailChangedMails, passwordChangedMail, passwordResetMail } from "../domain/mails";
import { accessDenied, iri, jsonLd, notFound, parseId, readBody, ViolationCode } from "../hydra";
import { createRefreshToken, findLiveSession, revokeSessionsOf } from "../sessions";
import {
  anyPassword,
  checkEmailAvailable,
  checkPasswordConfirmation,
  Checks,
  email,
  isUniqueViolation,
  MESSAGES,
  newPassword,
  violation,
} from "../validation";

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

const USER_LOGIN_CONTEXT = "/api/contexts/UserLogin";
/** Verifying a megabyte "old password" would pin a CPU; no real password is this long. */
const MAX_VERIFIED_PASSWORD_LENGTH = 1024;

export const emailShape = { newEmail: email() };
export const ownPasswordShape = {
  oldPassword: anyPassword(),
  newPassword: newPassword(),
  newPasswordConfirm: anyPassword(),
};
export const resetPasswordShape = { newPassword: newPassword(), newPasswordConfirm: anyPassword() };

type LoginRow = typeof userLogins.$inferSelect;

/** Who changes whose password: the login itself, or an administrator resetting another login. */
type PasswordChange = { kind: "own"; login: LoginRow } | { kind: "reset"; login: LoginRow };

export function userLoginRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /**
   * The login a caller may read or change: its own, or any for administrators. Someone else's
   * login is "not found" rather than "forbidden": ids are not disclosed.
   */
  async function findReachableLogin(identity: Identity, rawId: string): Promise<LoginRow> {
    const id = parseId(rawId);
    if (!id || (!isAdministrator(identity) && id !== identity.userLoginId)) throw notFound();
    const [row] = await deps.db.select().from(userLogins).where(eq(userLogins.id, id));
    if (!row) throw notFound();
    return row;
  }

  routes.get("/api/adv/user_logins/:id", async (c) => {
    const row = await findReachableLogin(currentIdentity(c), c.req.param("id"));
    return jsonLd(c, { "@context": USER_LOGIN_CONTEXT, ...serializeUserLogin(row) });
  });

  // --- Email ----------------------------------------------------------------------------------

  async function validateNewEmail(login: LoginRow, input: Record<string, unknown>) {
    const checks = new Checks(emailShape, input);
    const { newEmail } = checks.values;
    if (newEmail !== undefined && newEmail.toLowerCase() === login.email.toLowerCase()) {
      checks.add("newEmail", MESSAGES.sameEmail);
    }
    await checkEmailAvailable(deps.db, checks, "newEmail", newEmail);
    return checks.result().newEmail;
  }

  /**
   * The login whose email the caller may change: not from an impersonated session (like the
   * password, SPEC §6): the email is where password resets go, so changing it takes the account.
   */
  async function emailChangeTarget(c: Context<ApiEnv>): Promise<LoginRow> {
    const identity = currentIdentity(c);
    const login = await findReachableLogin(identity, c.req.param("id") ?? "");
    if (identity.impersonator) throw accessDenied();
    return login;
  }

  routes.patch("/api/adv/user_logins/:id/update_email/validate", async (c) => {
    const login = await emailChangeTarget(c);
    await validateNewEmail(login, await readBody(c));
    return c.body(null, 204);
  });

  /**
   * Changes the email and ends every other session of the login (their access tokens stop
   * working at once). When the caller changed its own login, it answers with a new token pair
   * of the caller's session, which replaces the caller's (the old access token names the old
   * username). Every change is audited, the advertiser's own too.
   */
  routes.patch("/api/adv/user_logins/:id/update_email", async (c) => {
    const identity = currentIdentity(c);
    const login = await emailChangeTarget(c);
    const newEmail = await validateNewEmail(login, await readBody(c));
    const own = login.id === identity.userLoginId;
    try {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(userLogins)
          .set({ email: newEmail, updatedAt: deps.clock() })
          .where(eq(userLogins.id, login.id));
        await revokeSessionsOf(tx, login.id, deps.clock(), own ? identity.sessionId : null);
        await recordAudit(
          tx,
          c,
          deps,
          {
            action: "user_login.email",
            target: iri("user_logins", login.id),
            changes: { email: { before: login.email, after: newEmail } },
          },
          await callerActor(tx, c),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw violation("newEmail", MESSAGES.emailTaken, ViolationCode.notUnique);
      }
      throw error;
    }
    const pair = own ? await newTokenPair(identity) : null;
    await sendAfterCommit(
      deps.mailer,
      emailChangedMails({ oldEmail: login.email, newEmail, loginUrl: deps.config.loginUrl }),
    );
    return jsonLd(c, {
      "@context": USER_LOGIN_CONTEXT,
      ...serializeUserLogin({ ...login, email: newEmail }),
      token: pair?.token ?? null,
      refreshToken: pair?.refreshToken ?? null,
    });
  });

  /** A new pair of the caller's own session (an impersonation stays one). */
  async function newTokenPair(identity: Identity) {
    const account = await findAccount(deps.db, { userLoginId: identity.userLoginId });
    const session = await findLiveSession(deps, identity.sessionId, identity.userLoginId);
    if (!account || !session) throw notFound();
    // The pair it replaces stops refreshing (no reuse window: the caller gets the new one now).
    await deps.db.delete(refreshTokens).where(eq(refreshTokens.sessionId, session.id));
    return {
      token: await signAccessToken(deps, account, session, identity.impersonator),
      refreshToken: await createRefreshToken(deps, session),
    };
  }

  // --- Password -------------------------------------------------------------------------------

  /**
   * The login itself changes its password (not from an impersonated session, SPEC §6); an
   * administrator calling it for another login resets that login's password instead.
   */
  async function passwordChange(c: Context<ApiEnv>): Promise<PasswordChange> {
    const identity = currentIdentity(c);
    const login = await findReachableLogin(identity, c.req.param("id") ?? "");
    if (login.id !== identity.userLoginId) return { kind: "reset", login };
    if (identity.impersonator) throw accessDenied();
    return { kind: "own", login };
  }

  async function validatePasswordChange(change: PasswordChange, input: Record<string, unknown>) {
    if (change.kind === "reset") {
      const checks = new Checks(resetPasswordShape, input);
      checkPasswordConfirmation(checks, input);
      return checks.result().newPassword;
    }
    const checks = new Checks(ownPasswordShape, input);
    checkPasswordConfirmation(checks, input);
    const { oldPassword } = checks.values;
    if (oldPassword !== undefined) {
      const matches =
        oldPassword.length <= MAX_VERIFIED_PASSWORD_LENGTH &&
        (await verifyPassword(change.login.passwordHash, oldPassword));
      if (!matches) checks.add("oldPassword", MESSAGES.wrongPassword);
      else if (checks.values.newPassword === oldPassword) {
        checks.add("newPassword", MESSAGES.samePassword);
      }
    }
    return checks.result().newPassword;
  }

  routes.patch("/api/adv/user_logins/:id/update_password/validate", async (c) => {
    const change = await passwordChange(c);
    await validatePasswordChange(change, await readBody(c));
    return c.body(null, 204);
  });

  routes.patch("/api/adv/user_logins/:id/update_password", async (c) => {
    const change = await passwordChange(c);
    const password = await validatePasswordChange(change, await readBody(c));
    const { login } = change;
    const isTemporaryPassword = change.kind === "reset";
    const passwordHash = await hashPassword(password);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(userLogins)
        .set({ passwordHash, isTemporaryPassword, updatedAt: deps.clock() })
        .where(eq(userLogins.id, login.id));
      // A reset ends all of the user's sessions; changing one's own password keeps the caller's.
      const keep = change.kind === "own" ? currentIdentity(c).sessionId : null;
      await revokeSessionsOf(tx, login.id, deps.clock(), keep);
      // A reset, and an administrator's change of its own password, leave an audit row (an
      // advertiser's own change does not: recordAudit skips it).
      await recordAudit(tx, c, deps, {
        action: change.kind === "reset" ? "user_login.password_reset" : "user_login.password",
        target: iri("user_logins", login.id),
        changes: {
          isTemporaryPassword: { before: login.isTemporaryPassword, after: isTemporaryPassword },
        },
      });
    });
    const mail = change.kind === "reset" ? passwordResetMail : passwordChangedMail;
    await sendAfterCommit(deps.mailer, [mail({ to: login.email, loginUrl: deps.config.loginUrl })]);
    return jsonLd(c, {
      "@context": USER_LOGIN_CONTEXT,
      ...serializeUserLogin({ ...login, isTemporaryPassword }),
    });
  });

  return routes;
}
