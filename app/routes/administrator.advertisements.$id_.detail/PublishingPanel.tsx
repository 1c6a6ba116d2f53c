// The administrator's 掲載 panel (SPEC §2 published section, §6): the copy's URL, when it was last
// synced and why the last sync failed, the report link, 同期, and 掲載停止 / 掲載再開 enabled per
// SPEC §4 behind a confirmation that is a page state of its own (works without JS).
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useFetcher } from "react-router";
import { useEffect, useRef, useState } from "react";
import type { ConfirmIntent, Publishing } from "~/.server/publishing-actions";
import { useHydrated } from "~/components/hydrated";
import { SYNC_BUTTON_COOLDOWN_MS, SYNC_MESSAGE_MS } from "~/domain/advertisement";
import {
  CONFIRM_INTENTS,
  confirmEnabled,
  confirmHref,
  PUBLISHING_TEXTS as T,
} from "~/domain/publishing-texts";

export function PublishingPanel(props: {
  id: number;
  publishing: Publishing;
  confirm: ConfirmIntent | null;
}) {
  const { id, publishing, confirm } = props;
  const detail = `/administrator/advertisements/${id}/detail`;
  const confirming = confirm && confirmEnabled(publishing, confirm);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {T.heading}
        </Title>
        {publishing.syncError ? (
          <Alert color="red" role="alert" p="xs">
            {T.syncErrorPrefix}
            {publishing.syncError}
          </Alert>
        ) : null}
        <Text size="sm">
          {T.postUrl}:{" "}
          {publishing.postUrl ? (
            <Anchor href={publishing.postUrl} target="_blank" rel="noopener noreferrer">
              {publishing.postUrl}
            </Anchor>
          ) : (
            "—"
          )}
        </Text>
        <Text size="sm">
          {T.synchronizedAt}: {publishing.synchronizedAt ?? "—"}
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/administrator/advertisements/${id}/report`}
            variant="default"
          >
            {T.report}
          </Button>
          <SyncButton action={detail} />
          {CONFIRM_INTENTS.map((intent) => (
            <ConfirmLink
              key={intent}
              label={T[intent].button}
              enabled={confirmEnabled(publishing, intent)}
              to={confirmHref(detail, intent)}
            />
          ))}
        </Group>
        {confirming ? (
          <Alert color="blue" role="region" aria-label={T[confirm].confirmTitle}>
            <Text fw={700} mb={4}>
              {T[confirm].confirmTitle}
            </Text>
            <Text size="sm" mb="sm">
              {T[confirm].consequence}
            </Text>
            <Form method="post" action={detail} aria-label={T[confirm].submit}>
              <Group>
                <Button type="submit" name="intent" value={confirm}>
                  {T[confirm].submit}
                </Button>
                <Button component={Link} to={detail} variant="default">
                  {T.cancel}
                </Button>
              </Group>
            </Form>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ConfirmLink(props: { label: string; enabled: boolean; to: string }) {
  return props.enabled ? (
    <Button component={Link} to={props.to} variant="outline" preventScrollReset>
      {props.label}
    </Button>
  ) : (
    <Button variant="outline" disabled>
      {props.label}
    </Button>
  );
}

type SyncAnswer = { intent: "sync"; ok: boolean };

/**
 * 同期: with JS a fetcher whose button rests 1 s after a click and whose success text stays 3 s
 * (none when `ok` is false: then the failure text stays until the next click). Without JS the same
 * form posts and the page comes back with a flash. `via=fetcher` is only sent once hydrated, which
 * is how the action tells the two apart.
 */
function SyncButton({ action }: { action: string }) {
  const fetcher = useFetcher<SyncAnswer>();
  const hydrated = useHydrated();
  const [resting, setResting] = useState(false);
  const [shown, setShown] = useState<"done" | "failed" | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      setShown("done");
      later(SYNC_MESSAGE_MS, () => setShown(null));
    } else {
      setShown("failed");
    }
  }, [answer]);

  return (
    <fetcher.Form
      method="post"
      action={action}
      onSubmit={() => {
        setShown(null);
        setResting(true);
        later(SYNC_BUTTON_COOLDOWN_MS, () => setResting(false));
      }}
    >
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <Group gap="xs">
        <Button type="submit" name="intent" value="sync" variant="outline" disabled={resting}>
          {T.sync.button}
        </Button>
        <span role="status">
          {shown === "done" ? (
            <Text span size="sm" c="green.9">
              {T.sync.done}
            </Text>
          ) : shown === "failed" ? (
            <Text span size="sm" c="red.9">
              {T.sync.failed}
            </Text>
          ) : null}
        </span>
      </Group>
    </fetcher.Form>
  );
}
