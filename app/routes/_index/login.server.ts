// Login with remix-auth: its form strategy reads the posted form once, and the verify step is the
// whole login on that one parse: the fields checked (Japanese errors beside them, the typed
// address kept), the throttle asked, the credentials sent upstream, the session started. The
// login route only turns the outcome into its reply or its redirect.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { upstreamTarget } from "~/.server/context";
import { readFormData } from "~/.server/forms";
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

/**
 * remix-auth-form's strategy, reading the form as the portal's other forms are read: straight
 * from the body, once (FormStrategy reads a clone, which would let a caller parse it again),
 * and a body that is no readable form is a 400, not a 500.
 */
class CredentialsStrategy<User> extends FormStrategy<User> {
  override async authenticate(request: Request): Promise<User> {
    return this.verify({ form: await readFormData(request), request });
  }
}

/** Asks the upstream for a pair; a deleted advertiser's pair is ended again and refused. */
async function requestPair(target: UpstreamTarget, email: string, password: string) {
  const pair = await requestToken(target, email, password);
  if (await isDeletedAdvertiser(target, pair)) {
    await invalidateRefreshToken(target, pair);
    throw new DeletedAdvertiserError();
  }
  return pair;
}

/** The login on the parsed form: everything but reading it. */
async function attempt(form: FormData, context: AppLoadContext): Promise<LoginOutcome> {
  const submission = parseWithZod(form, { schema: credentialsSchema });
  if (submission.status !== "success") {
    return { loggedIn: false, status: 400, result: submission.reply({ hideFields: ["password"] }) };
  }
  const refuse = (message: string, status: number, headers?: HeadersInit): LoginOutcome => ({
    loggedIn: false,
    status,
    headers,
    result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
  });
  const { email, password } = submission.value;
  const address = context.clientAddress ?? "unknown";
  const throttle = context.loginThrottle;
  const wait = throttle.retryAfter(email, address);
  if (wait !== undefined) {
    return refuse(LOGIN_RATE_LIMITED_MESSAGE, 429, { "Retry-After": String(wait) });
  }
  try {
    context.session.login(await requestPair(upstreamTarget(context), email, password));
  } catch (error) {
    if (error instanceof UpstreamUnauthorizedError) {
      throttle.failed(email, address);
      return refuse(LOGIN_FAILED_MESSAGE, 401);
    }
    if (error instanceof UpstreamRateLimitedError) {
      return refuse(LOGIN_RATE_LIMITED_MESSAGE, 429, { "Retry-After": String(error.retryAfter) });
    }
    if (error instanceof UpstreamUnavailableError) return refuse(LOGIN_UNAVAILABLE_MESSAGE, 503);
    throw error;
  }
  throttle.succeeded(email, address);
  return { loggedIn: true, redirectTo: form.get("redirectTo") };
}

/**
 * Logs in with the posted form: wrong credentials and a deleted advertiser (DeletedAdvertiserError)
 * answer LOGIN_FAILED_MESSAGE alike; what the upstream throws beyond its usual refusals is thrown.
 */
export function login(request: Request, context: AppLoadContext): Promise<LoginOutcome> {
  const authenticator = new Authenticator<LoginOutcome>();
  authenticator.use(new CredentialsStrategy(({ form }) => attempt(form, context)), "credentials");
  return authenticator.authenticate("credentials", request);
}
