// Mail adapter (ARCHITECTURE §6): resources send through this interface; the default queues each
// mail in the mail_outbox table with a `mail` job, which the API's worker loop (../worker.ts) runs
// by SMTP (mail-delivery.ts) when SMTP_URL is set. Tests may inject another Mailer.
import type { Database } from "../db/client";
import { jobs, mailOutbox } from "../db/schema";

/** The job kind that sends one outbox row (`payload.mailId`), dedupe key `mail:{id}`. */
export const MAIL_JOB_KIND = "mail" as const;

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
 * The default and the only writer: every mail becomes a mail_outbox row (sentAt null) and, in the
 * same transaction, a `mail` job due at once. With SMTP_URL the worker loop sends it; without, it
 * stays there (demo mode: administrators read it at /administrator/mails). `clock` dates both
 * rows, so a test's moved clock and the worker's agree on when it is due.
 */
export function outboxMailer(db: Database, clock: () => Date = () => new Date()): Mailer {
  return {
    async send(mail) {
      const now = clock();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({ toAddress: mail.to, subject: mail.subject, body: mail.body, createdAt: now })
          .returning({ id: mailOutbox.id });
        await tx.insert(jobs).values({
          kind: MAIL_JOB_KIND,
          advertisementId: null,
          dedupeKey: `${MAIL_JOB_KIND}:${row!.id}`,
          payload: { mailId: row!.id },
          runAt: now,
          createdAt: now,
        });
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
