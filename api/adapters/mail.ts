// Mail adapter (ARCHITECTURE §6): an interface with an outbox-table default, so an SMTP
// implementation (SMTP_URL) can replace it without touching the resources that send mail.
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

/** The default: every mail becomes a mail_outbox row (sentAt null), viewable in development. */
export function outboxMailer(db: Database): Mailer {
  return {
    async send(mail) {
      await db
        .insert(mailOutbox)
        .values({ toAddress: mail.to, subject: mail.subject, body: mail.body });
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
