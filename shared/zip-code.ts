// Japanese postal codes: users type full-width digits, hyphens or spaces; we keep 7 half-width digits.

const FULL_WIDTH_DIGIT = /[０-９]/g;
/** Hyphen-like characters people type between the two parts (ASCII, full-width, long vowel, dashes). */
const SEPARATORS = /[-‐‑‒–—―−－ー〒\s\u3000]/g;

/** "１２３－４５６７" → "1234567"; anything that is not a postal code is returned trimmed, unchanged otherwise. */
export function normalizeZipCode(input: string): string {
  const halfWidth = input.replace(FULL_WIDTH_DIGIT, (d) =>
    String.fromCharCode(d.charCodeAt(0) - 0xfee0),
  );
  const compact = halfWidth.replace(SEPARATORS, "");
  return /^\d{7}$/.test(compact) ? compact : input.trim();
}

export const ZIP_CODE_PATTERN = /^\d{7}$/;
export const ZIP_CODE_MESSAGE = "郵便番号はハイフンなしの7桁の数字で入力してください。";

/** "1234567" → "123-4567" for display. */
export function formatZipCode(zip: string | null | undefined): string {
  return zip && ZIP_CODE_PATTERN.test(zip) ? `${zip.slice(0, 3)}-${zip.slice(3)}` : (zip ?? "");
}

/** Beside the 郵便番号 field once the address was filled from it (with JS at once, else on 次へ). */
export const ADDRESS_FILLED_NOTICE = "郵便番号から住所を入力しました。番地までご確認ください。";
