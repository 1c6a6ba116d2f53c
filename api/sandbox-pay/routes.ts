// The sandbox payment provider's own side (ADR 0009), mounted at /sandbox-pay/: what the customer
// and the "provider" do with a payment key the API issued (the SandboxProvider adapter inserts the
// sandbox_payments row). Public pages, outside /api and its authentication: the payment key in
// the URL is the capability, as with POP's pop-up. Each page sends its own CSP, framable by the
// same origin only (the portal's payment modal).
import { randomInt } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { PaymentSlip, SlipStore } from "../adapters/payment";
import { addCalendarDays } from "../../shared/calendar-days";
import { endOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";
import { sandboxPaymentPagePath } from "../adapters/payment-sandbox";
import type { ApiDeps, ApiEnv } from "../context";
import { jobs, sandboxPayments } from "../db/schema";
import {
  FIELD_ERRORS,
  SANDBOX_TEXTS,
  messagePage,
  offeredStores,
  payPage,
  resultPage,
  returnLink,
  slipPage,
  threeDsPage,
  type CardField,
  type FieldErrors,
  embedQuery,
} from "./pages";
import { enqueueJob } from "../publishing/jobs";
import { pushFor, sendPush, type Deliver, type SandboxPaymentRow } from "./push";
import { FRAME_JS, POP_JS } from "./scripts";

export const SANDBOX_PAY_PREFIX = "/sandbox-pay/";

export const TEST_CARDS = {
  success: "4111111111111111",
  declined: "4000000000000002",
  challenge: "4000000000003220",
} as const;

export const TEST_OTP = "123456";

/** When the durable push first retries, if the push right after the payment did not arrive. */
export const PUSH_RETRY_DELAY_MS = 30_000;

/** One job per outcome of a key (a key can fail, then be paid). */
const pushJobKey = (row: SandboxPaymentRow) =>
  `sandbox_push:${row.paymentKey}:${row.status}:${row.updatedAt.getTime()}`;

/** The page's CSP: scripts only where frame.js runs; forms to us and to the return URL's origin. */
export function sandboxCsp(opts: { script: boolean; returnUrl: string | null }): string {
  let returnOrigin = "";
  if (opts.returnUrl) {
    try {
      const url = new URL(opts.returnUrl);
      if (url.protocol === "http:" || url.protocol === "https:") returnOrigin = ` ${url.origin}`;
    } catch {
      // not a URL: no extra origin
    }
  }
  return [
    "default-src 'none'",
    ...(opts.script ? ["script-src 'self'"] : []),
    "style-src 'unsafe-inline'",
    `form-action 'self'${returnOrigin}`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join("; ");
}

const SCRIPT_HEADERS = {
  "Content-Type": "text/javascript; charset=utf-8",
  "Cache-Control": "no-cache",
  "X-Content-Type-Options": "nosniff",
} as const;

const digits = (value: string) =>
  value.replace(/[０-９]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));

const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(10))).join("");

/** 23:59:59 Tokyo time, 7 days after today in Tokyo. */
export const slipExpiry = (now: Date) => endOfTokyoDay(addCalendarDays(tokyoDate(now), 7));

export function makeSlip(
  store: SlipStore,
  amount: number,
  now: Date,
  slipUrl: string,
): PaymentSlip {
  const payeasy = store === "payeasy";
  return {
    store,
    receiptNumber: randomDigits(payeasy ? 20 : 12),
    confirmationNumber: payeasy ? randomDigits(6) : store === "famima" ? randomDigits(4) : null,
    collectorNumber: payeasy ? "58191" : null,
    amount,
    expiresAt: slipExpiry(now).toISOString(),
    slipUrl,
  };
}

interface CardInput {
  values: Partial<Record<CardField, string>>;
  errors: FieldErrors;
  number: string;
}

/** Reads and checks the card form; the CVC is never echoed back. */
function readCard(form: Record<string, unknown>, now: Date): CardInput {
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const values = {
    card_number: text("card_number").trim(),
    expiry: text("expiry").trim(),
    holder: text("holder").trim(),
  };
  const errors: FieldErrors = {};
  const number = digits(values.card_number).replace(/[\s-]/g, "");
  if (!number) errors.card_number = FIELD_ERRORS.cardNumberRequired;
  else if (!(Object.values(TEST_CARDS) as string[]).includes(number)) {
    errors.card_number = FIELD_ERRORS.cardNumberNotTest;
  }
  const expiry = digits(values.expiry).replace(/\s/g, "");
  const match = /^(\d{2})\/?(\d{2})$/.exec(expiry);
  if (!expiry) errors.expiry = FIELD_ERRORS.expiryRequired;
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) {
    errors.expiry = FIELD_ERRORS.expiryFormat;
  } else {
    const thisMonth = tokyoDate(now).slice(0, 7);
    const cardMonth = `20${match[2]}-${match[1]}`;
    if (cardMonth < thisMonth) errors.expiry = FIELD_ERRORS.expiryPast;
  }
  const cvc = digits(text("cvc")).trim();
  if (!cvc) errors.cvc = FIELD_ERRORS.cvcRequired;
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = FIELD_ERRORS.cvcFormat;
  if (!values.holder) errors.holder = FIELD_ERRORS.holderRequired;
  else if (values.holder.length > 45) errors.holder = FIELD_ERRORS.holderTooLong;
  return { values, errors, number };
}

const masked = (number: string) => `${"*".repeat(number.length - 4)}${number.slice(-4)}`;

/** Why a failed card key failed, for pages shown later (re-push, GET). */
function failureReason(row: SandboxPaymentRow): string {
  if (row.maskedCardNumber?.endsWith("0002")) return SANDBOX_TEXTS.declined;
  if (row.maskedCardNumber?.endsWith("3220")) return SANDBOX_TEXTS.threeDsFailed;
  return SANDBOX_TEXTS.failedGeneric;
}

/**
 * The sandbox's routes. `deliver` sends the push (in the app: the API's own app.fetch, so the push
 * goes through the whole API stack); `pushSecret` signs it (SANDBOX_PUSH_SECRET).
 */
export function sandboxPayRoutes(deps: ApiDeps, deliver: Deliver, pushSecret: string) {
  const { db, clock } = deps;
  const routes = new Hono<ApiEnv>();

  const html = (
    c: Context,
    body: string,
    opts: { status?: ContentfulStatusCode; script?: boolean; returnUrl?: string | null } = {},
  ) =>
    c.body(body, opts.status ?? 200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "SAMEORIGIN",
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy": sandboxCsp({
        script: opts.script ?? false,
        returnUrl: opts.returnUrl ?? null,
      }),
    });

  const embedOf = (c: Context) => c.req.query("embed") === "1";
  /** Back to the key's payment page (or its 3-D Secure step), embedded if the request was. */
  const backToPage = (c: Context, key: string, step: "" | "/3ds" = "") =>
    c.redirect(`${sandboxPaymentPagePath(key)}${step}${embedQuery(embedOf(c))}`, 303);

  async function load(key: string): Promise<SandboxPaymentRow | null> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.paymentKey, key));
    return row ?? null;
  }

  type Status = SandboxPaymentRow["status"];

  /**
   * Moves the row on only from the given states, so a double submit acts (and pushes) once; null
   * when another request got there first. An outcome to tell the merchant is queued as a job in
   * the same transaction, so a crash before the push below cannot lose it (issue 28 #9).
   */
  async function transition(
    key: string,
    from: Status[],
    values: Partial<typeof sandboxPayments.$inferInsert>,
  ): Promise<SandboxPaymentRow | null> {
    const now = clock();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPayments)
        .set({ ...values, updatedAt: now })
        .where(and(eq(sandboxPayments.paymentKey, key), inArray(sandboxPayments.status, from)))
        .returning();
      if (row && pushFor(row)) {
        await enqueueJob(tx, {
          kind: "sandbox_push",
          advertisementId: null,
          dedupeKey: pushJobKey(row),
          // The push right after this commit usually arrives; the job is the retry.
          runAt: new Date(now.getTime() + PUSH_RETRY_DELAY_MS),
          payload: { paymentKey: row.paymentKey },
        });
      }
      return row ?? null;
    });
  }

  /**
   * Sends the row's push and records whether it arrived: while it has not, the pages offer
   * 通知を再送する (the re-push rebuilds the same body from the row) and the job retries it.
   */
  async function push<T extends SandboxPaymentRow>(row: T): Promise<T> {
    const ok = await sendPush(row, deliver, pushSecret, clock());
    const pushFailedAt = ok ? null : clock();
    await db
      .update(sandboxPayments)
      .set({ pushFailedAt })
      .where(eq(sandboxPayments.paymentKey, row.paymentKey));
    if (ok) {
      await db
        .update(jobs)
        .set({ doneAt: clock() })
        .where(and(eq(jobs.dedupeKey, pushJobKey(row)), isNull(jobs.doneAt)));
    }
    return { ...row, pushFailedAt };
  }

  // The durable push's job sends the row's current outcome again.
  deps.sandboxPush = async (key) => {
    const row = await load(key);
    if (!row) return true;
    return (await push(row)).pushFailedAt === null;
  };

  const notFound = (c: Context) => html(c, messagePage(SANDBOX_TEXTS.notFound), { status: 404 });
  const expired = (c: Context) => html(c, messagePage(SANDBOX_TEXTS.expired), { status: 410 });
  const retired = (c: Context) => html(c, messagePage(SANDBOX_TEXTS.retired), { status: 410 });

  /** The page for a row whose payment has an outcome (paid, slip issued, failed). */
  function outcome(c: Context, row: SandboxPaymentRow, reason?: string) {
    const embed = embedOf(c);
    const pushFailed = row.pushFailedAt !== null;
    if (row.status === "paid" && row.paymentType === "card" && !embed && !pushFailed) {
      const back = returnLink(row.returnUrl, "success");
      if (back) return c.redirect(back, 303);
    }
    const kind = row.status === "paid" ? "paid" : row.status === "pending" ? "slip" : "failure";
    const page = resultPage(row, {
      kind,
      embed,
      pushFailed,
      reason: kind === "failure" ? (reason ?? failureReason(row)) : undefined,
    });
    return html(c, page, { script: embed && !pushFailed, returnUrl: row.returnUrl });
  }

  /**
   * After a transition: push and show the outcome; when another request moved the row first, show
   * what it is now (that request pushed).
   */
  async function settle(
    c: Context,
    key: string,
    moved: SandboxPaymentRow | null,
    reason?: string,
  ): Promise<Response> {
    if (moved) {
      return outcome(c, await push(moved), reason);
    }
    const current = await load(key);
    if (current && current.status !== "issued" && current.status !== "challenge") {
      return outcome(c, current);
    }
    return backToPage(c, key);
  }

  /** Finds a key that can still be paid: 404 unknown, result page once done, 410 expired. */
  async function payable(c: Context) {
    const row = await load(c.req.param("key") ?? "");
    if (!row) return { response: notFound(c) };
    if (row.status === "retired") return { response: retired(c) };
    if (row.status === "paid" || row.status === "pending") return { response: outcome(c, row) };
    if (row.expiresAt.getTime() <= clock().getTime()) return { response: expired(c) };
    return { row };
  }

  const form = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text("Payload Too Large", 413) });
  const readForm = async (c: Context) => (await c.req.parseBody()) as Record<string, unknown>;

  routes.get("/sandbox-pay/pop.js", (c) => c.body(POP_JS, 200, SCRIPT_HEADERS));
  routes.get("/sandbox-pay/frame.js", (c) => c.body(FRAME_JS, 200, SCRIPT_HEADERS));

  routes.get("/sandbox-pay/pay/:key", async (c) => {
    const { row, response } = await payable(c);
    if (!row) return response;
    if (row.status === "challenge") return backToPage(c, row.paymentKey, "/3ds");
    return html(c, payPage(row, { embed: embedOf(c) }), { returnUrl: row.returnUrl });
  });

  routes.post("/sandbox-pay/pay/:key/card", form, async (c) => {
    const { row, response } = await payable(c);
    if (!row) return response;
    const embed = embedOf(c);
    if (!row.enabledTypes.includes("card") || row.status === "challenge") {
      return backToPage(c, row.paymentKey);
    }
    const card = readCard(await readForm(c), clock());
    if (Object.keys(card.errors).length > 0) {
      const page = payPage(row, { embed, values: card.values, errors: card.errors });
      return html(c, page, { status: 422, returnUrl: row.returnUrl });
    }
    const common = { paymentType: "card" as const, maskedCardNumber: masked(card.number) };
    if (card.number === TEST_CARDS.challenge) {
      await transition(row.paymentKey, ["issued", "failed"], { ...common, status: "challenge" });
      return backToPage(c, row.paymentKey, "/3ds");
    }
    if (card.number === TEST_CARDS.declined) {
      const failed = await transition(row.paymentKey, ["issued", "failed"], {
        ...common,
        status: "failed",
      });
      return settle(c, row.paymentKey, failed, SANDBOX_TEXTS.declined);
    }
    const paid = await transition(row.paymentKey, ["issued", "failed"], {
      ...common,
      status: "paid",
      paidAt: clock(),
    });
    return settle(c, row.paymentKey, paid);
  });

  routes.get("/sandbox-pay/pay/:key/3ds", async (c) => {
    const { row, response } = await payable(c);
    if (!row) return response;
    if (row.status !== "challenge") return backToPage(c, row.paymentKey);
    return html(c, threeDsPage(row, { embed: embedOf(c) }), { returnUrl: row.returnUrl });
  });

  routes.post("/sandbox-pay/pay/:key/3ds", form, async (c) => {
    const { row, response } = await payable(c);
    if (!row) return response;
    const embed = embedOf(c);
    if (row.status !== "challenge") return backToPage(c, row.paymentKey);
    const body = await readForm(c);
    const otp = typeof body.otp === "string" ? digits(body.otp).trim() : "";
    const cancelled = body.action === "cancel";
    if (!cancelled && !otp) {
      const page = threeDsPage(row, { embed, error: FIELD_ERRORS.otpRequired });
      return html(c, page, { status: 422, returnUrl: row.returnUrl });
    }
    if (!cancelled && otp === TEST_OTP) {
      const paid = await transition(row.paymentKey, ["challenge"], {
        status: "paid",
        paidAt: clock(),
      });
      return settle(c, row.paymentKey, paid);
    }
    const failed = await transition(row.paymentKey, ["challenge"], { status: "failed" });
    const reason = cancelled ? SANDBOX_TEXTS.threeDsCancelled : SANDBOX_TEXTS.threeDsFailed;
    return settle(c, row.paymentKey, failed, reason);
  });

  routes.post("/sandbox-pay/pay/:key/cvs", form, async (c) => {
    const { row, response } = await payable(c);
    if (!row) return response;
    const embed = embedOf(c);
    const store = (await readForm(c)).store;
    const offered = offeredStores(row) as string[];
    if (offered.length === 0) return backToPage(c, row.paymentKey);
    if (typeof store !== "string" || !offered.includes(store)) {
      const page = payPage(row, { embed, errors: { store: FIELD_ERRORS.storeRequired } });
      return html(c, page, { status: 422, returnUrl: row.returnUrl });
    }
    const slipUrl = new URL(`/sandbox-pay/slips/${encodeURIComponent(row.paymentKey)}`, c.req.url)
      .href;
    const slip = makeSlip(store as SlipStore, row.amount, clock(), slipUrl);
    const pending = await transition(row.paymentKey, ["issued"], {
      status: "pending",
      paymentType: store === "payeasy" ? "bank" : "cvs",
      slip,
    });
    return settle(c, row.paymentKey, pending);
  });

  routes.post("/sandbox-pay/pay/:key/repush", form, async (c) => {
    const row = await load(c.req.param("key"));
    if (!row) return notFound(c);
    if (row.status === "paid" || row.status === "pending" || row.status === "failed") {
      return outcome(c, await push(row));
    }
    return backToPage(c, row.paymentKey);
  });

  /** The slip of a key; "retired" when the merchant issued a later key (it cannot be paid). */
  async function slipRow(c: Context) {
    const row = await load(c.req.param("key") ?? "");
    if (row?.slip && row.status === "retired") return "retired" as const;
    return row?.slip && (row.status === "pending" || row.status === "paid")
      ? (row as SandboxPaymentRow & { slip: PaymentSlip })
      : null;
  }

  const showSlip = (c: Context, row: SandboxPaymentRow & { slip: PaymentSlip }) =>
    html(c, slipPage(row, { pushFailed: row.pushFailedAt !== null }));

  routes.get("/sandbox-pay/slips/:key", async (c) => {
    const row = await slipRow(c);
    if (row === "retired") return retired(c);
    return row ? showSlip(c, row) : notFound(c);
  });

  routes.post("/sandbox-pay/slips/:key/simulate", form, async (c) => {
    const row = await slipRow(c);
    if (row === "retired") return retired(c);
    if (!row) return notFound(c);
    if (row.status === "paid") return showSlip(c, row);
    // Only the request that moves pending → paid pushes: a double submit pushes once.
    const paid = await transition(row.paymentKey, ["pending"], {
      status: "paid",
      paidAt: clock(),
    });
    const current = paid ? await push(paid) : (await load(row.paymentKey))!;
    return showSlip(c, { ...current, slip: row.slip });
  });

  routes.post("/sandbox-pay/slips/:key/repush", form, async (c) => {
    const row = await slipRow(c);
    if (row === "retired") return retired(c);
    if (!row) return notFound(c);
    return showSlip(c, await push(row));
  });

  return routes;
}
