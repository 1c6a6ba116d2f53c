// Why an ad was sent back, for the top of its detail (issue 30): the editors' newest message on
// the ad (SPEC §7 message_boxes, newest first), preferring one whose subject says 差し戻し, with
// the reasons cut from the period line above them; else the ad's statusNote (SPEC §3).
import type { UpstreamClient } from "~/.server/upstream/client";
import { listMessages } from "~/.server/upstream/accounts";
import { formatDateTime } from "../../../shared/tokyo-calendar";

export type RemandNotice = {
  /** When the editors wrote it ("2026/11/22 09:30"); "" when it comes from the ad's note. */
  at: string;
  /** The reasons as the editors wrote them; "" when the upstream told none. */
  reasons: string;
};

/** How many of the newest messages are searched: a remand is the latest thing that happened. */
const SEARCHED = 10;
const REASONS_HEADING = /^差し戻しの理由[:：]\s*$/m;

/** The text after the 「差し戻しの理由:」 heading when there is one (our API), else the whole body. */
export function remandReasons(body: string): string {
  const heading = REASONS_HEADING.exec(body);
  return (heading ? body.slice(heading.index + heading[0].length) : body).trim();
}

type Message = { createdAt: string; sender: string; subject?: string | null; body?: string | null };

/** The newest editors' message about the remand, from a newest-first list of one ad's messages. */
export function latestRemandMessage(messages: readonly Message[]): Message | null {
  const editors = messages.filter((m) => m.sender !== "advertiser" && m.body?.trim());
  return editors.find((m) => m.subject?.includes("差し戻")) ?? editors[0] ?? null;
}

export async function loadRemandNotice(
  api: UpstreamClient,
  args: { clientId: number; postId: number; statusNote: string },
): Promise<RemandNotice> {
  const { member } = await listMessages(api, args.clientId, 1, SEARCHED, args.postId);
  const message = latestRemandMessage(member);
  if (message) {
    return { at: formatDateTime(message.createdAt), reasons: remandReasons(message.body ?? "") };
  }
  return { at: "", reasons: args.statusNote.trim() };
}
