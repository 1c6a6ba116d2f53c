// Mail adapter (ARCHITECTURE §6): resources send through this interface; the default queues each
// mail in the mail_outbox table, which the delivery worker (mail-delivery.ts) sends by SMTP when
// SMTP_URL is set. Tests may inject another Mailer.
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface Mail {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The default and the only writer: every mail becomes a mail_outbox row (sentAt null), due at once.
 * With SMTP_URL the delivery worker (mail-delivery.ts) sends it; without, it stays there (demo
 * mode: administrators read it at /administrator/mails). `clock` dates the row, so a test's moved
 * clock and the worker's agree on when it is due.
 */
export function outboxMailer(db: Database, clock: () => Date = () => new Date()): Mailer {
  return {
    async send(mail) {
      const now = clock();
      await db.insert(mailOutbox).values({
        toAddress: mail.to,
        subject: mail.subject,
        body: mail.body,
        createdAt: now,
        nextAttemptAt: now,
      });
    },
  };
}

/**
 * Sends mails about a change that is already committed. A failure is logged, not thrown: the
 * change stands, so the caller must still get its success response (and, after an email change,
 * its new tokens).
 */
export async function sendAfterCommit(mailer: Mailer, mails: Mail[]): Promise<void> {
  for (const mail of mails) {
    try {
      await mailer.send(mail);
    } catch (error) {
      console.error(`[api] mail "${mail.subject}" could not be sent: ${(error as Error).message}`);
    }
  }
}
