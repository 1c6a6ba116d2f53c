// The Japanese error page for thrown responses (403, 404, 503 upstream down) and unexpected errors.
import { Button, Stack, Text, Title } from "@mantine/core";
import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

const messages: Record<number, { title: string; body: string }> = {
  403: { title: "アクセスできません", body: "このページを表示する権限がありません。" },
  404: {
    title: "ページが見つかりません",
    body: "お探しのページは移動または削除されたか、URLが間違っている可能性があります。",
  },
  503: {
    title: "ただいま接続できません",
    body: "システムに接続できませんでした。しばらく時間をおいてから再度お試しください。",
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
    <Stack align="center" gap="md" py="xl" ta="center">
      <Text c="dimmed" size="sm">
        {status}
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{body}</Text>
      <Button component={Link} to="/" variant="light" reloadDocument>
        トップページへ戻る
      </Button>
    </Stack>
  );
}
