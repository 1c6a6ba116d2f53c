// The mail texts: the login page is named when PUBLIC_ORIGIN is known, and no password appears but
// the trial's generated temporary one.
import { describe, expect, test } from "vitest";
import type { Mail } from "../adapters/mail";
import * as mails from "./mails";
import {
  approvedMail,
  bankTransferMail,
  editorsMessageMail,
  emailChangedMails,
  inquiryMail,
  LOGIN_URL_PLACEHOLDER,
  MAIL_OPENING,
  passwordChangedMail,
  passwordResetLinkMail,
  passwordResetMail,
  paymentReceivedMail,
  refundNeededMail,
  paymentSlipMail,
  publicationEndedMail,
  publicationEndingSoonMail,
  publicationStartedMail,
  remandedMail,
  startDateChangedMail,
  trialWelcomeMail,
  welcomeMail,
} from "./mails";

/** The account a welcome mail greets. */
const newcomer = {
  companyName: "株式会社テスト",
  personInCharge: "佐藤 太郎",
  loginUrl: "https://ads.example.jp/",
};

describe("trialWelcomeMail", () => {
  test("carries the temporary password and the login page, after our own opening", () => {
    const mail = trialWelcomeMail({
      ...newcomer,
      to: "trial@example.com",
      temporaryPassword: "Abcdefgh23456789",
    });
    expect(mail.to).toBe("trial@example.com");
    expect(mail.subject).toBe("【お店News】お申込みを受け付けました（仮パスワードのお知らせ）");
    expect(mail.body.split("\n")[0]).toBe(MAIL_OPENING);
    expect(mail.body).toContain("仮パスワード: Abcdefgh23456789");
    expect(mail.body).toContain("ログインID（メールアドレス）: trial@example.com");
    expect(mail.body).toContain("ログインページ: https://ads.example.jp/");
  });
});

describe("welcomeMail", () => {
  test("names the company, the person and the login page", () => {
    const mail = welcomeMail({ ...newcomer, to: "new@example.com" });
    expect(mail.to).toBe("new@example.com");
    expect(mail.subject).toBe("【お店News】広告主登録が完了しました");
    expect(mail.body).toContain("会社名: 株式会社テスト");
    expect(mail.body).toContain("ご担当者: 佐藤 太郎 様");
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
    body: "本文です。",
    advertisement: { formattedAdvertisementId: "000006", title: "夏のセール" },
  });
  expect(mail.to).toBe("editor@example.com");
  expect(mail.subject).toBe("【お店News】広告主からのお問い合わせ（申込ID 000006）");
  expect(mail.body).toContain("株式会社テスト（ID 00012）");
  expect(mail.body).toContain("対象の広告: 夏のセール（申込ID 000006）");
  expect(mail.body).toContain("本文です。");
});

test("the review mails: the ad, the period, then the editors' words", () => {
  const ad = { formattedAdvertisementId: "000012", title: "夏のセール" };
  const period = "掲載期間: 2025/06/17〜2025/07/16";
  const approved = approvedMail({
    to: "a@example.com",
    ad,
    period,
    note: "よろしく",
    loginUrl: null,
  });
  expect(approved.subject).toBe("【お店News】原稿を承認しました（申込ID 000012）");
  expect(approved.body).toContain("広告タイトル: 夏のセール");
  expect(approved.body.indexOf(period)).toBeLessThan(approved.body.indexOf("よろしく"));
  const remanded = remandedMail({ to: "a@example.com", ad, reasons: "写真が暗い", loginUrl: null });
  expect(remanded.subject).toBe("【お店News】原稿が差し戻されました（申込ID 000012）");
  expect(remanded.body).toContain("差し戻しの理由:\n写真が暗い");
  const moved = startDateChangedMail({
    to: "a@example.com",
    ad,
    period,
    note: null,
    loginUrl: null,
  });
  expect(moved.subject).toBe("【お店News】掲載開始日が変更されました（申込ID 000012）");
  expect(moved.body).toContain(`変更後の${period}`);
  const message = editorsMessageMail({
    to: "a@example.com",
    ad,
    note: "ご確認ください",
    loginUrl: null,
  });
  expect(message.subject).toBe("【お店News】編集部からのメッセージ（申込ID 000012）");
  expect(message.body).toContain("メッセージ:\nご確認ください");
});

describe("no mail starts with text a user typed", () => {
  // Values an attacker chooses: a registration with someone else's address mails them to it.
  const typed = {
    to: "victim@example.com",
    oldEmail: "old-victim@example.com",
    newEmail: "new-victim@example.com",
    companyName: "【重要】アカウント停止のお知らせ",
    personInCharge: "至急 http://evil.example/ にアクセス",
    email: "sender@example.com",
    body: "メッセージ本文",
    title: "広告タイトル",
  };
  const loginUrl = "https://ads.example.jp/";
  const ad = { formattedAdvertisementId: "000006", title: typed.title };
  const period = "掲載期間: 2025/06/17〜2025/07/16";

  /** Every mail the module builds, with every user-typed value it takes. */
  const kinds: Record<string, () => Mail[]> = {
    welcomeMail: () => [welcomeMail({ ...typed, loginUrl })],
    trialWelcomeMail: () => [
      trialWelcomeMail({ ...typed, temporaryPassword: "Abcdefgh23456789", loginUrl }),
    ],
    emailChangedMails: () => emailChangedMails({ ...typed, loginUrl }),
    passwordChangedMail: () => [passwordChangedMail({ to: typed.to, loginUrl })],
    passwordResetMail: () => [passwordResetMail({ to: typed.to, loginUrl })],
    passwordResetLinkMail: () => [
      passwordResetLinkMail({ to: typed.to, resetUrl: loginUrl, validMinutes: 60 }),
    ],
    inquiryMail: () => [
      inquiryMail({ ...typed, to: "editor@example.com", clientId: 1, advertisement: ad }),
      inquiryMail({ ...typed, to: "editor@example.com", clientId: 1, advertisement: null }),
    ],
    approvedMail: () => [
      approvedMail({ to: typed.to, ad, period, note: typed.body, loginUrl }),
      approvedMail({ to: typed.to, ad, period, note: null, loginUrl }),
    ],
    remandedMail: () => [remandedMail({ to: typed.to, ad, reasons: typed.body, loginUrl })],
    startDateChangedMail: () => [
      startDateChangedMail({ to: typed.to, ad, period, note: typed.body, loginUrl }),
    ],
    editorsMessageMail: () => [
      editorsMessageMail({ to: typed.to, ad, note: typed.body, loginUrl }),
    ],
    bankTransferMail: () => [
      bankTransferMail({
        to: typed.to,
        ad,
        transfer: {
          bankName: "見本銀行",
          branchName: "本店営業部",
          accountType: "普通",
          accountNumber: "0000000",
          accountHolder: "カ）サンプルシュッパン",
          amount: 16500,
          dueDate: "2025-06-30",
        },
        loginUrl,
      }),
    ],
    refundNeededMail: () => [
      refundNeededMail({
        to: typed.to,
        ad,
        reason: "already_paid",
        amount: 16500,
        paidDate: "2025-06-20",
        providerOrderId: "ADV000012-0a1b2c3d",
        loginUrl,
      }),
    ],
    paymentReceivedMail: () => [
      paymentReceivedMail({ to: typed.to, ad, amount: 16500, paidDate: "2025-06-20", loginUrl }),
    ],
    paymentSlipMail: () => [
      paymentSlipMail({
        to: typed.to,
        ad,
        slip: {
          store: "payeasy",
          receiptNumber: "12345678901",
          confirmationNumber: "4567",
          collectorNumber: "58091",
          amount: 16500,
          expiresAt: "2025-06-22T14:59:59.000Z",
          slipUrl: null,
        },
        loginUrl,
      }),
    ],
    publicationStartedMail: () => [publicationStartedMail({ to: typed.to, ad, period, loginUrl })],
    publicationEndingSoonMail: () => [
      publicationEndingSoonMail({ to: typed.to, ad, period, loginUrl }),
    ],
    publicationEndedMail: () => [
      publicationEndedMail({
        to: typed.to,
        ad,
        period,
        figures: { imp: 1200, clk: 30, pv: 40, linkClicks: 5 },
        loginUrl,
      }),
    ],
  };

  test("every mail builder of the module is listed here", () => {
    const builders = Object.entries(mails)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name)
      .filter((name) => /Mails?$/.test(name));
    expect(builders.sort()).toEqual(Object.keys(kinds).sort());
  });

  const values = Object.values(typed);
  test.each(Object.entries(kinds))("%s: subject and first line are ours", (_name, build) => {
    for (const mail of build()) {
      const [first] = mail.body.split("\n");
      expect(first).toBe(MAIL_OPENING);
      expect(mail.subject).toMatch(/^【お店News】/);
      for (const value of values) {
        expect(mail.subject).not.toContain(value);
        expect(first).not.toContain(value);
      }
    }
  });

  test("a typed line break cannot make lines of its own", () => {
    const mail = welcomeMail({
      to: "a@example.com",
      companyName: "株式会社A\r\n\nパスワードを再設定してください\u2028http://evil.example/",
      personInCharge: "佐藤\n太郎",
      loginUrl,
    });
    const lines = mail.body.split("\n");
    expect(lines).toContain(
      "会社名: 株式会社A パスワードを再設定してください http://evil.example/",
    );
    expect(lines).toContain("ご担当者: 佐藤 太郎 様");
    expect(lines.some((line) => line.startsWith("パスワード"))).toBe(false);
  });
});

test("the end-of-publication mail sums up the period", () => {
  const endedWith = (figures: Parameters<typeof publicationEndedMail>[0]["figures"]) =>
    publicationEndedMail({
      to: "a@example.com",
      ad: { formattedAdvertisementId: "000012", title: "夏のセール" },
      period: "掲載期間: 2025/07/01〜2025/08/01",
      figures,
      loginUrl: null,
    });
  const mail = endedWith({ imp: 1200, clk: 30, pv: 40, linkClicks: 5 });
  expect(mail.subject).toBe("【お店News】掲載が終了しました（申込ID 000012）");
  expect(mail.body).toContain(
    [
      "表示回数: 1,200",
      "クリック数: 30",
      "クリック率: 2.50%",
      "ページビュー: 40",
      "リンククリック数: 5",
    ].join("\n"),
  );
  const none = endedWith({ imp: 0, clk: 0, pv: 0, linkClicks: 0 });
  expect(none.body).toContain("クリック率: --");
  // Days counted before clicks needed an impression may hold more clicks: never above 100 %.
  const old = endedWith({ imp: 10, clk: 300, pv: 0, linkClicks: 0 });
  expect(old.body).toContain("クリック率: 100.00%");
});
