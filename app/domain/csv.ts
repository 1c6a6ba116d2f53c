// What every CSV the portal writes shares: defusing text a spreadsheet would run as a formula.

/**
 * The characters that make Excel read a cell as a formula when they come first: = + - @, a tab,
 * a CR, and their full-width forms ＝ ＋ － ＠, which a Japanese Excel takes as formulas too.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

/**
 * Text someone typed (a title, a company name, a message subject) that a spreadsheet would run as
 * a formula gets a leading ' (OWASP "CSV injection"): Excel shows the text instead of calling it.
 * Numbers are written as numbers and never pass through here.
 */
export const asText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
