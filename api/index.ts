// Starts the embedded reference API: database, migrations, seeds and the Hono app, for a host
// (the portal's server, `npm run api`, tests) to mount.
import type { Hono } from "hono";
import { mailSender, smtpSecrets, smtpTransport } from "./adapters/mail-delivery";
import { createApiApp, createApiDeps } from "./app";
import { loadApiConfig, type ApiConfig, type Env } from "./config";
import type { ApiEnv } from "./context";
import { openDatabase, type Database } from "./db/client";
import { maintainPglite } from "./db/pglite-maintenance";
import { seedDemo, seedPrefectures, seedRegions } from "./db/seed";
import { DEMO_ACCOUNTS } from "./db/seed-data";
import { LOGIN_URL_PLACEHOLDER } from "./domain/mails";
import { createJobWorker } from "./publishing/jobs";
import { inFlightRequests } from "./in-flight";

export interface EmbeddedApiOptions {
  /** PGlite lives in `${dataDir}/pglite`; generated JWT keys and media also go here. */
  dataDir?: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Seed the demo accounts and ads when the database has no logins yet. */
  demo: boolean;
  /** JWT_*, REFRESH_TOKEN_TTL, MEDIA_DIR (see api/README.md). */
  env: Env;
  /**
   * The address the hosting portal answers on (e.g. http://localhost:3000), for the login link
   * of mails when PUBLIC_ORIGIN is unset (the documented demo sets nothing).
   */
  portalOrigin?: string;
  clock?: () => Date;
}

/** How long closing waits for the requests being answered (a slow page, a PDF). */
const CLOSE_WAIT_MS = 10_000;

export interface EmbeddedApi {
  app: Hono<ApiEnv>;
  db: Database;
  config: ApiConfig;
  close(): Promise<void>;
}

export async function startEmbeddedApi(opts: EmbeddedApiOptions): Promise<EmbeddedApi> {
  const config = await loadApiConfig(opts.env, {
    dataDir: opts.dataDir,
    demo: opts.demo,
    portalOrigin: opts.portalOrigin,
  });
  const database = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  try {
    await seedPrefectures(database.db);
    if (
      opts.demo &&
      (await seedDemo(database.db, opts.clock?.() ?? new Date(), { mediaDir: config.mediaDir }))
    ) {
      announceDemo();
    }
    await seedRegions(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const deps = createApiDeps({ db: database.db, config, clock: opts.clock });
  announceProfile(config);
  announcePayments(config);
  announceMailLinks(config);
  const inFlight = inFlightRequests();
  const app = createApiApp({ db: database.db, config, deps, inFlight });
  // One worker loop (api/worker.ts) runs every job where the API runs: publication steps (ADR
  // 0010) and, with SMTP_URL, the outbox's mails (ADR 0007); without SMTP_URL mails stay queued.
  // A request that queued a sync kicks a run.
  const { smtpUrl, from, pollIntervalSeconds } = config.mail;
  const transport = smtpUrl ? smtpTransport(smtpUrl) : null;
  const jobWorker = createJobWorker({
    deps,
    sendMail: transport
      ? mailSender({ db: database.db, transport, from, clock: deps.clock })
      : undefined,
    secrets: smtpUrl ? smtpSecrets(smtpUrl) : [],
  });
  deps.kickJobs = () => jobWorker.kick();
  // Each kind is due within its own setting: with mail, the shorter of the two.
  const pollSeconds = transport
    ? Math.min(config.jobPollIntervalSeconds, pollIntervalSeconds)
    : config.jobPollIntervalSeconds;
  jobWorker.start(pollSeconds * 1000);
  // PGlite has no autovacuum: the API vacuums it (PostgreSQL's autovacuum needs no help).
  const maintenance = database.kind === "pglite" ? maintainPglite(database.db) : null;
  if (smtpUrl) {
    // The host only: the URL carries the credentials.
    console.log(`mail: the outbox is sent through ${new URL(smtpUrl).host}`);
  } else if (!opts.demo) {
    console.warn("SMTP_URL is not set: mails are kept in the mail_outbox table and not sent.");
  }
  return {
    app,
    db: database.db,
    config,
    async close() {
      // The requests being answered, and the send in progress, finish (and are recorded) before
      // the database closes.
      await inFlight.idle(CLOSE_WAIT_MS);
      await jobWorker.stop();
      await maintenance?.stop();
      transport?.close();
      await database.close();
    },
  };
}

/** Says at start which API_PROFILE the reference API serves (api/spec-profile). */
export function announceProfile(config: ApiConfig) {
  console.log(
    config.apiProfile === "spec"
      ? "API_PROFILE=spec: only the calls, filters and fields of SPEC §7 (pages of at most 30)"
      : "API_PROFILE=full: every call of the reference API",
  );
}

/** Warns at start when mails cannot link the login page: they would carry a placeholder. */
export function announceMailLinks(config: ApiConfig, warn: (line: string) => void = console.warn) {
  if (config.loginUrl) return;
  warn(
    `mail: PUBLIC_ORIGIN is not set and the portal's address is unknown: mails say "ログインページ: ${LOGIN_URL_PLACEHOLDER}" instead of a link. Set PUBLIC_ORIGIN to the address people open the portal at.`,
  );
}

/** Says at start which card / store payment provider takes real orders' money, loudly for the sandbox. */
export function announcePayments(config: ApiConfig) {
  const { pop, sandbox } = config.payment;
  if (pop) return;
  if (!sandbox) {
    console.warn(
      "payment: no POP_SERVER_KEY / POP_CLIENT_KEY and PAYMENT_SANDBOX is off: card and store payment are not offered (bank transfer only).",
    );
    return;
  }
  if (config.demo) return;
  const line = "!".repeat(72);
  console.warn(
    [
      line,
      "PAYMENT_SANDBOX=on outside demo mode: the TEST-CARD SANDBOX takes payments.",
      "Test card 4111 1111 1111 1111 marks real orders paid and books sales.",
      "Never in production: unset PAYMENT_SANDBOX and set the POP keys.",
      line,
    ].join("\n"),
  );
}

function announceDemo() {
  const { admin, shop } = DEMO_ACCOUNTS;
  const line = "=".repeat(72);
  console.warn(
    [
      line,
      "DEMO MODE: the reference API database was seeded with demo data and these logins:",
      `  administrator  ${admin.email} / ${admin.password}`,
      `  advertiser     ${shop.email} / ${shop.password}`,
      "Never use demo mode in production: set DATABASE_URL or DEMO=false.",
      line,
    ].join("\n"),
  );
}
