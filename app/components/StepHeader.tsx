// The step-wizard header of multi-phase forms (e.g. 広告編集 → 広告編集確認 → 広告編集完了).
export function StepHeader({ steps, active }: { steps: readonly string[]; active: number }) {
  return (
    <ol className="step-header" aria-label="手順">
      {steps.map((step, index) => (
        <li
          key={step}
          className={index === active ? "step current" : index < active ? "step done" : "step"}
          aria-current={index === active ? "step" : undefined}
        >
          <span className="step-number">{index + 1}</span>
          {step}
        </li>
      ))}
    </ol>
  );
}
