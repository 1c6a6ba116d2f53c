// The texts of the account and message mails. They never contain a password (except the trial's
// generated temporary one, ADR 0012), and no mail starts with text a user typed (ARCHITECTURE §6):
// the subject and the first line of the body are ours; names, addresses and messages come after,
// each kept on its own line.
import { slashDate } from "../../shared/calendar-days";
import { formatDateTime } from "../../shared/tokyo-calendar";
import { formatAdvertiserId } from "../../shared/ids";
import { formatCtr } from "../../shared/report";
import { clickThroughRate } from "../../shared/report";
import type { TransferInstructions } from "../../shared/wire";
import type { Mail } from "../adapters/mail";
import { SLIP_STORE_LABELS, type PaymentSlip } from "../adapters/payment";
import { formatYen } from "./pricing";

const SITE_NAME = "お店News";
/** Written when PUBLIC_ORIGIN is not configured (e.g. `npm run api` on its own). */
export const LOGIN_URL_PLACEHOLDER = "{loginUrl}";
/** The first line of every mail: who writes, before anything a user typed. */
export const MAIL_OPENING = `${SITE_NAME} 広告管理からのお知らせです。`;

const subject = (text: string) => `【${SITE_NAME}】${text}`;
const footer = ["", "※このメールは送信専用アドレスから送信しています。", `${SITE_NAME} 編集部`];
const lines = (...parts: string[]) => [MAIL_OPENING, "", ...parts, ...footer].join("\n");
const loginLine = (loginUrl: string | null) =>
  `ログインページ: ${loginUrl ?? LOGIN_URL_PLACEHOLDER}`;

/** An amount in yen, tax included, as every mail writes it. */
const yen = (amount: number) => `${formatYen(amount)}（税込）`;

/**
 * A value a user typed, as one line: line breaks and other control characters become spaces,
 * so a company name cannot start lines of its own that read as ours.
 */
const typed = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();

/** What a new registration typed, after the line on what to do if it was not asked for. */
const registrationLines = (input: { to: string; companyName: string; personInCharge: string }) => [
  "お心当たりがない場合は、このメールを破棄し、編集部までご連絡ください。",
  "",
  "ご登録の内容:",
  `会社名: ${typed(input.companyName)}`,
  `ご担当者: ${typed(input.personInCharge)} 様`,
  `ログインID（メールアドレス）: ${typed(input.to)}`,
];

/**
 * Sent to the address of a new registration. Anyone may register any address, so the mail says
 * first who sends it and what to do if it was not asked for, and only then what was typed.
 */
export function welcomeMail(input: {
  to: string;
  companyName: string;
  personInCharge: string;
  loginUrl: string | null;
}): Mail {
  return {
    to: input.to,
    subject: subject("広告主登録が完了しました"),
    body: lines(
      `${SITE_NAME} 広告管理への広告主登録が完了しました。`,
      ...registrationLines(input),
      "",
      "ご登録のメールアドレスと、登録時に設定したパスワードでログインしてください。",
      loginLine(input.loginUrl),
    ),
  };
}

/**
 * Sent once to the address of a trial submission (ADR 0012): the only place the temporary
 * password exists in clear. As with the welcome mail, who sends it and what to do if it was not
 * asked for come first; the first login forces a new password.
 */
export function trialWelcomeMail(input: {
  to: string;
  companyName: string;
  personInCharge: string;
  temporaryPassword: string;
  loginUrl: string | null;
}): Mail {
  return {
    to: input.to,
    subject: subject("お申込みを受け付けました（仮パスワードのお知らせ）"),
    body: lines(
      `${SITE_NAME} 提案原稿入稿フォームからのお申込みを受け付け、広告主登録が完了しました。`,
      ...registrationLines(input),
      `仮パスワード: ${input.temporaryPassword}`,
      "",
      "初回ログイン時に、新しいパスワードの設定をお願いします。",
      loginLine(input.loginUrl),
    ),
  };
}

/** One mail to the new address and one to the old, so a hijacked account is noticed. */
export function emailChangedMails(input: {
  oldEmail: string;
  newEmail: string;
  loginUrl: string | null;
}): Mail[] {
  const text = lines(
    "ログイン用のメールアドレスが変更されました。",
    "",
    `変更前: ${typed(input.oldEmail)}`,
    `変更後: ${typed(input.newEmail)}`,
    "",
    "今後は変更後のメールアドレスでログインしてください。",
    "お心当たりがない場合は、至急編集部までご連絡ください。",
    "",
    loginLine(input.loginUrl),
  );
  return [input.newEmail, input.oldEmail].map((to) => ({
    to,
    subject: subject("メールアドレスが変更されました"),
    body: text,
  }));
}

export function passwordChangedMail(input: { to: string; loginUrl: string | null }): Mail {
  return {
    to: input.to,
    subject: subject("パスワードが変更されました"),
    body: lines(
      "ログインパスワードが変更されました。",
      "お心当たりがない場合は、至急編集部までご連絡ください。",
      "",
      loginLine(input.loginUrl),
    ),
  };
}

/**
 * The self-service reset link (requested on the login page). Anyone may ask for any address, so
 * the mail says first what to do if it was not asked for; the link works once, for a short time.
 */
export function passwordResetLinkMail(input: {
  to: string;
  resetUrl: string | null;
  validMinutes: number;
}): Mail {
  return {
    to: input.to,
    subject: subject("パスワード再設定のご案内"),
    body: lines(
      "パスワード再設定のお申込みを受け付けました。",
      "お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。",
      "",
      `次のページで新しいパスワードを設定してください（${input.validMinutes}分間、1回だけ有効です）。`,
      `パスワード再設定ページ: ${input.resetUrl ?? LOGIN_URL_PLACEHOLDER}`,
      "",
      "有効期限が過ぎた場合は、ログインページの「パスワードをお忘れの方はこちら」からもう一度お申込みください。",
    ),
  };
}

export function passwordResetMail(input: { to: string; loginUrl: string | null }): Mail {
  return {
    to: input.to,
    subject: subject("パスワードがリセットされました"),
    body: lines(
      "管理者によりログインパスワードがリセットされ、仮パスワードが設定されました。",
      "仮パスワードは担当者からお知らせします。",
      "仮パスワードでログインした後、新しいパスワードを設定してください。",
      "",
      loginLine(input.loginUrl),
    ),
  };
}

/**
 * Tells the editorial staff that an advertiser wrote to the message box. The subject names the ad
 * by its id only; the advertiser's words (and the ad's title) are in the body, after our lines.
 */
export function inquiryMail(input: {
  to: string;
  clientId: number;
  companyName: string;
  personInCharge: string;
  email: string;
  body: string;
  advertisement: { formattedAdvertisementId: string; title: string } | null;
}): Mail {
  const ad = input.advertisement;
  return {
    to: input.to,
    subject: subject(
      ad
        ? `広告主からのお問い合わせ（申込ID ${ad.formattedAdvertisementId}）`
        : "広告主からのお問い合わせ",
    ),
    body: [
      MAIL_OPENING,
      "広告主からメッセージが届きました。",
      "",
      `広告主: ${typed(input.companyName)}（ID ${formatAdvertiserId(input.clientId)}）`,
      `担当者: ${typed(input.personInCharge)}`,
      `メールアドレス: ${typed(input.email)}`,
      ...(ad ? [`対象の広告: ${typed(ad.title)}（申込ID ${ad.formattedAdvertisementId}）`] : []),
      "",
      "メッセージ:",
      input.body,
    ].join("\n"),
  };
}

/** The ad a review mail is about: named by its id in the subject, its title after our lines. */
export interface ReviewedAd {
  formattedAdvertisementId: string;
  title: string;
}

const adLines = (ad: ReviewedAd) => [
  `申込ID: ${ad.formattedAdvertisementId}`,
  `広告タイトル: ${typed(ad.title)}`,
];

/** The editors' note, last, under a heading of ours; nothing when there is none. */
const noteLines = (heading: string, note: string | null) => (note ? ["", `${heading}:`, note] : []);

/**
 * A mail about one ad: the subject names it by its id; the body is our opening, the ad's lines,
 * the details of this mail (each kept on its own line) and the login link.
 */
function adMail(
  input: { to: string; ad: ReviewedAd; loginUrl: string | null },
  subjectText: string,
  opening: string[],
  details: string[],
): Mail {
  return {
    to: input.to,
    subject: subject(`${subjectText}（申込ID ${input.ad.formattedAdvertisementId}）`),
    body: lines(...opening, "", ...adLines(input.ad), ...details, "", loginLine(input.loginUrl)),
  };
}

/** A review mail that states the ad's period, with the editors' optional comment. */
interface ReviewedPeriodMailInput {
  to: string;
  ad: ReviewedAd;
  /** "掲載期間: 2025/06/17〜2025/07/17" */
  period: string;
  note: string | null;
  loginUrl: string | null;
}

/** The editors approved the ad; it is published for the period given. */
export function approvedMail(input: ReviewedPeriodMailInput): Mail {
  return adMail(
    input,
    "原稿を承認しました",
    ["お申し込みの広告の原稿を承認しました。"],
    [input.period, ...noteLines("編集部からのコメント", input.note)],
  );
}

/** The editors sent the ad back; the reasons they typed come after our lines. */
export function remandedMail(input: {
  to: string;
  ad: ReviewedAd;
  reasons: string;
  loginUrl: string | null;
}): Mail {
  return adMail(
    input,
    "原稿が差し戻されました",
    [
      "お申し込みの広告の原稿が差し戻されました。",
      "差し戻しの理由をご確認のうえ、原稿を修正して再度お申し込みください。",
    ],
    noteLines("差し戻しの理由", input.reasons),
  );
}

/** The editors moved the start date; the end moved with it. */
export function startDateChangedMail(input: ReviewedPeriodMailInput): Mail {
  return adMail(
    input,
    "掲載開始日が変更されました",
    ["お申し込みの広告の掲載開始日が変更されました。"],
    [`変更後の${input.period}`, ...noteLines("編集部からのコメント", input.note)],
  );
}

/** A message from the editors about an ad (it is also in the message box). */
export function editorsMessageMail(input: {
  to: string;
  ad: ReviewedAd;
  note: string;
  loginUrl: string | null;
}): Mail {
  return adMail(
    input,
    "編集部からのメッセージ",
    [
      "編集部から広告についてのメッセージが届きました。",
      "管理画面のメッセージボックスでもご確認いただけます。",
    ],
    noteLines("メッセージ", input.note),
  );
}

/** The lines of the transfer instructions, shared by the mail and the system message. */
export function transferLines(t: TransferInstructions): string[] {
  return [
    "お振込先:",
    `${t.bankName} ${t.branchName}`,
    `${t.accountType} ${t.accountNumber}`,
    `口座名義: ${t.accountHolder}`,
    `お振込金額: ${yen(t.amount)}`,
    `お振込期限: ${slashDate(t.dueDate)}`,
  ];
}

/** The advertiser chose bank transfer: where to, how much and by when. */
export function bankTransferMail(input: {
  to: string;
  ad: ReviewedAd;
  transfer: TransferInstructions;
  loginUrl: string | null;
}): Mail {
  return adMail(
    input,
    "お振込先のご案内",
    [
      "お支払い方法として銀行振込を承りました。下記の口座へお振込みください。",
      "振込手数料はお客様のご負担となります。",
    ],
    ["", ...transferLines(input.transfer)],
  );
}

/** The editors recorded the payment. */
/** The payment's lines (all ours), shared by the mail and the system message. */
export const paymentLines = (amount: number, paidDate: string) => [
  `ご入金額: ${yen(amount)}`,
  `入金日: ${slashDate(paidDate)}`,
];

export function paymentReceivedMail(input: {
  to: string;
  ad: ReviewedAd;
  /** Yen, tax included. */
  amount: number;
  /** YYYY-MM-DD (Tokyo). */
  paidDate: string;
  loginUrl: string | null;
}): Mail {
  return adMail(
    input,
    "入金を確認しました",
    ["お申し込みの広告のご入金を確認しました。ありがとうございました。"],
    paymentLines(input.amount, input.paidDate),
  );
}

/** Why money the provider took must go back (issue 28 #5), as the editors read it. */
export const REFUND_REASON_LABELS = {
  already_paid: "お支払い済みの申込への重複入金",
  remanded: "差し戻し中の申込への入金",
  deleted: "削除済みの広告への入金",
} as const;
export type RefundReason = keyof typeof REFUND_REASON_LABELS;

/** To the editors: a payment arrived that must be refunded; nothing was booked as a sale. */
export function refundNeededMail(input: {
  to: string;
  ad: ReviewedAd;
  reason: RefundReason;
  /** Yen, tax included. */
  amount: number;
  /** YYYY-MM-DD (Tokyo). */
  paidDate: string;
  providerOrderId: string;
  loginUrl: string | null;
}): Mail {
  return adMail(
    input,
    "【要返金】入金の返金が必要です",
    [
      "決済サービスから、返金が必要な入金の通知がありました。売上には計上していません。",
      "広告主への返金をお手続きください。",
    ],
    [
      `理由: ${REFUND_REASON_LABELS[input.reason]}`,
      `入金額: ${yen(input.amount)}`,
      `入金日: ${slashDate(input.paidDate)}`,
      `決済の取引ID: ${input.providerOrderId}`,
    ],
  );
}

/** The lines of a store / Pay-easy slip, shared by the mail and the system message (all ours). */
export function slipLines(slip: PaymentSlip): string[] {
  return [
    `お支払い先: ${SLIP_STORE_LABELS[slip.store]}`,
    `受付番号: ${slip.receiptNumber}`,
    ...(slip.confirmationNumber ? [`確認番号: ${slip.confirmationNumber}`] : []),
    ...(slip.collectorNumber ? [`収納機関番号: ${slip.collectorNumber}`] : []),
    `金額: ${yen(slip.amount)}`,
    `期限: ${formatDateTime(slip.expiresAt)}`,
  ];
}

/** A convenience store / Pay-easy slip was issued: what to pay where, and by when. */
export function paymentSlipMail(input: {
  to: string;
  ad: ReviewedAd;
  slip: PaymentSlip;
  loginUrl: string | null;
}): Mail {
  return adMail(
    input,
    "お支払い番号のご案内",
    ["お支払い番号を発行しました。期限までに下記の方法でお支払いください。"],
    [
      "",
      ...slipLines(input.slip),
      ...(input.slip.slipUrl ? [`払込票: ${input.slip.slipUrl}`] : []),
    ],
  );
}

/** The period's figures summed from daily_reports, for the end-of-publication mail. */
export interface PeriodFigures {
  imp: number;
  clk: number;
  pv: number;
  /** Clicks on links 1–3 together. */
  linkClicks: number;
}

/** The figures as lines (all ours): CTR as the report shows it (at most 100 %, "--" without imp). */
export function figureLines(f: PeriodFigures): string[] {
  const n = (value: number) => value.toLocaleString("ja-JP");
  const ctr = formatCtr(clickThroughRate(f.clk, f.imp));
  return [
    `表示回数: ${n(f.imp)}`,
    `クリック数: ${n(f.clk)}`,
    `クリック率: ${ctr}`,
    `ページビュー: ${n(f.pv)}`,
    `リンククリック数: ${n(f.linkClicks)}`,
  ];
}

/** The publication lifecycle's texts (ADR 0010), shared by the mails and the system messages. */
export const LIFECYCLE_SUBJECTS = {
  started: "掲載を開始しました",
  endingSoon: "掲載終了の7日前になりました",
  ended: "掲載が終了しました",
  suspended: "掲載を停止しました",
  resumed: "掲載を再開しました",
} as const;

interface PublicationMailInput {
  to: string;
  ad: ReviewedAd;
  period: string;
  loginUrl: string | null;
}

/** A lifecycle mail: its subject with the application id, the opening, the ad and its period. */
const publicationMail = (
  input: PublicationMailInput,
  subjectText: string,
  opening: string[],
  closing: string[] = [],
): Mail => adMail(input, subjectText, opening, [input.period, ...closing]);

export const publicationStartedMail = (input: PublicationMailInput): Mail =>
  publicationMail(input, LIFECYCLE_SUBJECTS.started, ["お申し込みの広告の掲載を開始しました。"]);

export const publicationEndingSoonMail = (input: PublicationMailInput): Mail =>
  publicationMail(input, LIFECYCLE_SUBJECTS.endingSoon, [
    "お申し込みの広告の掲載終了まで7日となりました。",
    "掲載の延長をご希望の場合は、管理画面から広告をコピーしてお申し込みください。",
  ]);

export const publicationEndedMail = (
  input: PublicationMailInput & { figures: PeriodFigures },
): Mail =>
  publicationMail(
    input,
    LIFECYCLE_SUBJECTS.ended,
    ["お申し込みの広告の掲載期間が終了しました。ご利用ありがとうございました。"],
    ["", "掲載期間中の実績:", ...figureLines(input.figures)],
  );
