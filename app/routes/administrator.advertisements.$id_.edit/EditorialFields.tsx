// The fields only editors set on an ad, as inputs and as the confirm phase reads them.
import type { Field } from "~/components/form-state";
import { ConfirmList } from "~/components/ConfirmList";
import { TextField, TextareaField } from "~/components/fields";
import { PRIORITY_MAX, PRIORITY_MIN, STATUS_NOTE_MAX } from "~/domain/limits";

const HEADING = "編集部の設定";
const PRIORITY = "優先度";
const STATUS_NOTE = "編集部メモ";

export function EditorialFields({ fields }: { fields: Record<string, Field> }) {
  return (
    <section className="stack">
      <h2 className="title-2">{HEADING}</h2>
      <TextField
        field={fields.priority!}
        label={PRIORITY}
        type="number"
        required
        min={String(PRIORITY_MIN)}
        max={String(PRIORITY_MAX)}
        step="1"
        inputMode="numeric"
        description={`小さいほど一覧の上に表示されます（${PRIORITY_MIN}〜${PRIORITY_MAX}）。`}
      />
      <TextareaField
        field={fields.statusNote!}
        label={STATUS_NOTE}
        rows={4}
        maxLength={STATUS_NOTE_MAX}
        description={`広告主の広告詳細に「編集部より」として表示されます（${STATUS_NOTE_MAX}文字以内）。空欄にすると表示されません。`}
      />
    </section>
  );
}

export function EditorialConfirm({ values }: { values: Record<string, string | undefined> }) {
  return (
    <section className="stack">
      <h2 className="title-2">{HEADING}</h2>
      <ConfirmList
        rows={[
          { label: PRIORITY, value: values.priority },
          { label: `${STATUS_NOTE}（広告主に「編集部より」として表示）`, value: values.statusNote },
        ]}
      />
    </section>
  );
}
