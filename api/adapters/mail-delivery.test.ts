// @vitest-environment node
// The outbox's mails sent by the worker loop (mail is a job kind) against a real SMTP server
// started here (smtp-server, over loopback): what arrives, what a refusal or an outage leaves
// behind, and that two loops never send one mail twice. The clock is the test's; no timers run.
import type { AddressInfo } from "node:net";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { createApiDeps } from "../app";
import { loadApiConfig } from "../config";
import { openDatabase, type Database } from "../db/client";
import { startEmbeddedApi } from "../index";
import { jobs, mailOutbox } from "../db/schema";
import { createTestDatabase, TEST_NOW } from "../testing/db";
import { adminQuery, databaseUrlOf, dropTestDatabase } from "../testing/postgres";
import { createJobWorker, enqueueSync } from "../publishing/jobs";
import { createWorker, JOB_MAX_ATTEMPTS as MAX_ATTEMPTS, retryDelayMs } from "../worker";
import { outboxMailer } from "./mail";
import { mailSender, smtpSecrets, smtpTransport, type MailTransport } from "./mail-delivery";

const FROM = "お店News 編集部 <no-reply@example.com>";
const PASSWORD = "s3cret-pa55";

type Received = { mailFrom: string; rcptTo: string[]; raw: string };

/** An SMTP server on a free loopback port that requires our login and records every message. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { rejectRecipients: false };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === PASSWORD) callback(null, { user: 1 });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (!state.rejectRecipients) return callback();
      const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), {
        responseCode: 550,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = session.envelope;
        received.push({
          mailFrom: (envelope.mailFrom as SMTPServerAddress).address,
          rcptTo: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    state,
    url: `smtp://mailer:${PASSWORD}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- Reading what arrived (RFC 5322 headers, RFC 2047 words, base64 body) ---------------------------

function headersOf(raw: string): Map<string, string> {
  const head = raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Decodes RFC 2047 encoded words (UTF-8, B or Q); adjacent words join without the space. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );
}

function bodyOf(raw: string): string {
  const encoded = raw.split("\r\n\r\n").slice(1).join("\r\n\r\n");
  return Buffer.from(encoded.replace(/\s+/g, ""), "base64").toString("utf8");
}

// --- The database ------------------------------------------------------------------------------------

let db: Database;
let closeDb: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let now: Date;
const clock = () => now;
const transports: MailTransport[] = [];
const errors: string[] = [];

/** A worker loop that runs the mail kind only, as the API's does with SMTP_URL (see jobs.ts). */
function loopOn(
  database: Database,
  transport: MailTransport,
  { secrets = [] as string[], batchSize = 20 } = {},
) {
  transports.push(transport);
  return createWorker({
    db: database,
    clock,
    handlers: { mail: mailSender({ db: database, transport, from: FROM, clock }) },
    secrets,
    batchSize,
    log: (message) => errors.push(message),
  });
}
const worker = (url = smtp.url) => loopOn(db, smtpTransport(url), { secrets: smtpSecrets(url) });

/** Each outbox row with what its `mail` job says: attempts, the next try, the last error. */
const rows = async () =>
  (
    await db
      .select()
      .from(mailOutbox)
      .innerJoin(jobs, eq(jobs.dedupeKey, sql`'mail:' || ${mailOutbox.id}`))
      .orderBy(asc(mailOutbox.id))
  ).map(({ mail_outbox: mail, jobs: job }) => ({
    ...mail,
    attempts: job.attempts,
    nextAttemptAt: job.runAt,
    lastError: job.lastError,
  }));
const queue = (to: string, subject = "【お店News】広告が承認されました", body = "本文") =>
  outboxMailer(db, clock).send({ to, subject, body });

beforeAll(async () => {
  ({ db, close: closeDb } = await createTestDatabase());
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await closeDb();
});
beforeEach(async () => {
  now = TEST_NOW;
  smtp.received.length = 0;
  smtp.state.rejectRecipients = false;
  errors.length = 0;
  await db.delete(jobs).where(like(jobs.dedupeKey, "mail:%"));
  await db.delete(mailOutbox);
});
afterEach(() => {
  for (const transport of transports.splice(0)) transport.close();
});

test("a queued mail arrives with its To, From, Japanese subject and UTF-8 body, and is marked sent", async () => {
  const body =
    "株式会社サンプル\nご担当者様\n\n広告「駅前の新メニュー」が承認されました。\n掲載開始日：2025年7月1日";
  await queue("shop@example.com", "【お店News】広告が承認されました（申込ID 000012）", body);

  expect(await worker().runOnce()).toEqual({ done: 1, failed: 0 });

  expect(smtp.received).toHaveLength(1);
  const [mail] = smtp.received;
  expect(mail!.mailFrom).toBe("no-reply@example.com");
  expect(mail!.rcptTo).toEqual(["shop@example.com"]);
  // Properly encoded: nothing but ASCII on the wire, the Japanese in encoded words and base64.
  expect(mail!.raw).toMatch(/^[\x20-\x7e\r\n\t]*$/);
  const headers = headersOf(mail!.raw);
  expect(headers.get("to")).toBe("shop@example.com");
  expect(decodeWords(headers.get("from")!)).toBe(FROM);
  expect(decodeWords(headers.get("subject")!)).toBe(
    "【お店News】広告が承認されました（申込ID 000012）",
  );
  expect(headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8/i);
  expect(bodyOf(mail!.raw).replace(/\r\n/g, "\n")).toBe(body);

  const [row] = await rows();
  expect(row).toMatchObject({ sentAt: TEST_NOW, attempts: 1, lastError: null });
  // Sent once: the next run finds nothing.
  expect(await worker().runOnce()).toEqual({ done: 0, failed: 0 });
  expect(smtp.received).toHaveLength(1);
});

test("a refused recipient leaves the mail queued with the attempt counted, until a later run delivers it", async () => {
  smtp.state.rejectRecipients = true;
  await queue("shop@example.com");
  const delivery = worker();

  expect(await delivery.runOnce()).toEqual({ done: 0, failed: 1 });
  let [row] = await rows();
  expect(row).toMatchObject({ sentAt: null, attempts: 1 });
  expect(row!.nextAttemptAt.getTime()).toBe(TEST_NOW.getTime() + retryDelayMs(1));
  expect(row!.lastError).toMatch(/550/);
  expect(errors.join("\n")).toMatch(/attempt 1/);

  // Not due yet: nothing is tried again.
  now = new Date(TEST_NOW.getTime() + retryDelayMs(1) - 1000);
  expect(await delivery.runOnce()).toEqual({ done: 0, failed: 0 });

  // The server takes mail again; when the retry is due, the mail goes.
  smtp.state.rejectRecipients = false;
  now = new Date(TEST_NOW.getTime() + retryDelayMs(1));
  expect(await delivery.runOnce()).toEqual({ done: 1, failed: 0 });
  [row] = await rows();
  expect(row).toMatchObject({ sentAt: now, attempts: 2, lastError: null });
  expect(smtp.received.map((m) => m.rcptTo)).toEqual([["shop@example.com"]]);
});

test("an SMTP server that is down: the mail waits, the delay grows, and no credential is written", async () => {
  const down = await startSmtp();
  await down.close();
  const url = down.url;
  await queue("shop@example.com");
  const delivery = worker(url);

  expect(await delivery.runOnce()).toEqual({ done: 0, failed: 1 });
  now = new Date(TEST_NOW.getTime() + retryDelayMs(1));
  expect(await delivery.runOnce()).toEqual({ done: 0, failed: 1 });
  const [row] = await rows();
  expect(row).toMatchObject({ sentAt: null, attempts: 2 });
  expect(row!.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(2));
  expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
  expect(row!.lastError).toMatch(/ECONNREFUSED/);
  expect(row!.lastError).not.toContain(PASSWORD);
  expect(errors.join("\n")).not.toContain(PASSWORD);

  // The live server, once due again: delivered.
  now = new Date(now.getTime() + retryDelayMs(2));
  expect(await worker().runOnce()).toEqual({ done: 1, failed: 0 });
});

test("a bad login's error names no password", async () => {
  await queue("shop@example.com");
  const wrong = smtp.url.replace(PASSWORD, "wrong-password-1");
  expect(await worker(wrong).runOnce()).toEqual({ done: 0, failed: 1 });
  const [row] = await rows();
  expect(row!.lastError).toBeTruthy();
  expect(row!.lastError).not.toContain("wrong-password-1");
});

test(`after ${MAX_ATTEMPTS} failed attempts the mail stays in the outbox and is not tried again`, async () => {
  smtp.state.rejectRecipients = true;
  await queue("shop@example.com");
  const delivery = worker();
  for (let i = 1; i <= MAX_ATTEMPTS; i++) {
    expect(await delivery.runOnce()).toEqual({ done: 0, failed: 1 });
    now = new Date(now.getTime() + retryDelayMs(i));
  }
  expect(errors.at(-1)).toMatch(/giving up/);
  smtp.state.rejectRecipients = false;
  now = new Date(now.getTime() + 24 * 60 * 60_000);
  expect(await delivery.runOnce()).toEqual({ done: 0, failed: 0 });
  expect(await rows()).toMatchObject([{ sentAt: null, attempts: MAX_ATTEMPTS }]);
});

test("two workers running at once send every mail exactly once", async () => {
  const subjects = Array.from({ length: 8 }, (_, i) => `件名 ${i + 1}`);
  for (const subject of subjects) await queue("shop@example.com", subject);

  const results = await Promise.all([worker().runOnce(), worker().runOnce(), worker().runOnce()]);

  expect(results.reduce((n, r) => n + r.done, 0)).toBe(subjects.length);
  const arrived = smtp.received.map((m) => decodeWords(headersOf(m.raw).get("subject")!)).sort();
  expect(arrived).toEqual([...subjects].sort());
  expect((await rows()).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
});

test("a claimed mail whose worker died is sent again once its lease has run out", async () => {
  await queue("shop@example.com");
  // A worker claims the mail and dies before sending it: a transport that never answers.
  const stuck = loopOn(db, { send: () => new Promise(() => {}), close: () => {} });
  void stuck.runOnce();
  await vi.waitFor(async () => expect((await rows())[0]!.attempts).toBe(1));
  expect(await worker().runOnce()).toEqual({ done: 0, failed: 0 });
  now = new Date(TEST_NOW.getTime() + 11 * 60_000);
  expect(await worker().runOnce()).toEqual({ done: 1, failed: 0 });
  expect(smtp.received).toHaveLength(1);
});

test("the API's one loop runs the mails beside the other jobs; without SMTP the mails wait", async () => {
  const deps = createApiDeps({ db, config: await loadApiConfig({}), clock });
  await queue("shop@example.com", "一つのループ");
  await enqueueSync(db, deps, 12);

  // Demo mode (no SMTP_URL): the sync runs, the mail's job is not even claimed.
  const demo = createJobWorker({ deps, log: (message) => errors.push(message) });
  expect(await demo.runOnce()).toEqual({ done: 1, failed: 0 });
  expect(await rows()).toMatchObject([{ sentAt: null, attempts: 0 }]);

  // SMTP_URL set: the same loop sends it, and the next sync in the same run.
  await enqueueSync(db, deps, 12);
  const transport = smtpTransport(smtp.url);
  transports.push(transport);
  const sending = createJobWorker({
    deps,
    sendMail: mailSender({ db, transport, from: FROM, clock }),
    log: (message) => errors.push(message),
  });
  expect(await sending.runOnce()).toEqual({ done: 2, failed: 0 });
  expect(await rows()).toMatchObject([{ sentAt: TEST_NOW, attempts: 1, lastError: null }]);
  expect(smtp.received.map((m) => m.rcptTo)).toEqual([["shop@example.com"]]);
});

test("the API started with SMTP_URL runs the worker on its own, and closing the API stops it", async () => {
  const api = await startEmbeddedApi({
    demo: false,
    env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: "1" },
  });
  try {
    await outboxMailer(api.db).send({
      to: "desk@example.com",
      subject: "起動の確認",
      body: "本文",
    });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 15_000 });
    expect(decodeWords(headersOf(smtp.received[0]!.raw).get("from")!)).toBe(FROM);
  } finally {
    // Resolves only once the worker has stopped (a running send finishes first).
    await api.close();
  }
  // A new PGlite database runs initdb and the migrations: slow on a busy machine.
}, 90_000);

// On real PostgreSQL (npm test starts a cluster): separate connection pools, as separate API
// processes would have, claim concurrently with FOR UPDATE SKIP LOCKED.
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)("on PostgreSQL", () => {
  const name = `omise_mail_${process.pid}_${Date.now()}`;
  afterAll(() => dropTestDatabase(serverUrl!, name));

  test("four processes' workers send 40 mails, each exactly once", async () => {
    await adminQuery(serverUrl!, `create database ${name}`);
    const processes = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase({ databaseUrl: databaseUrlOf(serverUrl!, name) }),
      ),
    );
    try {
      const [first] = processes;
      for (let i = 1; i <= 40; i++) {
        await outboxMailer(first!.db, clock).send({
          to: `shop${i}@example.com`,
          subject: `件名 ${i}`,
          body: "本文",
        });
      }
      const loops = processes.map((p) => loopOn(p.db, smtpTransport(smtp.url), { batchSize: 5 }));
      const runs = await Promise.all(
        loops.map(async (loop) => {
          let sent = 0;
          for (let r = await loop.runOnce(); r.done > 0; r = await loop.runOnce()) sent += r.done;
          return sent;
        }),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(40);
      const recipients = smtp.received.flatMap((m) => m.rcptTo).sort();
      expect(recipients).toEqual(
        Array.from({ length: 40 }, (_, i) => `shop${i + 1}@example.com`).sort(),
      );
      const sent = await first!.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, "mail"), eq(jobs.attempts, 1)));
      expect(sent).toHaveLength(40);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
  });
});
