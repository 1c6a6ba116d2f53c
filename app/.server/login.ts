// Login with remix-auth's FormStrategy: the credentials go upstream, the token pair comes back.
import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import type { TokenPair } from "./session";
import { upstreamTarget } from "./context";
import {
  invalidateRefreshToken,
  isDeletedAdvertiser,
  requestToken,
  type UpstreamTarget,
} from "./upstream/authentication";
import { UpstreamUnauthorizedError } from "./upstream/errors";

export const LOGIN_FAILED_MESSAGE =
  "ユーザーが存在しないか、メールアドレスまたはパスワードが間違っています。";

export const LOGIN_RATE_LIMITED_MESSAGE =
  "ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。";

export const credentialsSchema = z.object({
  email: z
    .string({ required_error: "メールアドレスを入力してください。" })
    .trim()
    .email("メールアドレスの形式が正しくありません。"),
  password: z.string({ required_error: "パスワードを入力してください。" }),
});

function authenticatorFor(target: UpstreamTarget) {
  const authenticator = new Authenticator<TokenPair>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const { email, password } = credentialsSchema.parse({
        email: form.get("email"),
        password: form.get("password"),
      });
      return requestToken(target, email, password);
    }),
    "credentials",
  );
  return authenticator;
}

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

/**
 * Authenticates the posted form and starts a fresh session; throws what the upstream threw, or
 * DeletedAdvertiserError (the pair just issued is ended upstream, and no session starts).
 */
export async function login(request: Request, context: AppLoadContext): Promise<void> {
  const target = upstreamTarget(context);
  const pair = await authenticatorFor(target).authenticate("credentials", request);
  if (await isDeletedAdvertiser(target, pair)) {
    await invalidateRefreshToken(target, pair);
    throw new DeletedAdvertiserError();
  }
  context.session.login(pair);
}
