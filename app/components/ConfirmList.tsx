// A read-only list of label/value pairs (confirm phases, summaries). Kept apart from the form
// hooks so pages that only show values do not load them.
import type { ReactNode } from "react";

/** The confirm phase's read-only list of what will be saved. */
export function ConfirmList({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="confirm-list">
      {rows.map((row) => (
        <div key={row.label} className="confirm-row">
          <dt>{row.label}</dt>
          <dd>{row.value || <span className="dimmed">（未入力）</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
