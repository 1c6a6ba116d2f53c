// The Japanese error page for thrown responses (403, 404, 503 upstream down) and unexpected errors.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/labels";

const messages: Record<number, { title: string; body: string }> = {
  400: {
    title: "送信内容を読み取れませんでした",
    body: "お手数ですが、前のページに戻ってもう一度送信してください。",
  },
  403: { title: "アクセスできません", body: "このページを表示する権限がありません。" },
  404: {
    title: "ページが見つかりません",
    body: "お探しのページは移動または削除されたか、URLが間違っている可能性があります。",
  },
  503: {
    title: "ただいま接続できません",
    body: UPSTREAM_DOWN_MESSAGE,
  },
};

const fallback = {
  title: "エラーが発生しました",
  body: "申し訳ありません。処理中にエラーが発生しました。しばらく時間をおいてから再度お試しください。",
};

export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, body } = messages[status] ?? fallback;
  return (
    <div className="stack center" style={{ alignItems: "center", padding: "40px 0" }}>
      <p className="dimmed small">{status}</p>
      <h1 className="title-1">{title}</h1>
      <p>{body}</p>
      {/* A full reload: the error may have come from a stale client state. */}
      <a href="/" className="btn btn-light">
        トップページへ戻る
      </a>
    </div>
  );
}
