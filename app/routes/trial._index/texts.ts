// TrialIndex's texts (SPEC §2 Trial form) and field names, shared by the screen, its server half
// and the tests.

/** The honeypot (ADR 0012): people never see it, so whatever fills it is a bot. */
export const HONEYPOT_FIELD = "fax";

export const TRIAL_TEXTS = {
  title: "号外NET お店News 提案原稿入稿フォーム",
  intro:
    "掲載を希望する広告の原稿と、広告主としての登録情報を入力してください。内容を確認のうえ「申込み」を押すと、お申し込みが完了します。",
  adSection: "広告内容",
  orderSection: "掲載申込",
  entrySection: "登録情報",
  email: "ログイン用メールアドレス",
  companyNameNote: "掲載広告には別名称を使用できます。",
  area: "掲載エリア",
  course: "掲載コース",
  publishesAt: "掲載開始希望日",
  confirmLead: "以下の内容で申し込みます。よろしければ「申込み」を押してください。",
  slotsHeading: "画像と本文",
  unset: "※確認フィールド未設定",
  sitePreview: "広告ページをプレビューする",
  submit: "申込み",
  notes: [
    "「申込み」ボタンを押すまで、お申し込みは完了しません。",
    "お申し込みの処理には時間がかかる場合があります。完了の画面が表示されるまで、ページを更新（再読み込み）しないでください。",
    "ログイン用のパスワードは、お申し込み後にお送りする確認メールに記載しています。",
  ],
} as const;
