// Self-service password reset calls: an extension of SPEC §7 (our reference API's), reached only
// through the extension registry (`passwordReset`): the upstream may not have them. The link's
// token travels in bodies only, never in an upstream URL, so no upstream log line carries it.
import type { UpstreamClient } from "./client";
import { UpstreamError } from "./errors";

export type NewPassword = { newPassword: string; newPasswordConfirm: string };

/** Asks for a link to be mailed; the answer is the same whether or not the address is known. */
export async function requestPasswordReset(api: UpstreamClient, email: string): Promise<void> {
  const response = await api.request("POST", "/api/adv/password_resets", { json: { email } });
  await response.body?.cancel();
}

/** Whether a link still works: resolves when it does, throws (410: `isDeadLink`) when not. */
export async function checkPasswordResetLink(api: UpstreamClient, token: string): Promise<void> {
  const response = await api.request("POST", "/api/adv/password_resets/check", {
    json: { token },
  });
  await response.body?.cancel();
}

/** Sets the new password through the link (422: violations on newPassword/newPasswordConfirm). */
export async function resetPassword(
  api: UpstreamClient,
  token: string,
  password: NewPassword,
): Promise<void> {
  const response = await api.request("POST", "/api/adv/password_resets/reset", {
    json: { token, ...password },
  });
  await response.body?.cancel();
}

/** The upstream's answer for a link that is unknown, expired or already used. */
export const isDeadLink = (error: unknown) =>
  error instanceof UpstreamError && error.status === 410;
