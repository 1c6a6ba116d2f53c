// The portal's one log: a JSON object per line (LOG_FORMAT=json, the default) or a short text
// line for people (LOG_FORMAT=pretty), at LOG_LEVEL and above. A line written while a request is
// handled names its request id. Callers put only names, counts and reasons in it: never tokens,
// cookies, query strings or personal data (e-mail addresses, names).
import { currentRequestScope } from "./request-scope";
import { singleton } from "./singleton";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type LogFields = Record<string, string | number | boolean | null | undefined>;

type LogSettings = { format: LogFormat; level: LogLevel };
const settings = singleton<LogSettings>("log-settings", () => ({ format: "json", level: "info" }));

/** Set once from the settings at start-up (createPortalApp). */
export function configureLog(next: Partial<LogSettings>) {
  Object.assign(settings, next);
}

/** From the portal's settings: JSON unless LOG_FORMAT says otherwise (text in development). */
export function configureLogFrom(env: {
  NODE_ENV: string;
  LOG_FORMAT?: LogFormat;
  LOG_LEVEL: LogLevel;
}) {
  configureLog({
    format: env.LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json"),
    level: env.LOG_LEVEL,
  });
}

/** One line: the JSON object (or the text line) of a message, its level and fields. */
export function logLine(level: LogLevel, msg: string, fields: LogFields = {}, time = new Date()) {
  const requestId = currentRequestScope()?.requestId;
  const all: LogFields = { ...(requestId ? { requestId } : {}), ...fields };
  if (settings.format === "pretty") {
    const rest = Object.entries(all)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => ` ${key}=${String(value)}`)
      .join("");
    return `${time.toISOString()} ${level.toUpperCase().padEnd(5)} ${msg}${rest}`;
  }
  return JSON.stringify({ time: time.toISOString(), level, msg, ...all });
}

function write(level: LogLevel, msg: string, fields?: LogFields) {
  if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(settings.level)) return;
  const line = logLine(level, msg, fields);
  // Through the console, so stdout (info and below) and stderr (warn, error) stay as they were.
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => write("error", msg, fields),
};

/** The message of a line written in either format (tests and tools reading the log). */
export function messageOf(line: unknown): string {
  const text = String(line);
  try {
    const parsed = JSON.parse(text) as { msg?: unknown };
    if (typeof parsed.msg === "string") return parsed.msg;
  } catch {
    // a text line
  }
  return text;
}

/** The messages of the lines a console spy saw, in order (tests). */
export const messagesOf = (calls: readonly unknown[][]): string[] =>
  calls.map(([line]) => messageOf(line));
