// The administrator's review of an ad (SPEC §2 Ad detail, §4): the common remand reasons an editor
// can tick, and how they join the typed note into the text the advertiser reads.

export const REMAND_REASONS = [
  "画像の解像度が不足しています",
  "表現に修正が必要な箇所があります",
  "店舗情報に不足があります",
  "掲載基準に合わない内容が含まれています",
] as const;
export type RemandReason = (typeof REMAND_REASONS)[number];

/** The longest note the editors may write with an action (the API's message body limit). */
export const REVIEW_NOTE_MAX = 2000;

/** The ticked reasons as a list, then the editor's own words: the remand message's body. */
export function remandNote(reasons: readonly string[], note: string | undefined): string {
  const lines = reasons.map((reason) => `・${reason}`);
  const text = note?.trim() ?? "";
  return [lines.join("\n"), text].filter(Boolean).join("\n\n");
}
