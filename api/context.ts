// Types shared by the reference API's modules: what a handler gets and who is calling.
import type { Context } from "hono";
import type { Mailer } from "./adapters/mail";
import type { OutboundGuard } from "./adapters/outbound-guard";
import type { PaymentProvider } from "./adapters/payment";
import type { ApiConfig } from "./config";
import type { Database } from "./db/client";
import type { ApiFormat } from "./hydra";
import type { PublisherFactory } from "./publishing/publishers";

export interface ApiDeps {
  db: Database;
  config: ApiConfig;
  /** The current instant; injectable so tests (and the demo seed) agree on "now". */
  clock: () => Date;
  /** Outgoing mail (adapters/mail.ts): the outbox table unless another mailer is given. */
  mailer: Mailer;
  /**
   * Card and store payments (adapters/payment-provider.ts): POP, the sandbox where it is allowed,
   * or null (not offered: bank transfer only).
   */
  payments: PaymentProvider | null;
  /** The caller's address for rate limits (client-ip.ts). */
  clientAddress: (c: Context) => string;
  /** Which publisher a locality uses (publishing/publishers.ts); tests inject fakes. */
  publisherFor?: PublisherFactory;
  /**
   * Where a locality's WordPress may be (adapters/outbound-guard.ts); tests inject one with their
   * own DNS. Else one per deps from WP_ALLOWED_HOSTS (publishing/publishers.ts outboundGuardOf).
   */
  outboundGuard?: OutboundGuard;
  /**
   * Asks the job worker for a run now (after a request committed a sync job), so the site
   * reacts at once instead of at the next poll; set by the host that runs the worker.
   */
  kickJobs?: () => void;
  /**
   * Sends the sandbox provider's push for a payment key again (its durable job, issue 28 #9);
   * true once the merchant acknowledged. Set where the sandbox is mounted.
   */
  sandboxPush?: (paymentKey: string) => Promise<boolean>;
}

/** The authenticated caller, read from the database on every request (not trusted from the JWT). */
export interface Identity {
  userLoginId: number;
  email: string;
  role: "advertiser" | "administrator";
  /** Set for advertisers. */
  clientId: number | null;
  /** Set for administrators. */
  administratorId: number | null;
  /** The administrator's email when this is an impersonation (switch_user) token. */
  impersonator: string | null;
  /** The session the access token was issued to (auth_sessions.id). */
  sessionId: number;
}

export type ApiEnv = {
  Variables: { identity: Identity; apiFormat: ApiFormat };
};
