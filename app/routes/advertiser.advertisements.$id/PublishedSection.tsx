// The published section of the advertiser's ad detail (SPEC §2): the public URL, the report link,
// and 掲載停止 / 掲載再開 enabled exactly per SPEC §4. Each opens a confirmation through a plain link
// (`?confirm=…`, so it works without JavaScript) whose form posts the intent to the route action.
import { Form } from "react-router";
import type { ConfirmIntent, Publishing } from "~/.server/publishing-actions";
import { Button, ButtonLink } from "~/components/ui";
import {
  CONFIRM_INTENTS,
  confirmEnabled,
  confirmHref,
  PUBLISHING_TEXTS as T,
} from "~/domain/publishing-texts";

export function PublishedSection(props: {
  id: number;
  publishing: Publishing;
  confirm: ConfirmIntent | null;
}) {
  const { id, publishing, confirm } = props;
  const detail = `/advertiser/advertisements/${id}`;
  return (
    <section aria-labelledby="published-heading" className="stack tight" style={{ marginTop: 12 }}>
      <h2 id="published-heading" className="title-2">
        {T.heading}
      </h2>
      {publishing.postUrl ? (
        <p>
          {T.postUrl}:{" "}
          <a href={publishing.postUrl} target="_blank" rel="noopener noreferrer">
            {publishing.postUrl}
          </a>
        </p>
      ) : (
        <p className="small dimmed">{T.notSynced}</p>
      )}
      <div className="group">
        <ButtonLink to={`${detail}/report`} variant="default">
          {T.report}
        </ButtonLink>
        {CONFIRM_INTENTS.map((intent) => (
          <ActionButton
            key={intent}
            label={T[intent].button}
            enabled={confirmEnabled(publishing, intent)}
            href={confirmHref(detail, intent)}
          />
        ))}
      </div>
      {confirm && confirmEnabled(publishing, confirm) ? (
        <ConfirmBox intent={confirm} cancelHref={detail} />
      ) : null}
    </section>
  );
}

/** Enabled: a link to the confirmation. Disabled: a real disabled button, announced as such. */
function ActionButton(props: { label: string; enabled: boolean; href: string }) {
  return props.enabled ? (
    <ButtonLink to={props.href} variant="light">
      {props.label}
    </ButtonLink>
  ) : (
    <Button variant="light" disabled>
      {props.label}
    </Button>
  );
}

function ConfirmBox({ intent, cancelHref }: { intent: ConfirmIntent; cancelHref: string }) {
  const texts = T[intent];
  return (
    <div
      role="region"
      aria-labelledby="publishing-confirm-title"
      className="alert alert-blue stack tight"
    >
      <h3 id="publishing-confirm-title" className="title-3">
        {texts.confirmTitle}
      </h3>
      <p>{texts.consequence}</p>
      <Form method="post" action={cancelHref} className="group" aria-label={texts.confirmTitle}>
        <Button type="submit" name="intent" value={intent}>
          {texts.submit}
        </Button>
        <ButtonLink to={cancelHref} variant="default">
          {T.cancel}
        </ButtonLink>
      </Form>
    </div>
  );
}
