// The top of the advertiser's ad detail (issue 30): why the ad was sent back with 修正する, and
// the short timeline 申込 → 審査 → 承認 → 入金 → 掲載 (steps from ~/domain/ad-timeline).
import { ButtonLink } from "~/components/ui";
import { stepStateLabels, type TimelineStep } from "~/domain/ad-timeline";
import type { RemandNotice } from "./remand.server";

export function StatusTimeline({ steps }: { steps: TimelineStep[] }) {
  // The one step the ad is at: the first that waits for someone.
  const at = steps.findIndex((s) => s.state === "current" || s.state === "attention");
  return (
    <ol className="status-timeline" aria-label="手続きの進み具合">
      {steps.map((s, index) => (
        <li
          key={s.label}
          className={`status-step status-step-${s.state}`}
          aria-current={index === at ? "step" : undefined}
        >
          <span className="status-step-label">{s.label}</span>
          <span className="status-step-state">{stepStateLabels[s.state]}</span>
          {s.note ? <span className="status-step-note">{s.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** 差し戻し: the editors' latest reasons where the page starts, and the way to fix the ad. */
export function RemandBox({ id, remand }: { id: number; remand: RemandNotice }) {
  return (
    <section aria-labelledby="remand-heading" className="alert alert-red stack tight remand-box">
      <h2 id="remand-heading" className="title-3" style={{ margin: 0 }}>
        原稿が差し戻されました
      </h2>
      {remand.reasons ? (
        <>
          <p style={{ margin: 0 }}>
            {remand.at
              ? `編集部からの差し戻しの理由（${remand.at}）:`
              : "編集部からの差し戻しの理由:"}
          </p>
          <p className="remand-reasons">{remand.reasons}</p>
        </>
      ) : (
        <p style={{ margin: 0 }}>理由は下のメッセージをご確認ください。</p>
      )}
      <p style={{ margin: 0 }}>原稿を修正して保存すると、もう一度審査されます。</p>
      <div>
        <ButtonLink to={`/advertiser/advertisements/${id}/edit`}>修正する</ButtonLink>
      </div>
    </section>
  );
}
