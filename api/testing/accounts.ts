// A fresh advertiser for a test of its own: each call a new login and client, so no test changes
// an account (its password, sessions, limits) another test uses.
import { createAdvertiser } from "../accounts";
import type { Database } from "../db/client";

let seq = 0;

/** A new advertiser whose e-mail starts with `label`; its password is returned to log in with. */
export async function freshAdvertiser(
  db: Database,
  label: string,
  opts: { isTemporaryPassword?: boolean; companyName?: string } = {},
) {
  seq += 1;
  const email = `${label}${seq}@example.com`;
  const password = `password-${seq}-long`;
  const ids = await createAdvertiser(db, {
    email,
    password,
    isTemporaryPassword: opts.isTemporaryPassword ?? false,
    companyName: `${opts.companyName ?? "テスト"}${seq}株式会社`,
    personInCharge: "テスト 担当",
    tel: "03-0000-0000",
    zipCode: "1000001",
    prefectureId: 13,
    city: "千代田区",
    address: "千代田1-1",
  });
  return { ...ids, email, password, seq };
}

/** The advertiserEntry of a trial (posts/create_trial, ADR 0012) signing up as `email`. */
export const trialEntry = (email: string) => ({
  email,
  companyName: "株式会社トライアル",
  personInCharge: "山田 花子",
  tel: "03-9876-5432",
  zipCode: "1500002",
  prefecture: "/api/adv/prefectures/13",
  city: "渋谷区",
  address: "渋谷2-2-2",
});

/** A valid body of POST advertiser_entries (the registration, SPEC §3), but for `overrides`. */
export const advertiserEntry = (overrides: Record<string, unknown> = {}) => ({
  email: "new-shop@example.com",
  newPassword: "new-shop-password",
  newPasswordConfirm: "new-shop-password",
  companyName: "株式会社テスト商会",
  personInCharge: "佐藤 太郎",
  tel: "03-9876-5432",
  zipCode: "1500002",
  prefecture: "/api/adv/prefectures/13",
  city: "渋谷区",
  address: "渋谷2-2-2",
  ...overrides,
});
