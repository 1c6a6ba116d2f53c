// Settings of the reference API, parsed once from the environment (or an explicit object in tests).
import { createPublicKey, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI } from "jose";
import { z } from "zod";
import { parseAllowedHosts, type AllowedHost } from "./adapters/outbound-guard";
import type { ApiFormat } from "./hydra";
import type { ApiProfile } from "./spec-profile/profile";
import { createSecretBox, deriveVisitorKey, generateSecretKey, type SecretBox } from "./secrets";

export interface ApiConfig {
  /**
   * API_FORMAT: the API Platform dialect the reference API speaks (api/README.md): apip3
   * (`hydra:` prefixed keys, hydra:Error errors; the default) or apip4 (unprefixed `member`,
   * `totalItems`, `view`, problem+json errors).
   */
  apiFormat: ApiFormat;
  /**
   * API_TOKEN_COOKIES=on: tokens go out the way LexikJWT `set_cookies` (BEARER) and gesdinet
   * `cookie.enabled` (refresh_token) send them with their defaults: in cookies, bodies emptied
   * (both empty: 204); the JWT is also read from the BEARER cookie (api/token-cookies.ts). Off by
   * default.
   */
  tokenCookies: boolean;
  /**
   * API_PROFILE: what the reference API offers (api/spec-profile): `full` (everything, the
   * default) or `spec` (only the calls of SPEC §7, their declared filters and fields, as a PHP API
   * Platform server built from the SPEC would answer).
   */
  apiProfile: ApiProfile;
  jwt: {
    privateKey: CryptoKey;
    publicKey: CryptoKey;
    /** Lifetime of an access token, seconds. */
    ttl: number;
  };
  /** Idle lifetime of a refresh token, seconds: each refresh hands out a successor. */
  refreshTokenTtl: number;
  /** Absolute lifetime of a login session, seconds: no refresh outlives it. */
  sessionTtl: number;
  /** Peers whose X-Forwarded-For is believed (proxy-addr syntax); the portal calls from loopback. */
  trustedProxies: string[];
  /** Login throttling (failures only; a success clears the account's count). */
  loginThrottle: { maxPerAccount: number; maxPerAddress: number; windowSeconds: number };
  /** Registrations per client address and hour; checks (validate, e-mail taken) 20 times that. */
  registrationLimit: number;
  /**
   * The built-in site's counting (publishing/counters.ts): the HMAC key visitors are hashed with
   * (derived from the first secrets key) and how many counting requests an address may make a
   * minute (SITE_COUNTS_PER_MINUTE); beyond it pages still show but nothing is counted.
   */
  siteCounting: { visitorKey: Buffer; perMinute: number };
  /**
   * Bytes of anonymous trial uploads (ADR 0012) one address may put into quarantine over 24 hours
   * (TRIAL_QUARANTINE_BYTES_PER_ADDRESS), and that all quarantined files may hold together
   * (TRIAL_QUARANTINE_BYTES_TOTAL). Counted on each stored image (its two smaller copies come on top).
   */
  quarantineQuota: { perAddressBytes: number; totalBytes: number };
  /** Where uploaded files live and /media/* is served from; null = nothing is served. */
  mediaDir: string | null;
  /** Where advertisers' inquiries (message box posts) are announced by mail. */
  editorialEmail: string;
  /**
   * The portal's login page for mails: on PUBLIC_ORIGIN, else on the address the hosting portal
   * answers on (embedded); null when neither is known (a placeholder is written, a warning logged).
   */
  loginUrl: string | null;
  /** The local news site's name, shown by the built-in site (ad preview page). */
  siteName: string;
  /**
   * The origin the built-in news site is reached at (PUBLIC_ORIGIN), for absolute post URLs;
   * null = post URLs are paths (/site/…), which the portal resolves against its own origin.
   */
  siteOrigin: string | null;
  /** The worker loop (api/worker.ts): how often it looks for due jobs, seconds (ADR 0010). */
  jobPollIntervalSeconds: number;
  /**
   * WP_ALLOWED_HOSTS: hosts (or host:port) a locality's WordPress may be on although they are
   * loopback or private (an intranet WordPress, the integration test's); every other private,
   * loopback or link-local address is refused (adapters/outbound-guard.ts). Empty by default.
   */
  wpAllowedHosts: AllowedHost[];
  /** Google Maps Embed API key: the built-in site embeds store maps with it; null = a map link. */
  mapsApiKey: string | null;
  /**
   * The key the portal signs preview forms with (SITE_PREVIEW_SECRET); null = the built-in site's
   * preview refuses every post.
   */
  sitePreviewSecret: string | null;
  /**
   * Seals secrets stored in the database (a locality's wpRestPassword; ADR 0011). Keys from
   * SECRETS_KEY, else one generated and kept in the data directory, else one per process (tests).
   */
  secrets: SecretBox;
  /** Demo mode (ARCHITECTURE §7): the outbox viewer (GET /api/adv/mail_outbox) answers only then. */
  demo: boolean;
  mail: {
    /** SMTP_URL: smtp:// or smtps:// with credentials; null = mails stay in the outbox. */
    smtpUrl: string | null;
    /** The From header of every mail. */
    from: string;
    /** With SMTP_URL, the worker loop looks for due jobs at least this often, seconds. */
    pollIntervalSeconds: number;
  };
  /** The issuer of invoices and receipts, and where transfers go (ARCHITECTURE §6 pdf). */
  invoice: InvoiceSettings;
  /** Card and store payments (ADR 0009): VeriTrans4G POP when its keys are set, else the sandbox. */
  payment: PaymentSettings;
}

export interface PaymentSettings {
  /** POP_SERVER_KEY / POP_CLIENT_KEY / POP_API_URL / POP_PUSH_URL; null = no POP. */
  pop: { serverKey: string; clientKey: string; apiUrl: string; pushUrl: string } | null;
  /**
   * The test-card sandbox (api/sandbox-pay): its test cards pay orders, so it exists only in demo
   * mode or with PAYMENT_SANDBOX=on (logged loudly at start). Never together with POP. With
   * neither, card and store payment are not offered (bank transfer only).
   */
  sandbox: boolean;
  /** The sandbox's push signing key (SANDBOX_PUSH_SECRET; default random per process). */
  sandboxPushSecret: string;
  /** payment_key_expiry_duration, minutes (PAYMENT_KEY_EXPIRY_MINUTES). */
  keyExpiryMinutes: number;
}

export const DEFAULT_POP_API_URL = "https://pay.veritrans.co.jp/pop/v1";
/** Our push endpoint, as a path on PUBLIC_ORIGIN. */
export const PAYMENT_PUSH_PATH = "/api/adv/payment_push";

export interface InvoiceSettings {
  issuerName: string;
  /** 適格請求書発行事業者の登録番号: "T" + 13 digits. */
  registrationNumber: string;
  issuerAddress: string;
  issuerTel: string;
  bank: {
    name: string;
    branch: string;
    accountType: "普通" | "当座";
    accountNumber: string;
    /** In katakana, as the bank shows it. */
    accountHolder: string;
  };
  /** Days from the invoice's issue date to its payment deadline. */
  paymentDueDays: number;
}

export type Env = Record<string, string | undefined>;

const JWT_ALG = "RS256";

const positiveSeconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Env files often carry PEM on one line with literal "\n". */
const pem = z
  .string()
  .trim()
  .min(1)
  .transform((value) => value.replace(/\\n/g, "\n"))
  .optional();

/** A switch: on/off, true/false or 1/0, in any case. */
const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["on", "off", "true", "false", "1", "0"]))
  .transform((value) => ["on", "true", "1"].includes(value));
/** An http(s) URL (zod's url() alone takes any scheme). */
const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "must be http(s)://…");

const envSchema = z.object({
  API_FORMAT: z.enum(["apip3", "apip4"]).default("apip3"),
  API_TOKEN_COOKIES: onOff.default("off"),
  API_PROFILE: z.enum(["full", "spec"]).default("full"),
  JWT_PRIVATE_KEY: pem,
  JWT_PUBLIC_KEY: pem,
  JWT_TTL: positiveSeconds(3600),
  REFRESH_TOKEN_TTL: positiveSeconds(1_209_600),
  SESSION_TTL: positiveSeconds(2_592_000),
  API_TRUSTED_PROXIES: z.string().trim().default("loopback"),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_THROTTLE_WINDOW: positiveSeconds(900),
  REGISTRATION_LIMIT: z.coerce.number().int().positive().default(10),
  SITE_COUNTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // 200 MiB and 2 GiB; the per-address count lives in an int4 column, hence its ceiling.
  TRIAL_QUARANTINE_BYTES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .positive()
    .max(2_000_000_000)
    .default(200 * 1024 * 1024),
  TRIAL_QUARANTINE_BYTES_TOTAL: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  MEDIA_DIR: z.string().trim().min(1).optional(),
  EDITORIAL_EMAIL: z.string().trim().email().default("editor@example.com"),
  PUBLIC_ORIGIN: z.string().trim().url().optional(),
  SITE_NAME: z.string().trim().min(1).default("お店News"),
  MAPS_API_KEY: z.string().trim().min(1).optional(),
  SITE_PREVIEW_SECRET: z.string().trim().min(1).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .url()
    .refine((value) => /^smtps?:\/\/[^/]/i.test(value), "must be smtp://… or smtps://…")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default("お店News 編集部 <no-reply@example.com>"),
  MAIL_POLL_INTERVAL: positiveSeconds(10),
  JOB_POLL_INTERVAL: positiveSeconds(15),
  WP_ALLOWED_HOSTS: z
    .string()
    .trim()
    .transform((value, ctx) => {
      try {
        return parseAllowedHosts(value);
      } catch (error) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  // Sample values: an operator replaces every one of them before issuing real invoices.
  INVOICE_ISSUER_NAME: z.string().trim().min(1).default("株式会社サンプル出版（見本）"),
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .regex(/^T\d{13}$/, "must be T followed by 13 digits")
    .default("T0000000000000"),
  INVOICE_ISSUER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default("〒100-0000 東京都千代田区見本町1-2-3 サンプルビル4階"),
  INVOICE_ISSUER_TEL: z.string().trim().min(1).default("03-0000-0000"),
  BANK_NAME: z.string().trim().min(1).default("見本銀行"),
  BANK_BRANCH: z.string().trim().min(1).default("本店営業部"),
  BANK_ACCOUNT_TYPE: z.enum(["普通", "当座"]).default("普通"),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{7}$/, "must be 7 digits")
    .default("0000000"),
  BANK_ACCOUNT_HOLDER: z
    .string()
    .trim()
    .regex(/^[\u30A0-\u30FF\uFF08\uFF09()\s・]+$/u, "must be katakana")
    .default("カ）サンプルシュッパン"),
  PAYMENT_DUE_DAYS: z.coerce.number().int().positive().max(365).default(30),
  POP_SERVER_KEY: z.string().trim().min(1).optional(),
  POP_CLIENT_KEY: z.string().trim().min(1).optional(),
  POP_API_URL: httpUrl.default(DEFAULT_POP_API_URL),
  POP_PUSH_URL: httpUrl.optional(),
  PAYMENT_SANDBOX: onOff.optional(),
  SANDBOX_PUSH_SECRET: z.string().trim().min(16, "must be at least 16 characters").optional(),
  PAYMENT_KEY_EXPIRY_MINUTES: z.coerce.number().int().positive().max(1440).default(60),
  SECRETS_KEY: z
    .string()
    .trim()
    .transform((value) => value.split(",").map((key) => key.trim()))
    .refine((keys) => keys.every((key) => key.length >= 32), "each key needs 32 characters or more")
    .optional(),
});

/** The login page ("/", SPEC §2) on an origin; null for none (or one that is not a URL). */
function loginUrlOf(origin: string | undefined): string | null {
  if (!origin) return null;
  try {
    return new URL("/", origin).href;
  } catch {
    return null;
  }
}

export async function loadApiConfig(
  env: Env,
  opts: { dataDir?: string; demo?: boolean; portalOrigin?: string } = {},
): Promise<ApiConfig> {
  // Empty strings count as unset, as they do in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid reference API configuration: ${details}`);
  }
  const e = parsed.data;
  const demo = opts.demo ?? isDemoMode(env);
  const payment = paymentSettings(e, demo);
  const keys = await loadJwtKeys(e.JWT_PRIVATE_KEY, e.JWT_PUBLIC_KEY, opts.dataDir);
  const mediaDir = e.MEDIA_DIR ?? (opts.dataDir ? path.join(opts.dataDir, "media") : null);
  const secretKeys = e.SECRETS_KEY ?? [await secretKeyOf(opts.dataDir)];
  return {
    apiFormat: e.API_FORMAT,
    tokenCookies: e.API_TOKEN_COOKIES,
    apiProfile: e.API_PROFILE,
    jwt: { ...keys, ttl: e.JWT_TTL },
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionTtl: e.SESSION_TTL,
    trustedProxies: e.API_TRUSTED_PROXIES.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    loginThrottle: {
      maxPerAccount: e.LOGIN_MAX_FAILURES,
      maxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW,
    },
    registrationLimit: e.REGISTRATION_LIMIT,
    siteCounting: {
      visitorKey: deriveVisitorKey(secretKeys[0]!),
      perMinute: e.SITE_COUNTS_PER_MINUTE,
    },
    quarantineQuota: {
      perAddressBytes: e.TRIAL_QUARANTINE_BYTES_PER_ADDRESS,
      totalBytes: e.TRIAL_QUARANTINE_BYTES_TOTAL,
    },
    mediaDir: mediaDir ? path.resolve(mediaDir) : null,
    editorialEmail: e.EDITORIAL_EMAIL,
    // The portal serves its login page at "/" (SPEC §2).
    loginUrl: loginUrlOf(e.PUBLIC_ORIGIN ?? opts.portalOrigin),
    siteName: e.SITE_NAME,
    siteOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : null,
    jobPollIntervalSeconds: e.JOB_POLL_INTERVAL,
    wpAllowedHosts: e.WP_ALLOWED_HOSTS ?? [],
    mapsApiKey: e.MAPS_API_KEY ?? null,
    sitePreviewSecret: e.SITE_PREVIEW_SECRET ?? null,
    secrets: createSecretBox(secretKeys),
    demo,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      pollIntervalSeconds: e.MAIL_POLL_INTERVAL,
    },
    invoice: {
      issuerName: e.INVOICE_ISSUER_NAME,
      registrationNumber: e.INVOICE_REGISTRATION_NUMBER,
      issuerAddress: e.INVOICE_ISSUER_ADDRESS,
      issuerTel: e.INVOICE_ISSUER_TEL,
      bank: {
        name: e.BANK_NAME,
        branch: e.BANK_BRANCH,
        accountType: e.BANK_ACCOUNT_TYPE,
        accountNumber: e.BANK_ACCOUNT_NUMBER,
        accountHolder: e.BANK_ACCOUNT_HOLDER,
      },
      paymentDueDays: e.PAYMENT_DUE_DAYS,
    },
    payment,
  };
}

function paymentSettings(e: z.infer<typeof envSchema>, demo: boolean): PaymentSettings {
  const common = {
    sandboxPushSecret: e.SANDBOX_PUSH_SECRET ?? randomBytes(32).toString("hex"),
    keyExpiryMinutes: e.PAYMENT_KEY_EXPIRY_MINUTES,
  };
  if (!e.POP_SERVER_KEY && !e.POP_CLIENT_KEY) {
    return { pop: null, sandbox: e.PAYMENT_SANDBOX ?? demo, ...common };
  }
  if (e.PAYMENT_SANDBOX) {
    throw new Error(
      "Invalid reference API configuration: PAYMENT_SANDBOX=on and POP keys exclude each other",
    );
  }
  if (!e.POP_SERVER_KEY || !e.POP_CLIENT_KEY) {
    throw new Error(
      "Invalid reference API configuration: POP_SERVER_KEY and POP_CLIENT_KEY must be set together",
    );
  }
  const pushUrl =
    e.POP_PUSH_URL ?? (e.PUBLIC_ORIGIN ? new URL(PAYMENT_PUSH_PATH, e.PUBLIC_ORIGIN).href : null);
  if (!pushUrl) {
    throw new Error(
      "Invalid reference API configuration: POP_PUSH_URL (or PUBLIC_ORIGIN) is required with POP_SERVER_KEY",
    );
  }
  return {
    pop: {
      serverKey: e.POP_SERVER_KEY,
      clientKey: e.POP_CLIENT_KEY,
      apiUrl: e.POP_API_URL.replace(/\/+$/, ""),
      pushUrl,
    },
    sandbox: false,
    ...common,
  };
}

async function loadJwtKeys(
  privatePem: string | undefined,
  publicPem: string | undefined,
  dataDir?: string,
) {
  if (privatePem) {
    // The public half can be derived, so an operator only has to provide the private key.
    const spki =
      publicPem ?? createPublicKey(privatePem).export({ type: "spki", format: "pem" }).toString();
    return importPair(privatePem, spki);
  }
  if (publicPem) throw new Error("JWT_PUBLIC_KEY is set without JWT_PRIVATE_KEY");
  if (!dataDir) return generatePair();
  return persistentPair(path.join(dataDir, "jwt"));
}

async function importPair(privatePem: string, publicPem: string) {
  return {
    privateKey: await importPKCS8(privatePem, JWT_ALG),
    publicKey: await importSPKI(publicPem, JWT_ALG),
  };
}

async function generatePair() {
  return generateKeyPair(JWT_ALG, { extractable: true });
}

/** Keeps generated keys across restarts, so tokens (and portal sessions) survive a restart. */
async function persistentPair(dir: string) {
  const privatePath = path.join(dir, "private.pem");
  const publicPath = path.join(dir, "public.pem");
  const existing = await readPair(privatePath, publicPath);
  if (existing) return importPair(existing.privatePem, existing.publicPem);

  const pair = await generatePair();
  const privatePem = await exportPKCS8(pair.privateKey);
  const publicPem = await exportSPKI(pair.publicKey);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    // "wx": if another process wrote the pair first, keep theirs.
    await writeFile(privatePath, privatePem, { mode: 0o600, flag: "wx" });
    await writeFile(publicPath, publicPem, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = await readPair(privatePath, publicPath);
    if (theirs) return importPair(theirs.privatePem, theirs.publicPem);
    throw error;
  }
  return pair;
}

async function readPair(privatePath: string, publicPath: string) {
  const privatePem = await readIfExists(privatePath);
  if (!privatePem) return null;
  // A crash between the two writes leaves only the private key: its public half is derivable.
  const publicPem =
    (await readIfExists(publicPath)) ??
    createPublicKey(privatePem).export({ type: "spki", format: "pem" }).toString();
  return { privatePem, publicPem };
}

/** The data directory's own secrets key, created on first use ("wx": a concurrent first start wins). */
async function secretKeyOf(dataDir: string | undefined): Promise<string> {
  if (!dataDir) return generateSecretKey();
  const file = path.join(dataDir, "secrets.key");
  const existing = await readIfExists(file);
  if (existing) return existing.trim();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, generateSecretKey(), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (await readFile(file, "utf8")).trim();
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Demo mode (seeded demo accounts) is on unless a real database is configured or DEMO=false. */
export function isDemoMode(env: Env): boolean {
  if (env.DATABASE_URL) return false;
  return !/^(false|0|no|off)$/i.test(env.DEMO ?? "");
}
