// The texts of the account and message mails. They never contain a password.
import { formatAdvertiserId } from "../../app/domain/ids";
import type { Mail } from "../adapters/mail";

const SITE_NAME = "お店News";
/** Written when PUBLIC_ORIGIN is not configured (e.g. `npm run api` on its own). */
export const LOGIN_URL_PLACEHOLDER = "{loginUrl}";

const subject = (text: string) => `【${SITE_NAME}】${text}`;
const footer = ["", "※このメールは送信専用アドレスから送信しています。", `${SITE_NAME} 編集部`];
const lines = (...parts: string[]) => [...parts, ...footer].join("\n");
const loginLine = (loginUrl: string | null) =>
  `ログインページ: ${loginUrl ?? LOGIN_URL_PLACEHOLDER}`;

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
      `${input.companyName}`,
      `${input.personInCharge} 様`,
      "",
      `${SITE_NAME} 広告管理への広告主登録が完了しました。`,
      "ご登録のメールアドレスと、登録時に設定したパスワードでログインしてください。",
      "",
      loginLine(input.loginUrl),
      `ログインID（メールアドレス）: ${input.to}`,
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
    `変更前: ${input.oldEmail}`,
    `変更後: ${input.newEmail}`,
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

/** Tells the editorial staff that an advertiser wrote to the message box. */
export function inquiryMail(input: {
  to: string;
  clientId: number;
  companyName: string;
  personInCharge: string;
  email: string;
  subject: string;
  body: string;
  advertisement: { formattedAdvertisementId: string; title: string } | null;
}): Mail {
  const ad = input.advertisement;
  return {
    to: input.to,
    subject: subject(`広告主からのお問い合わせ: ${input.subject}`),
    body: [
      "広告主からメッセージが届きました。",
      "",
      `広告主: ${input.companyName}（ID ${formatAdvertiserId(input.clientId)}）`,
      `担当者: ${input.personInCharge}`,
      `メールアドレス: ${input.email}`,
      ...(ad ? [`対象の広告: ${ad.title}（申込ID ${ad.formattedAdvertisementId}）`] : []),
      `件名: ${input.subject}`,
      "",
      input.body,
    ].join("\n"),
  };
}
