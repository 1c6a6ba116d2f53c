// The mail texts: the login page is named when PUBLIC_ORIGIN is known, and no password ever appears.
import { describe, expect, test } from "vitest";
import {
  emailChangedMails,
  inquiryMail,
  LOGIN_URL_PLACEHOLDER,
  passwordChangedMail,
  passwordResetMail,
  welcomeMail,
} from "./mails";

describe("welcomeMail", () => {
  test("names the company, the person and the login page", () => {
    const mail = welcomeMail({
      to: "new@example.com",
      companyName: "株式会社テスト",
      personInCharge: "佐藤 太郎",
      loginUrl: "https://ads.example.jp/",
    });
    expect(mail.to).toBe("new@example.com");
    expect(mail.subject).toBe("【お店News】広告主登録が完了しました");
    expect(mail.body).toContain("株式会社テスト");
    expect(mail.body).toContain("佐藤 太郎 様");
    expect(mail.body).toContain("ログインページ: https://ads.example.jp/");
    expect(mail.body).not.toContain(LOGIN_URL_PLACEHOLDER);
  });

  test("writes a placeholder when the login page is unknown", () => {
    const mail = welcomeMail({
      to: "a@b.jp",
      companyName: "c",
      personInCharge: "p",
      loginUrl: null,
    });
    expect(mail.body).toContain(`ログインページ: ${LOGIN_URL_PLACEHOLDER}`);
  });
});

test("an email change is announced to the new and the old address", () => {
  const mails = emailChangedMails({
    oldEmail: "old@example.com",
    newEmail: "new@example.com",
    loginUrl: null,
  });
  expect(mails.map((m) => m.to)).toEqual(["new@example.com", "old@example.com"]);
  for (const mail of mails) {
    expect(mail.subject).toBe("【お店News】メールアドレスが変更されました");
    expect(mail.body).toContain("変更前: old@example.com");
    expect(mail.body).toContain("変更後: new@example.com");
  }
});

test("password mails", () => {
  expect(passwordChangedMail({ to: "a@example.com", loginUrl: null }).subject).toBe(
    "【お店News】パスワードが変更されました",
  );
  expect(passwordResetMail({ to: "a@example.com", loginUrl: null }).subject).toBe(
    "【お店News】パスワードがリセットされました",
  );
});

test("an inquiry names the advertiser, the ad and the message", () => {
  const mail = inquiryMail({
    to: "editor@example.com",
    clientId: 12,
    companyName: "株式会社テスト",
    personInCharge: "佐藤 太郎",
    email: "shop@example.com",
    subject: "広告についてのお問い合わせ（申込ID 000006）",
    body: "本文です。",
    advertisement: { formattedAdvertisementId: "000006", title: "夏のセール" },
  });
  expect(mail.to).toBe("editor@example.com");
  expect(mail.subject).toBe(
    "【お店News】広告主からのお問い合わせ: 広告についてのお問い合わせ（申込ID 000006）",
  );
  expect(mail.body).toContain("株式会社テスト（ID 00012）");
  expect(mail.body).toContain("対象の広告: 夏のセール（申込ID 000006）");
  expect(mail.body).toContain("本文です。");
});
