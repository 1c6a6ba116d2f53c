// Delivery of the mail outbox (ARCHITECTURE §6, ADR 0007): `deps.mailer.send` only ever inserts a
// mail_outbox row and its `mail` job, so a mail is never lost while SMTP is down; with SMTP_URL the
// API's worker loop (../worker.ts) runs those jobs with `mailSender`: the send, outside any
// transaction, then `sent_at`. Claiming, the lease (at least once, never twice in normal
// operation), retries and backoff are the loop's, the same as for every job; the attempts, the
// next try and the last error are on the job row.
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { JobHandler } from "../worker";
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

export interface MailSenderOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  clock: () => Date;
}

/**
 * The `mail` job's handler: sends the outbox row the job names and marks it sent. A row already
 * sent (a lease that ran out after the send) or gone is done without sending.
 */
export function mailSender(opts: MailSenderOptions): JobHandler {
  const { db, transport } = opts;
  return async (job) => {
    const mailId = Number(job.payload.mailId);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).limit(1);
    if (!row || row.sentAt) return;
    await transport.send({
      from: opts.from,
      to: row.toAddress,
      subject: row.subject,
      body: row.body,
    });
    await db.update(mailOutbox).set({ sentAt: opts.clock() }).where(eq(mailOutbox.id, row.id));
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
