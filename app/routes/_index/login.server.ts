// Login with remix-auth as it is meant to be used: one Authenticator with one FormStrategy
// (remix-auth-form as shipped: it reads the posted form), whose verify function is the whole login
// on that form: the fields checked (Japanese errors beside them, the typed address kept), the
// throttle asked, the credentials sent upstream. Verify returns the pair the session keeps or
// throws the form's reply; `login` stores the pair, the route redirects or replies (ADR 0024).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AsyncLocalStorage } from "node:async_hooks";
import type { AppLoadContext } from "react-router";
import { Authenticator } from "remix-auth";
import { BodyUsedError, FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { upstreamTarget } from "~/.server/context";
import { formReadFailure } from "~/.server/forms";
import type { LoginThrottle } from "~/.server/login-throttle";
import type { TokenPair } from "~/.server/session";
import {
  invalidateRefreshToken,
  isDeletedAdvertiser,
  requestToken,
  type UpstreamTarget,
} from "~/.server/upstream/authentication";
import {
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
} from "~/.server/upstream/errors";

export const LOGIN_FAILED_MESSAGE =
  "ユーザーが存在しないか、メールアドレスまたはパスワードが間違っています。";

export const LOGIN_RATE_LIMITED_MESSAGE =
  "ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。";

export const LOGIN_UNAVAILABLE_MESSAGE =
  "ただいまログインできません。しばらく時間をおいてから再度お試しください。";

export const credentialsSchema = z.object({
  email: z
    .string({ required_error: "メールアドレスを入力してください。" })
    .trim()
    .email("メールアドレスの形式が正しくありません。"),
  password: z.string({ required_error: "パスワードを入力してください。" }),
});

/**
 * A deleted advertiser whose credentials the upstream still accepts (SPEC §6): refused as wrong
 * credentials are, so the login page says what it says for a user that does not exist.
 */
export class DeletedAdvertiserError extends UpstreamUnauthorizedError {
  name = "DeletedAdvertiserError";
  constructor() {
    super(401, "/api/authentication_token", "The advertiser is deleted.");
  }
}

/** What a login post came to: in (the session started), or the form's reply and its status. */
export type LoginOutcome =
  | { loggedIn: true; redirectTo: FormDataEntryValue | null }
  | { loggedIn: false; status: number; result: SubmissionResult; headers?: HeadersInit };

/** Who the verify function let in: the pair the session keeps, and where the form asked to go. */
export type LoggedIn = { pair: TokenPair; redirectTo: FormDataEntryValue | null };

/** A login the verify function refused: the form's reply (no password in it) and its status. */
export class LoginRefusal extends Error {
  name = "LoginRefusal";
  constructor(
    readonly status: number,
    readonly result: SubmissionResult,
    readonly headers?: HeadersInit,
  ) {
    super(`Login refused (${status}).`);
  }
}

/** What verify needs of its request beyond the form: where the upstream is, and the throttle. */
type LoginScope = {
  target: UpstreamTarget;
  throttle: LoginThrottle;
  address: string;
  /** Set when verify starts: a failure before it is the strategy's, reading the form. */
  verifying: boolean;
};

/**
 * The scope of the login in progress, for verify. Not a WeakMap keyed by the Request: the
 * Authenticator hands its strategy a copy (`new Request(request.url, request)`), so the action's
 * Request never reaches verify. remix-auth's README passes per-request data this way.
 */
const scopes = new AsyncLocalStorage<LoginScope>();

/** Asks the upstream for a pair; a deleted advertiser's pair is ended again and refused. */
async function requestPair(target: UpstreamTarget, email: string, password: string) {
  const pair = await requestToken(target, email, password);
  if (await isDeletedAdvertiser(target, pair)) {
    await invalidateRefreshToken(target, pair);
    throw new DeletedAdvertiserError();
  }
  return pair;
}

/** The login on the form the strategy read: a pair, or a LoginRefusal with the form's reply. */
async function verify({ form }: FormStrategy.VerifyOptions): Promise<LoggedIn> {
  const scope = scopes.getStore();
  if (!scope) throw new Error("The login's verify runs inside login() only.");
  scope.verifying = true;
  const submission = parseWithZod(form, { schema: credentialsSchema });
  if (submission.status !== "success") {
    throw new LoginRefusal(400, submission.reply({ hideFields: ["password"] }));
  }
  const refusal = (message: string, status: number, headers?: HeadersInit) =>
    new LoginRefusal(
      status,
      submission.reply({ formErrors: [message], hideFields: ["password"] }),
      headers,
    );
  const { email, password } = submission.value;
  const { target, throttle, address } = scope;
  const wait = throttle.retryAfter(email, address);
  if (wait !== undefined) {
    throw refusal(LOGIN_RATE_LIMITED_MESSAGE, 429, { "Retry-After": String(wait) });
  }
  let pair: TokenPair;
  try {
    pair = await requestPair(target, email, password);
  } catch (error) {
    if (error instanceof UpstreamUnauthorizedError) {
      throttle.failed(email, address);
      throw refusal(LOGIN_FAILED_MESSAGE, 401);
    }
    if (error instanceof UpstreamRateLimitedError) {
      throw refusal(LOGIN_RATE_LIMITED_MESSAGE, 429, { "Retry-After": String(error.retryAfter) });
    }
    if (error instanceof UpstreamUnavailableError) throw refusal(LOGIN_UNAVAILABLE_MESSAGE, 503);
    throw error;
  }
  throttle.succeeded(email, address);
  return { pair, redirectTo: form.get("redirectTo") };
}

const STRATEGY = "credentials";

/** The portal's one authenticator: the login form, checked by `verify`. */
export const authenticator = new Authenticator<LoggedIn>().use(new FormStrategy(verify), STRATEGY);

/**
 * Logs in with the posted form and starts the session (a fresh one: impersonation ends). Wrong
 * credentials and a deleted advertiser (DeletedAdvertiserError) answer LOGIN_FAILED_MESSAGE alike;
 * a body that is no readable form is a 400 (a 413 past the body cap); what the upstream throws
 * beyond its usual refusals is thrown.
 */
export async function login(request: Request, context: AppLoadContext): Promise<LoginOutcome> {
  const scope: LoginScope = {
    target: upstreamTarget(context),
    throttle: context.loginThrottle,
    address: context.clientAddress ?? "unknown",
    verifying: false,
  };
  let user: LoggedIn;
  try {
    user = await scopes.run(scope, () => authenticator.authenticate(STRATEGY, request));
  } catch (error) {
    if (error instanceof LoginRefusal) {
      const { status, result, headers } = error;
      return { loggedIn: false, status, result, headers };
    }
    // Before verify there is only the strategy reading the form (a body read first is our bug).
    if (!scope.verifying && !(error instanceof BodyUsedError)) throw formReadFailure(error);
    throw error;
  }
  context.session.login(user.pair);
  return { loggedIn: true, redirectTo: user.redirectTo };
}
