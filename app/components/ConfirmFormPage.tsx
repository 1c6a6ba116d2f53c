// The page of an input → confirm → submit form (title, steps, errors, sealed secrets, actions)
// and its confirm phase. A module of its own: the trial form uses the pattern's pieces
// (ConfirmForm.tsx) but not this page, and its JavaScript stays within the budget (ARCHITECTURE §8).
import { Form } from "react-router";
import type { ReactNode } from "react";
import { PhaseActions, SealedValues } from "./ConfirmForm";
import { FormErrors } from "./fields";
import { StepHeader } from "./StepHeader";
import { formProps, type FormState } from "./form-state";

/**
 * The title, the steps and the form of an input → confirm → submit page: its errors and sealed
 * secrets first, then `children` (what to confirm, the input phase), then 次へ / 修正 / 送信.
 */
export function ConfirmFormPage({
  title,
  state,
  banner,
  children,
}: {
  title: string;
  /** What useConfirmForm gave. */
  state: {
    form: FormState;
    phase: string;
    hasFieldErrors: boolean;
    sealed: Record<string, string>;
  };
  /** Shown in the form above its errors (a flash). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const { form, phase } = state;
  return (
    <>
      <h1 className="title-1">{title}</h1>
      <StepHeader steps={["入力", "確認", "完了"]} active={phase === "confirm" ? 1 : 0} />
      <Form method="post" {...formProps(form)} className="stack">
        {banner}
        <FormErrors errors={form.errors} hasFieldErrors={state.hasFieldErrors} />
        <SealedValues sealed={state.sealed} />
        {children}
        <PhaseActions phase={phase} />
      </Form>
    </>
  );
}

/** In the confirm phase only: the sentence that asks for 送信, and what it sends. */
export function ConfirmPhase({
  phase,
  intro,
  children,
}: {
  phase: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  if (phase !== "confirm") return null;
  return (
    <>
      <p>{intro}</p>
      {children}
    </>
  );
}
