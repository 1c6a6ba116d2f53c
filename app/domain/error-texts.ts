// The error pages' shared texts: the root's ErrorPage, the server's plain pages (413 before the
// router, the last resort) and the banners of forms and actions that met an upstream outage.
// Apart from labels.ts so the root, which every page loads, carries only these.

/** An unexpected error (the error page's fallback, and the server's last-resort page). */
export const UNEXPECTED_ERROR = {
  title: "エラーが発生しました",
  body: "申し訳ありません。処理中にエラーが発生しました。しばらく時間をおいてから再度お試しください。",
} as const;

/** A form body over the portal's cap (the 413 page, also when refused before the router). */
export const BODY_TOO_LARGE = {
  title: "送信内容が大きすぎます",
  body: "送信できる大きさを超えています。文章を短くするか、画像は1枚10MB以下にして、前の画面に戻ってもう一度送信してください。",
} as const;

/** The upstream is down (the 503 page, and a form's banner when its check could not run). */
export const UPSTREAM_DOWN_MESSAGE =
  "システムに接続できませんでした。しばらく時間をおいてから再度お試しください。";
