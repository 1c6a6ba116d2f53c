// The head of the administrator's detail screens (an ad, an advertiser): the title with 編集 and
// the way back to the list, then the flash of the action before. Admin-only (Mantine), in its own
// module so advertiser routes do not load it (ARCHITECTURE §8).
import { Alert, Button, Group, Title } from "@mantine/core";
import { Link } from "react-router";

export function AdminDetailHeader({
  title,
  editHref,
  back,
  flash,
}: {
  title: string;
  /** Where 編集 leads; none for a deleted record (or one that did not load). */
  editHref: string | null;
  back: { to: string; label: string };
  flash: { kind: string; message: string } | null;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Group gap="xs">
          {editHref ? (
            <Button component={Link} to={editHref} variant="default">
              編集
            </Button>
          ) : null}
          <Button component={Link} to={back.to} variant="subtle">
            {back.label}
          </Button>
        </Group>
      </Group>
      {flash ? (
        <Alert color={flash.kind === "error" ? "red" : "blue"} role="status">
          {flash.message}
        </Alert>
      ) : null}
    </>
  );
}
