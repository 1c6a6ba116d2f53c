// The course form (SPEC §2 Course new and edit): input → confirm, shared by the new and edit
// screens. With JavaScript only the chosen period type's field shows; without it both show and
// the server ignores the other one.
import { useEffect, useState, type FormEvent } from "react";
import type { CourseForm as Values } from "~/.server/course-form";
import type { ConfirmFormData } from "~/.server/forms";
import {
  COURSE_DAYS_MAX,
  COURSE_MONTHS_MAX,
  COURSE_NAME_MAX,
  COURSE_NOTE_MAX,
  COURSE_PRICE_MAX,
  DAYS_HINT,
  MONTHS_HINT,
  PERIOD_TYPE_PLACEHOLDER,
  PERIOD_TYPES,
  coursePriceLabel,
  periodLabel,
  periodTypeLabels,
  type PeriodType,
} from "~/domain/course";
import { useConfirmForm } from "./ConfirmForm";
import { ConfirmFormCard } from "./ConfirmFormCard";
import { SelectField, TextField } from "./fields";
import { controlProps, type Field } from "./form-state";
import { useHydrated } from "./hydrated";

export const LABELS = {
  id: "管理ID",
  isActive: "有効(広告主が選択可能)",
  name: "コース名称",
  price: "価格(税抜)",
  note: "備考(割引%表示など)",
  periodType: "掲載期間タイプ",
  months: "掲載月数",
  days: "掲載日数",
} as const;

const periodTypeOptions = PERIOD_TYPES.map((value) => ({
  value,
  label: periodTypeLabels[value],
}));

const isPeriodType = (value: unknown): value is PeriodType =>
  typeof value === "string" && (PERIOD_TYPES as readonly string[]).includes(value);

function ActiveCheckbox({ field }: { field: Field }) {
  return (
    <div className="field">
      <label className="check">
        <input
          {...controlProps(field)}
          type="checkbox"
          value="on"
          defaultChecked={field.initialValue === "on"}
        />
        {LABELS.isActive}
      </label>
    </div>
  );
}

/** 掲載月数 or 掲載日数: a whole number from 1, shown only for its period type once hydrated. */
function PeriodCountField({
  field,
  label,
  shown,
  required,
  max,
  hint,
}: {
  field: Field;
  label: string;
  shown: boolean;
  required: boolean;
  max: number;
  hint: string;
}) {
  return (
    <div hidden={!shown}>
      <TextField
        field={field}
        label={label}
        type="number"
        required={required}
        min="1"
        max={String(max)}
        step="1"
        inputMode="numeric"
        description={hint}
      />
    </div>
  );
}

/** The confirm phase's rows: what will be saved, the period as the lists show it. */
function confirmRows(id: number | null, values: Record<string, string | undefined>) {
  const periodType = isPeriodType(values.periodType) ? values.periodType : null;
  const price = values.price === undefined ? undefined : Number(values.price);
  const count = (v: string | undefined) => (v === undefined ? null : Number(v));
  return [
    { label: LABELS.id, value: id === null ? "(新規)" : String(id) },
    { label: "有効", value: values.isActive === "on" ? "有効" : "無効" },
    { label: LABELS.name, value: values.name },
    {
      label: LABELS.price,
      value: price === undefined || Number.isNaN(price) ? undefined : coursePriceLabel(price),
    },
    { label: LABELS.note, value: values.note },
    { label: LABELS.periodType, value: periodType ? periodTypeLabels[periodType] : undefined },
    {
      label: periodType === "day" ? LABELS.days : LABELS.months,
      value: periodType
        ? periodLabel({ periodType, months: count(values.months), days: count(values.days) })
        : undefined,
    },
  ];
}

export function CourseFormPage({
  id,
  current,
  actionData,
}: {
  /** The course being edited, or null for a new one. */
  id: number | null;
  current?: Values;
  actionData: ConfirmFormData | undefined;
}) {
  const { phase, form, fields, values, hasFieldErrors } = useConfirmForm<Values>(
    actionData,
    current,
  );
  const hydrated = useHydrated();
  const initialType = fields.periodType.initialValue;
  const [periodType, setPeriodType] = useState(initialType ?? "");
  // A reply (修正, an error) brings the posted type back.
  useEffect(() => setPeriodType(initialType ?? ""), [initialType]);
  const onChange = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLSelectElement;
    if (target.name === fields.periodType.name) setPeriodType(target.value);
  };
  // Without JavaScript both fields show; with it only the chosen type's (SPEC §2).
  const showMonths = !hydrated || periodType === "month";
  const showDays = !hydrated || periodType === "day";
  const title = id === null ? "掲載コース登録" : "掲載コース修正";

  return (
    <ConfirmFormCard
      title={title}
      form={form}
      phase={phase}
      hasFieldErrors={hasFieldErrors}
      confirmIntro={`以下の内容で${id === null ? "登録" : "修正"}します。よろしければ「送信」を押してください。`}
      confirmRows={confirmRows(id, values)}
      back={{ to: "/administrator/courses", label: "コース一覧へ戻る" }}
    >
      <div className="field">
        <span className="field-label" id="course-id-label">
          {LABELS.id}
        </span>
        <p aria-labelledby="course-id-label" data-testid="course-id">
          {id === null ? "(新規)" : id}
        </p>
      </div>
      <ActiveCheckbox field={fields.isActive} />
      <TextField field={fields.name} label={LABELS.name} required maxLength={COURSE_NAME_MAX} />
      <TextField
        field={fields.price}
        label={LABELS.price}
        type="number"
        required
        min="0"
        max={String(COURSE_PRICE_MAX)}
        step="1"
        inputMode="numeric"
        description="税抜の金額を円で入力してください。"
      />
      <TextField field={fields.note} label={LABELS.note} maxLength={COURSE_NOTE_MAX} />
      <div className="stack" onChange={onChange}>
        <SelectField
          field={fields.periodType}
          label={LABELS.periodType}
          required
          options={periodTypeOptions}
          placeholder={PERIOD_TYPE_PLACEHOLDER}
          description={
            hydrated ? undefined : "選んだタイプの期間（掲載月数または掲載日数）だけが使われます。"
          }
        />
        <PeriodCountField
          field={fields.months}
          label={LABELS.months}
          shown={showMonths}
          required={hydrated && showMonths}
          max={COURSE_MONTHS_MAX}
          hint={MONTHS_HINT}
        />
        <PeriodCountField
          field={fields.days}
          label={LABELS.days}
          shown={showDays}
          required={hydrated && showDays}
          max={COURSE_DAYS_MAX}
          hint={DAYS_HINT}
        />
      </div>
    </ConfirmFormCard>
  );
}
