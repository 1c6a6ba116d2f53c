// Self-service password reset in the portal (an extension of SPEC §7, `passwordReset` in the
// registry): where the upstream has it, 「パスワードをお忘れの方はこちら」 opens our own pages
// (request → メールを送信しました → the mail's link → new password → done); where it does not,
// the inquiry form as before. The link's token is in the page's path only: the page loads nothing
// from other origins and the portal's Referrer-Policy (strict-origin-when-cross-origin) sends
// other sites the origin alone.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/limits";
import { RESET_COMPLETE_PATH, RESET_REQUEST_PATH, RESET_SENT_PATH } from "~/domain/password-reset";
import { PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, REQUIRED } from "./account-schemas";
import { anonymousUpstream } from "./auth";
import { env } from "./env";
import { readFormData, RATE_LIMITED_MESSAGE, violationErrors } from "./forms";
import { rethrowAsHttpError } from "./http-errors";
import {
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
  UpstreamViolationError,
} from "./upstream/errors";
import { upstreamExtensions } from "./upstream/extensions";
import {
  checkPasswordResetLink,
  isDeadLink,
  requestPasswordReset,
  resetPassword,
} from "./upstream/password-resets";

/**
 * Where the login page's 「パスワードをお忘れの方はこちら」 goes: our request form when the
 * upstream has the extension, else the inquiry form (also while the upstream cannot say).
 */
export async function forgottenPasswordLink(context: AppLoadContext) {
  return (await resetPresence(context)) === "present"
    ? { href: RESET_REQUEST_PATH, external: false }
    : { href: env().INQUIRY_URL, external: true };
}

/** Whether the upstream has the reset: as learnt, else by the registry's probe (no side effect). */
export const resetPresence = (context: AppLoadContext) =>
  upstreamExtensions.probe("passwordReset", anonymousUpstream(context), {});

/** The page state when the upstream has no reset: said plainly, with the inquiry form. */
export const unavailable = () => ({ state: "unavailable" as const, inquiryUrl: env().INQUIRY_URL });

const requestSchema = z.object({
  email: z
    .string({ required_error: REQUIRED })
    .trim()
    .email("メールアドレスの形式が正しくありません。"),
});

const newPasswordSchema = z
  .object({
    newPassword: z
      .string({ required_error: REQUIRED })
      .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
      .max(PASSWORD_MAX, `${PASSWORD_MAX}文字以内で入力してください。`),
    newPasswordConfirm: z.string({ required_error: REQUIRED }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.newPasswordConfirm) {
      ctx.addIssue({ code: "custom", path: ["newPasswordConfirm"], message: PASSWORD_MISMATCH });
    }
  });

const PASSWORD_FIELDS = ["newPassword", "newPasswordConfirm"];

type Reply = { state: "form"; result: SubmissionResult<string[]> };

/** 再設定用のメールを送信: the same next page whether or not the address has an account. */
export async function requestReset(request: Request, context: AppLoadContext) {
  const submission = parseWithZod(await readFormData(request), { schema: requestSchema });
  if (submission.status !== "success") {
    return data({ state: "form", result: submission.reply() } satisfies Reply, { status: 400 });
  }
  const refuse = (status: number, errors: Parameters<typeof submission.reply>[0]) =>
    data({ state: "form", result: submission.reply(errors) } satisfies Reply, { status });
  const api = anonymousUpstream(context);
  try {
    const sent = await upstreamExtensions.use("passwordReset", () =>
      requestPasswordReset(api, submission.value.email),
    );
    if (!sent.present) return unavailable();
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      return refuse(422, violationErrors(error.violations, ["email"]));
    }
    if (error instanceof UpstreamRateLimitedError) {
      return refuse(429, { formErrors: [RATE_LIMITED_MESSAGE] });
    }
    if (error instanceof UpstreamUnavailableError) {
      return refuse(503, { formErrors: [UPSTREAM_DOWN_MESSAGE] });
    }
    return rethrowAsHttpError(error);
  }
  throw redirect(RESET_SENT_PATH);
}

/** The link's page: the form while the link works, else why not and the way to a new one. */
export async function loadResetLink(context: AppLoadContext, token: string) {
  try {
    const checked = await upstreamExtensions.use("passwordReset", () =>
      checkPasswordResetLink(anonymousUpstream(context), token),
    );
    if (!checked.present) return unavailable();
  } catch (error) {
    if (isDeadLink(error)) return data({ state: "dead" as const }, { status: 410 });
    return rethrowAsHttpError(error);
  }
  return { state: "form" as const };
}

/**
 * 設定する: the new password through the link. Done, the portal's own session ends too (the
 * upstream has ended every session of the login) and the done page links to the login.
 */
export async function setNewPassword(request: Request, context: AppLoadContext, token: string) {
  const submission = parseWithZod(await readFormData(request), { schema: newPasswordSchema });
  const hideFields = PASSWORD_FIELDS;
  if (submission.status !== "success") {
    return data({ state: "form", result: submission.reply({ hideFields }) } satisfies Reply, {
      status: 400,
    });
  }
  const refuse = (
    status: number,
    errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] },
  ) =>
    data({ state: "form", result: submission.reply({ hideFields, ...errors }) } satisfies Reply, {
      status,
    });
  try {
    const done = await upstreamExtensions.use("passwordReset", () =>
      resetPassword(anonymousUpstream(context), token, submission.value),
    );
    if (!done.present) return unavailable();
  } catch (error) {
    if (isDeadLink(error)) return data({ state: "dead" as const }, { status: 410 });
    if (error instanceof UpstreamViolationError) {
      return refuse(422, violationErrors(error.violations, PASSWORD_FIELDS));
    }
    if (error instanceof UpstreamUnavailableError) {
      return refuse(503, { formErrors: [UPSTREAM_DOWN_MESSAGE] });
    }
    return rethrowAsHttpError(error);
  }
  context.session.clear();
  throw redirect(RESET_COMPLETE_PATH);
}
