// Delivery of the mail outbox (ARCHITECTURE §6, ADR 0007): `deps.mailer.send` only ever inserts a
// mail_outbox row, so a mail is never lost while SMTP is down; with SMTP_URL this worker, running in
// the API process, claims due rows, sends them and marks them sent, retrying failures with backoff.
//
// Claiming is one statement: `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` that counts
// the attempt and leases the row (next_attempt_at moves past the send's longest timeout). The send
// then runs outside any transaction, so a slow SMTP server never holds a database lock (PGlite has
// one connection), and a second worker, in this process or another on the same PostgreSQL, skips the
// locked or leased rows: a mail is sent once. A process that dies mid-send leaves its lease to run
// out, and the mail goes again (at least once, never twice in normal operation).
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { outageLog } from "../db/availability";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Mail } from "./mail";

/** One mail out through a transport; throws when the server refuses it or cannot be reached. */
export interface MailTransport {
  send(mail: Mail & { from: string }): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…`. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Well below the claim's lease, so a hanging server fails the attempt before the row is free.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        textEncoding: "base64",
      });
    },
    close() {
      transporter.close();
    },
  };
}

/** The lease a claim takes: longer than a send can last with the timeouts above. */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** After this many failed attempts a mail stays unsent in the outbox for an operator to look at. */
export const MAX_ATTEMPTS = 10;
/** A minute after the first failure, doubling each time, at most six hours (all ten: about 17 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

export interface MailDeliveryOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  clock?: () => Date;
  /** Rows claimed per run. */
  batchSize?: number;
  /** Strings that must never reach last_error or the log (the SMTP credentials). */
  secrets?: string[];
  log?: (message: string) => void;
}

export interface RunResult {
  sent: number;
  failed: number;
}

export interface MailDelivery {
  /** Claims the due mails, sends them, records each outcome. Tests call it with their clock. */
  runOnce(): Promise<RunResult>;
  /** Runs `runOnce` every `intervalMs` until `stop`. */
  start(intervalMs: number): void;
  /** No further runs; waits for the one in progress and closes the transport. */
  stop(): Promise<void>;
}

export function createMailDelivery(opts: MailDeliveryOptions): MailDelivery {
  const { db, transport } = opts;
  const clock = opts.clock ?? (() => new Date());
  const batchSize = opts.batchSize ?? 20;
  const log = opts.log ?? ((message: string) => console.error(message));
  const secrets = (opts.secrets ?? []).filter((s) => s.length >= 3);

  /** The error's message without credentials, short enough for a column. */
  const describe = (error: unknown) => {
    let message = error instanceof Error ? error.message : String(error);
    for (const secret of secrets) message = message.split(secret).join("***");
    return message.slice(0, 500);
  };

  async function claim(now: Date) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, now),
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0 };
    for (const row of await claim(clock())) {
      try {
        await transport.send({
          from: opts.from,
          to: row.toAddress,
          subject: row.subject,
          body: row.body,
        });
      } catch (error) {
        const message = describe(error);
        const retry = row.attempts < MAX_ATTEMPTS;
        await db
          .update(mailOutbox)
          .set({
            lastError: message,
            nextAttemptAt: new Date(clock().getTime() + retryDelayMs(row.attempts)),
          })
          .where(eq(mailOutbox.id, row.id));
        log(
          `[api] mail ${row.id} not delivered (attempt ${row.attempts}${retry ? "" : ", giving up"}): ${message}`,
        );
        result.failed += 1;
        continue;
      }
      await db
        .update(mailOutbox)
        .set({ sentAt: clock(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
      result.sent += 1;
    }
    return result;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  // While PostgreSQL is away every poll fails alike: one line when it goes, one when it is back.
  const outage = outageLog("mail delivery", log);

  function schedule(intervalMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .then(
          () => outage.succeeded(),
          (error: unknown) => {
            if (!outage.failed(error)) log(`[api] mail delivery failed: ${describe(error)}`);
          },
        )
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, intervalMs);
    // A pending poll never keeps the process alive on its own.
    timer.unref?.();
  }

  return {
    runOnce,
    start(intervalMs) {
      stopped = false;
      schedule(intervalMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

/** The user name and password of an SMTP URL, decoded as nodemailer uses them. */
export function smtpSecrets(smtpUrl: string): string[] {
  try {
    const url = new URL(smtpUrl);
    return [url.username, url.password, decodeURIComponent(url.password)].filter(Boolean);
  } catch {
    return [];
  }
}
