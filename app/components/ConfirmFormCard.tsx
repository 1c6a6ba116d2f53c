// A confirm form alone on its card, for the administrator's master screens (areas, courses). Its
// own module so the advertiser routes, which share ConfirmForm.tsx, do not load it (ARCHITECTURE §8).
import type { ReactNode } from "react";
import { InputPhase } from "./ConfirmForm";
import { ConfirmFormPage, ConfirmPhase } from "./ConfirmFormPage";
import { ConfirmList } from "./ConfirmList";
import type { FormState } from "./form-state";
import { ButtonLink, Card } from "./ui";

/**
 * A confirm form alone on its card (the administrator's master screens): the title and steps, the
 * form with its errors, the rows to confirm, the input fields, 次へ / 修正 / 送信, and the link back
 * to the list.
 */
export function ConfirmFormCard({
  title,
  form,
  phase,
  hasFieldErrors,
  sealed,
  confirmIntro,
  confirmRows,
  back,
  children,
}: {
  title: string;
  form: FormState;
  phase: string;
  hasFieldErrors: boolean;
  /** The sealed secrets, carried in every phase. */
  sealed?: Record<string, string>;
  /** The sentence above the rows in the confirm phase. */
  confirmIntro: ReactNode;
  confirmRows: { label: string; value: ReactNode }[];
  back: { to: string; label: string; className?: string };
  /** The input phase's fields. */
  children: ReactNode;
}) {
  return (
    <Card>
      <ConfirmFormPage title={title} state={{ form, phase, hasFieldErrors, sealed: sealed ?? {} }}>
        <ConfirmPhase phase={phase} intro={confirmIntro}>
          <ConfirmList rows={confirmRows} />
        </ConfirmPhase>
        <InputPhase phase={phase}>{children}</InputPhase>
      </ConfirmFormPage>
      <div className={back.className ? `group ${back.className}` : "group"}>
        <ButtonLink to={back.to} variant="default">
          {back.label}
        </ButtonLink>
      </div>
    </Card>
  );
}
