// The Japanese error page for thrown responses (400, 413 and 415 for a form body that could not be
// read, 403, 404, 502 an upstream answer the portal could not read, 503 upstream down) and unexpected errors.
import { isRouteErrorResponse, useRouteError } from "react-router";
import { BODY_TOO_LARGE, UNEXPECTED_ERROR, UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";

const messages: Record<number, { title: string; body: string }> = {
  400: {
    title: "送信内容を読み取れませんでした",
    body: "通信が途中で途切れた可能性があります。前の画面に戻って、もう一度送信してください。",
  },
  403: { title: "アクセスできません", body: "このページを表示する権限がありません。" },
  404: {
    title: "ページが見つかりません",
    body: "お探しのページは移動または削除されたか、URLが間違っている可能性があります。",
  },
  413: BODY_TOO_LARGE,
  415: {
    title: "送信内容を読み取れませんでした",
    body: "この形式の送信には対応していません。前の画面に戻って、フォームから送信してください。",
  },
  502: {
    title: "ただいま表示できません",
    body: "システムから受け取った内容を読み取れませんでした。しばらく時間をおいてから再度お試しください。",
  },
  503: {
    title: "ただいま接続できません",
    body: UPSTREAM_DOWN_MESSAGE,
  },
};

export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, body } = messages[status] ?? UNEXPECTED_ERROR;
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
