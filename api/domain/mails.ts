// The texts of the account and message mails. They never contain a password, and no mail starts
// with text a user typed (ARCHITECTURE §6): the subject and the first line of the body are ours;
// names, addresses and messages come after, each kept on its own line.
import { formatAdvertiserId } from "../../app/domain/ids";
import type { Mail } from "../adapters/mail";

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

/**
 * A value a user typed, as one line: line breaks and other control characters become spaces,
 * so a company name cannot start lines of its own that read as ours.
 */
const typed = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();

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
      "お心当たりがない場合は、このメールを破棄し、編集部までご連絡ください。",
      "",
      "ご登録の内容:",
      `会社名: ${typed(input.companyName)}`,
      `ご担当者: ${typed(input.personInCharge)} 様`,
      `ログインID（メールアドレス）: ${typed(input.to)}`,
      "",
      "ご登録のメールアドレスと、登録時に設定したパスワードでログインしてください。",
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
