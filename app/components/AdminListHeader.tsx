// The head of the administrator's list screens: the title and the way back to 管理画面TOP.
// Admin-only (Mantine), in its own module so advertiser routes do not load it (ARCHITECTURE §8).
import { Anchor, Group, Title } from "@mantine/core";
import { Link } from "react-router";

export function AdminListHeader({ title }: { title: string }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Anchor component={Link} to="/administrator">
        管理画面TOPへ
      </Anchor>
    </Group>
  );
}
