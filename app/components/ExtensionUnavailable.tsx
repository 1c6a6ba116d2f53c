// The page of a feature the upstream API does not offer (an extension of SPEC §7 it lacks,
// app/.server/upstream/extensions.ts): said plainly, with the way back, instead of a 404 or 500.
import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { EXTENSION_UNAVAILABLE } from "~/domain/labels";

export { EXTENSION_UNAVAILABLE };

export function ExtensionUnavailable({ note }: { note?: string }) {
  return (
    <Alert color="gray" title={EXTENSION_UNAVAILABLE}>
      <Stack gap="xs">
        <Text size="sm">
          {note ?? "接続先のAPIがこの機能に対応していないため、表示できる内容がありません。"}
        </Text>
        <Anchor href="/administrator" size="sm">
          管理画面TOPへ戻る
        </Anchor>
      </Stack>
    </Alert>
  );
}
