// What each property the upstream can report a violation on is called on the portal's screens: a
// violation no field of the form shows goes to the form's banner under this name, never bare.

const numbered = (count: number, name: (n: number) => [string, string][]) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => name(i + 1)).flat());

/**
 * Keyed by the last segment of the upstream's propertyPath (`advertisement.link1Url` →
 * `link1Url`), in the words of the form that shows the field. Where two forms name one property
 * differently (`name`: エリア名, コース名), the form passes its own label (violationErrors).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // The ad (posts, the trial's advertisement.*).
  title: "タイトル",
  ...numbered(5, (n) => [
    [`image${n}`, `画像${n}`],
    [`body${n}`, `本文${n}`],
  ]),
  eyeCatch: "アイキャッチ画像",
  eyecatchIndex: "アイキャッチ画像",
  ...numbered(3, (n) => [
    [`link${n}Title`, `リンク${n} 表示名`],
    [`link${n}Url`, `リンク${n} URL`],
  ]),
  storeName: "店名",
  storeAddress: "住所",
  storeTel: "掲載用電話番号",
  businessHours: "営業時間",
  mapParameters: "地図の表示場所",
  homepage: "ホームページ",
  owner: "広告主",
  priority: "優先度",
  statusNote: "編集部メモ",
  file: "画像ファイル",
  previewToken: "プレビュー",
  // The account (registration, the trial's advertiserEntry.*, profile, login changes).
  email: "メールアドレス",
  newEmail: "新しいメールアドレス",
  oldPassword: "現在のパスワード",
  newPassword: "パスワード",
  newPasswordConfirm: "パスワード（確認）",
  companyName: "会社名・店舗名",
  personInCharge: "担当者名",
  tel: "電話番号",
  zipCode: "郵便番号",
  prefecture: "都道府県",
  city: "市区町村",
  address: "番地・建物名",
  client: "広告主",
  // The order, its review and its payment.
  advertisement: "広告",
  region: "地域",
  locality: "エリア",
  course: "掲載コース",
  publishesAt: "掲載開始日",
  paymentType: "お支払い方法",
  paymentMethod: "支払方法",
  paymentNote: "メモ",
  paidAt: "入金日",
  isPaid: "入金の状態",
  note: "メッセージ",
  card: "お支払い方法",
  cardHolderEmail: "カード名義人のメールアドレス",
  cardHolderHomePhoneNumber: "カード名義人の電話番号",
  returnUrl: "お支払い後の戻り先",
  // Messages to the editors.
  subject: "件名",
  body: "お問い合わせ内容",
  // Areas and courses (administrators).
  name: "名称",
  isActive: "状態",
  price: "料金",
  periodType: "期間の単位",
  months: "月数",
  days: "日数",
  blogUrl: "ニュースサイトURL",
  wpRestUrl: "WordPress REST API URL",
  wpRestUser: "WordPress ユーザー名",
  wpRestPassword: "WordPress アプリケーションパスワード",
  gaAccount: "GA アカウント",
  gaProperty: "GA プロパティ",
  gaProfile: "GA ビュー（プロファイル）",
};

/**
 * The states the upstream refuses an action for (「この申込はお支払い済みです。」): not fields
 * anyone fills in, and their messages are whole sentences, shown as they are.
 */
export const STATE_PROPERTIES: ReadonlySet<string> = new Set([
  "paymentStatus",
  "publishmentStatus",
]);

/** The label of an upstream property path, or null when the portal has no name for it. */
export function fieldLabel(
  propertyPath: string,
  labels: Readonly<Record<string, string>> = {},
): string | null {
  const last = propertyPath.split(".").at(-1) ?? "";
  return labels[propertyPath] ?? labels[last] ?? FIELD_LABELS[last] ?? null;
}

/**
 * A violation placed in the banner: 「リンク1 URL：入力してください。」. A path the portal has no
 * name for is still shown as the upstream spells it, so the user can quote it to support; a
 * violation of the whole request (empty path) or a refusing state is a sentence of its own.
 */
export function bannerMessage(
  propertyPath: string,
  message: string,
  labels?: Readonly<Record<string, string>>,
): string {
  if (propertyPath === "" || STATE_PROPERTIES.has(propertyPath)) return message;
  const label = fieldLabel(propertyPath, labels) ?? `項目「${propertyPath}」`;
  return `${label}：${message}`;
}
