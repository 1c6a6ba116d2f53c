// Text the API stores must not hold control characters: PostgreSQL refuses U+0000 in text (22021,
// which was a 500), and the other C0 controls are invisible in every screen and CSV. Every body
// is checked once where it is read (hydra.ts readBody), so each save and its …/validate call
// refuse the same fields with the same message. Tab, CR and LF are text.
import type { Violation } from "./hydra";

export const CONTROL_CHARACTER_MESSAGE = "使用できない文字が含まれています。";

// eslint-disable-next-line no-control-regex -- finding these characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** One violation per string (or key) holding a control character, at its path (`links[0].url`). */
export function controlCharacterViolations(value: unknown, path = ""): Violation[] {
  if (typeof value === "string") {
    return CONTROL.test(value)
      ? [{ propertyPath: path, message: CONTROL_CHARACTER_MESSAGE, code: null }]
      : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => controlCharacterViolations(item, `${path}[${index}]`));
  }
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = path ? `${path}.${key}` : key;
    return CONTROL.test(key)
      ? [{ propertyPath: at, message: CONTROL_CHARACTER_MESSAGE, code: null }]
      : controlCharacterViolations(item, at);
  });
}
