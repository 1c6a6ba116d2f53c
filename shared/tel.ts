// Japanese telephone numbers: digits with optional hyphens, 10 or 11 digits (fixed lines and
// mobiles). Users type full-width digits and assorted dashes; we keep half-width with "-".

const FULL_WIDTH_DIGIT = /[０-９]/g;
/** Hyphen-like characters people type between the groups (ASCII, full-width, long vowel, dashes). */
const HYPHENS = /[‐‑‒–—―−－ー]/g;

/** "０３－１２３４－５６７８" → "03-1234-5678"; surrounding spaces are dropped, nothing else is changed. */
export function normalizeTel(input: string): string {
  return input
    .trim()
    .replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(HYPHENS, "-");
}

/** Digit groups separated by single hyphens. */
export const TEL_PATTERN = /^\d+(?:-\d+)*$/;
export const TEL_MIN_DIGITS = 10;
export const TEL_MAX_DIGITS = 11;
export const TEL_MESSAGE = "電話番号の形式が正しくありません。";

/** True for a normalised number such as "03-1234-5678" or "09012345678". */
export function isValidTel(tel: string): boolean {
  if (!TEL_PATTERN.test(tel)) return false;
  const digits = tel.replace(/-/g, "").length;
  return digits >= TEL_MIN_DIGITS && digits <= TEL_MAX_DIGITS;
}
