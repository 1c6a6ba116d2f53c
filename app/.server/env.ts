// The portal's settings, parsed once from the environment at start-up (ARCHITECTURE §7).
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_FORMATS, LOG_LEVELS } from "./logger";
import { DEFAULT_UPSTREAM_BUDGET_MS } from "./upstream/budget";

const booleanish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

const emptyIsUnset = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  ADV_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DEMO: booleanish,
  /** Where the embedded API runs: its own worker thread (both cores work) or the portal's. */
  EMBEDDED_API: z.enum(["thread", "inline"]).default("thread"),
  SESSION_SECRET: z.string().optional(),
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SITE_NAME: z.string().default("お店News"),
  INQUIRY_URL: z.string().url().default("https://example.com/contact"),
  GUIDE_PDF_URL: z.string().default("/guide/price-and-creation-guide.pdf"),
  MAPS_API_KEY: z.string().optional(),
  /** The public news site's ad preview endpoint (SPEC §7 Preview); default: the embedded one. */
  PUBLIC_SITE_PREVIEW_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Signs the preview form for the news site, which must know the same value. */
  SITE_PREVIEW_SECRET: z
    .string()
    .trim()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TRUST_PROXY: z.string().optional(),
  /** VeriTrans4G POP's client key: set, the payment page loads POP's script (ADR 0009). */
  POP_CLIENT_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * The embedded API's test-card sandbox (ADR 0009): on in demo mode, else only when set to on
   * (the API logs that loudly). The payment page offers it only when the API has it.
   */
  PAYMENT_SANDBOX: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["on", "off", "true", "false", "1", "0", ""]))
    .transform((v) => (v === "" ? undefined : ["on", "true", "1"].includes(v)))
    .optional(),
  /** POP's script; its origin is allowed by the CSP on the payment choice page only. */
  POP_JS_URL: z
    .string()
    .url()
    .default("https://pay.veritrans.co.jp/pop/v1/javascripts/pop.js")
    .or(z.literal("").transform(() => "https://pay.veritrans.co.jp/pop/v1/javascripts/pop.js")),
  /** Login throttling: failures per account and address, per address, and the window (s). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_THROTTLE_WINDOW: z.coerce.number().int().positive().default(900),
  /**
   * The time (ms) one portal request may wait on the upstream, all its calls together: a hung
   * upstream then costs one wait, not one per call, before the outage page or banner.
   */
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(DEFAULT_UPSTREAM_BUDGET_MS),
  /** On, pages carry `Server-Timing: upstream` with their upstream calls' count and time. */
  SERVER_TIMING: booleanish,
  /** The Prometheus metrics' own port (GET /metrics); unset, no metrics are served. */
  METRICS_PORT: z.preprocess(emptyIsUnset, z.coerce.number().int().min(0).max(65535).optional()),
  /** One JSON object per line (default), or text for people (default in development). */
  LOG_FORMAT: z.preprocess(emptyIsUnset, z.enum(LOG_FORMATS).optional()),
  LOG_LEVEL: z.preprocess(emptyIsUnset, z.enum(LOG_LEVELS).default("info")),
});

export type Env = z.infer<typeof envSchema> & {
  /** Demo mode: embedded API seeded with the demo accounts. */
  demo: boolean;
  /** The embedded API's test-card sandbox takes card / store payments (never beside POP). */
  paymentSandbox: boolean;
  /** The secrets that verify the session cookie; the first one signs. */
  sessionSecrets: string[];
  /** True when cookies must carry Secure (the public origin is HTTPS). */
  secureCookies: boolean;
  /**
   * The key of the preview form's signature: SITE_PREVIEW_SECRET, else one derived from the
   * session secret (the embedded news site is handed the same value at start-up).
   */
  sitePreviewSecret: string;
};

function sessionSecrets(
  raw: string | undefined,
  demo: boolean,
  dataDir: string,
  production: boolean,
) {
  const listed = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed.length > 0) return listed;
  if (production && !demo) {
    throw new Error("SESSION_SECRET is required in production (comma-separated, first one signs).");
  }
  // Demo and development: a random secret kept in the data directory, so restarts keep sessions.
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return [readFileSync(file, "utf8").trim()];
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return [secret];
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  const demo = e.DEMO ?? (!e.DATABASE_URL && !e.ADV_API_URL);
  const secrets = sessionSecrets(e.SESSION_SECRET, demo, e.DATA_DIR, e.NODE_ENV === "production");
  return {
    ...e,
    demo,
    paymentSandbox: !e.ADV_API_URL && !e.POP_CLIENT_KEY && (e.PAYMENT_SANDBOX ?? demo),
    sessionSecrets: secrets,
    secureCookies: (e.PUBLIC_ORIGIN ?? "").startsWith("https:"),
    // A key of its own (not the session key itself), stable across restarts like the session's.
    sitePreviewSecret:
      e.SITE_PREVIEW_SECRET ??
      createHmac("sha256", secrets[0]!).update("site-preview-signature").digest("base64url"),
  };
}

let current: Env | undefined;

/** The parsed settings; the server calls `initEnv` first so errors surface at start-up. */
export function env(): Env {
  current ??= parseEnv();
  return current;
}

export function initEnv(source?: NodeJS.ProcessEnv): Env {
  current = parseEnv(source);
  return current;
}
