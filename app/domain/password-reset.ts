// The self-service password reset's pages (app/.server/password-reset.ts), named once for the
// server's redirects and the pages' links.
export const RESET_REQUEST_PATH = "/password_reset";
export const RESET_SENT_PATH = "/password_reset/sent";
export const RESET_COMPLETE_PATH = "/password_reset/complete";

/** The step header of the reset's pages. */
export const RESET_STEPS = ["メールアドレス", "新しいパスワード", "完了"] as const;
