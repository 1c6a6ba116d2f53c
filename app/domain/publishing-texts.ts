// The words of the publishing actions on both ad details (SPEC §2 published section, §6), shared
// by the screens, their server modules and the tests that read them.
export type PublishingIntent = "suspend" | "resume" | "sync";

export const PUBLISHING_TEXTS = {
  heading: "掲載",
  postUrl: "掲載URL",
  report: "レポートを見る",
  cancel: "キャンセル",
  suspend: {
    button: "掲載停止",
    confirmTitle: "掲載を停止しますか？",
    consequence:
      "停止すると、ニュースサイトからこの広告がすぐに表示されなくなります。掲載期間は変わらず、延長もされません。掲載期間中であれば「掲載再開」でいつでも戻せます。",
    submit: "掲載を停止する",
    done: "掲載を停止しました。",
    refused: "この広告は現在、掲載を停止できません。",
  },
  resume: {
    button: "掲載再開",
    confirmTitle: "掲載を再開しますか？",
    consequence:
      "再開すると、掲載期間内であればニュースサイトにこの広告がふたたび表示されます。掲載期間は変わりません。",
    submit: "掲載を再開する",
    done: "掲載を再開しました。",
    refused: "この広告は現在、掲載を再開できません。",
  },
  sync: {
    button: "同期",
    done: "同期しました。",
    failed: "同期できませんでした。時間をおいてもう一度お試しください。",
  },
  synchronizedAt: "最終同期",
  syncErrorPrefix: "同期に失敗しました: ",
  notSynced: "まだニュースサイトに掲載されていません。",
} as const;

/** The actions behind a confirmation, in the order their buttons show. */
export const CONFIRM_INTENTS = ["suspend", "resume"] as const;
type ConfirmIntent = (typeof CONFIRM_INTENTS)[number];

/** The detail to come back to after an action, with its confirmation open when asked. */
export const confirmHref = (detail: string, intent: ConfirmIntent) => `${detail}?confirm=${intent}`;

/** Whether the action is enabled now (SPEC §4): its button and its confirmation follow it. */
export const confirmEnabled = (
  publishing: { suspendEnabled: boolean; resumeEnabled: boolean },
  intent: ConfirmIntent,
) => (intent === "suspend" ? publishing.suspendEnabled : publishing.resumeEnabled);
