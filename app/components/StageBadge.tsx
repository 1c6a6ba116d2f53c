// The advertiser's 配信状況 badge (~/domain/advertiser-stage.ts) on My Page and the ad detail: the
// words carry the meaning, the colour only repeats it.
import type { StageTone } from "~/domain/advertiser-stage";

export function StageBadge({ label, tone }: { label: string; tone: StageTone }) {
  return <span className={`stage-badge stage-badge-${tone}`}>{label}</span>;
}
