// The self-service password reset's pages (app/.server/password-reset.ts), named once for the
// server's redirects and the pages' links.
export const RESET_REQUEST_PATH = "/password_reset";
export const RESET_SENT_PATH = "/password_reset/sent";
export const RESET_COMPLETE_PATH = "/password_reset/complete";

/** The step header of the reset's pages. */
export const RESET_STEPS = ["メールアドレス", "新しいパスワード", "完了"] as const;

/** A reset link's page: its last segment is the token (sent and complete are pages of their own). */
const RESET_LINK_PATH = /^\/password_reset\/(?!(?:sent|complete)\/?(?:[?#]|$))[^/?#]+/;

/**
 * A request path as a log line may show it: a reset link's token replaced, since whoever reads
 * the log could otherwise set the password (for an access log or an error line that names paths).
 */
export const redactResetToken = (path: string) =>
  path.replace(RESET_LINK_PATH, "/password_reset/[token]");
