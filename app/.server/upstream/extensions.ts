// The upstream's extensions (ARCHITECTURE §9, ADR 0016): the calls our reference API offers beyond
// SPEC §7. The production PHP server implements §7 only, so every feature built on an extension
// learns whether the upstream has it, once per process (re-checked after a TTL), and degrades when
// it does not: computed another way, or hidden, with one log line for the operator, never a 404 or
// a 500 for the user. The catalogue below also lets `npm run check-upstream` probe them all.
import type { UpstreamClient } from "./client";
import { log as portalLog } from "../logger";
import { UpstreamError, UpstreamUnauthorizedError, UpstreamUnavailableError } from "./errors";

export type ExtensionName =
  | "salesTotals"
  | "bankTransferDetails"
  | "paymentRefunds"
  | "auditLogs"
  | "mailOutbox"
  | "administratorsRead"
  | "tokenInvalidate"
  | "passwordReset";

/** What a probe may need that not every upstream call can name (an order, an administrator). */
export type ProbeSample = {
  /** "YYYY-MM": the month the sales totals are asked for. */
  month?: string;
  /** An order's IRI, for its bank transfer details. */
  orderIri?: string;
  /** The logged-in administrator's id, for the administrators read. */
  administratorId?: number;
};

export type Extension = {
  /** The call, as the log line and the README name it. */
  call: string;
  /** What it unlocks in the portal. */
  unlocks: string;
  /** What the portal does without it (the log line's second half). */
  withoutIt: string;
  /**
   * One cheap call whose resource exists when the extension does (its answer is not read); null
   * (no call) when the sample lacks what the call needs.
   */
  probe: (api: UpstreamClient, sample: ProbeSample) => Promise<unknown> | null;
};

/** Every extension the portal uses (the README table and ADR 0016 list the same). */
export const EXTENSIONS: Record<ExtensionName, Extension> = {
  salesTotals: {
    call: "GET /api/adv/sales_totals/{month}",
    unlocks: "売上一覧の合計（件数・税抜・消費税・税込）を一度の呼び出しで",
    withoutIt: "売上一覧 totals computed from rows",
    probe: (api, { month }) =>
      month ? api.request("GET", `/api/adv/sales_totals/${month}`) : null,
  },
  bankTransferDetails: {
    call: "GET {order}/payment/bank_transfer",
    unlocks: "広告詳細のお振込先（口座・金額・期限）",
    withoutIt:
      "the ad detail shows the amount from the course price and the latest deadline; the account comes with the invoice PDF or by mail",
    probe: (api, { orderIri }) =>
      orderIri ? api.request("GET", `${orderIri}/payment/bank_transfer`) : null,
  },
  paymentRefunds: {
    call: "GET /api/adv/payment_refunds",
    unlocks: "要返金の一覧（売上一覧・管理者の広告詳細）",
    withoutIt: "要返金 lists are not shown",
    probe: (api) => api.request("GET", "/api/adv/payment_refunds", { query: { itemsPerPage: 1 } }),
  },
  auditLogs: {
    call: "GET /api/adv/audit_logs",
    unlocks: "操作履歴",
    withoutIt: "操作履歴 is hidden from the dashboard and its page says it is unavailable",
    probe: (api) => api.request("GET", "/api/adv/audit_logs", { query: { itemsPerPage: 1 } }),
  },
  mailOutbox: {
    call: "GET /api/adv/mail_outbox",
    unlocks: "送信メール（デモ）",
    withoutIt:
      "送信メール（デモ） is hidden from the dashboard and its page says it is unavailable",
    probe: (api) => api.request("GET", "/api/adv/mail_outbox", { query: { itemsPerPage: 1 } }),
  },
  administratorsRead: {
    call: "GET /api/adv/administrators/{id}",
    unlocks: "ヘッダーの管理者名",
    withoutIt: "the header names the administrator by the token's username",
    probe: (api, { administratorId }) =>
      administratorId === undefined
        ? null
        : api.request("GET", `/api/adv/administrators/${administratorId}`),
  },
  tokenInvalidate: {
    call: "POST /api/token/invalidate",
    unlocks: "ログアウトでリフレッシュトークンを失効",
    withoutIt: "a refresh token stays valid upstream after logout until it expires",
    // Without a refresh token a present call refuses (400); an absent one is 404 or 405.
    probe: (api) => api.request("POST", "/api/token/invalidate", { json: {} }),
  },
  passwordReset: {
    call: "POST /api/adv/password_resets",
    unlocks: "パスワードの再設定（ログイン画面からメールのリンクで）",
    withoutIt: "「パスワードをお忘れの方はこちら」 links to the inquiry form (INQUIRY_URL)",
    // An empty body is refused (422) by a present call before anything is counted or mailed.
    probe: (api) => api.request("POST", "/api/adv/password_resets", { json: {} }),
  },
};

export type Presence = "present" | "absent" | "unknown";

/** How long a learnt presence holds before the next call asks again. */
export const EXTENSION_TTL_MS = 10 * 60 * 1000;

/**
 * What a failed call says of the extension: 404/405 from a call whose resource exists is an
 * absent call; 401/403, 5xx, a network failure or anything else says nothing (not remembered).
 */
export function presenceOf(error: unknown): Presence {
  if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamUnavailableError)
    return "unknown";
  if (error instanceof UpstreamError && (error.status === 404 || error.status === 405))
    return "absent";
  return "unknown";
}

export type ExtensionRegistryOptions = {
  /** The clock (ms), injectable for tests. */
  now?: () => number;
  ttlMs?: number;
  log?: (line: string) => void;
};

export function createExtensionRegistry({
  now = () => Date.now(),
  ttlMs = EXTENSION_TTL_MS,
  log = (line) => portalLog.warn(line),
}: ExtensionRegistryOptions = {}) {
  const learnt = new Map<ExtensionName, { present: boolean; at: number }>();

  /** The presence learnt within the TTL, else "unknown". */
  function known(name: ExtensionName): Presence {
    const entry = learnt.get(name);
    if (!entry || now() - entry.at >= ttlMs) return "unknown";
    return entry.present ? "present" : "absent";
  }

  function record(name: ExtensionName, present: boolean) {
    // One line per process per TTL: a second request learning the same absence says nothing.
    if (!present && known(name) !== "absent") {
      const extension = EXTENSIONS[name];
      log(`upstream has no ${extension.call}: ${extension.withoutIt}`);
    }
    learnt.set(name, { present, at: now() });
  }

  /**
   * The extension's call when the upstream has it: its answer, or `absent` (without calling when
   * already known absent). Any failure other than an absent call is thrown as it came.
   */
  async function use<T>(
    name: ExtensionName,
    call: () => Promise<T>,
  ): Promise<{ present: true; value: T } | { present: false }> {
    if (known(name) === "absent") return { present: false };
    try {
      const value = await call();
      record(name, true);
      return { present: true, value };
    } catch (error) {
      if (presenceOf(error) !== "absent") throw error;
      record(name, false);
      return { present: false };
    }
  }

  /**
   * Whether the upstream has it: as learnt, else found out by the extension's probe. A probe
   * that fails otherwise (or cannot be made from `sample`) answers "unknown" and is not kept.
   */
  async function probe(
    name: ExtensionName,
    api: UpstreamClient,
    sample: ProbeSample,
  ): Promise<Presence> {
    const learntPresence = known(name);
    if (learntPresence !== "unknown") return learntPresence;
    let answer: unknown;
    try {
      answer = await EXTENSIONS[name].probe(api, sample);
    } catch (error) {
      const presence = presenceOf(error);
      if (presence === "absent") record(name, false);
      // A refusal of what the probe sent (400, 422) means the call is there.
      if (presence === "unknown" && error instanceof UpstreamError) {
        const refused = error.status === 400 || error.status === 422;
        if (refused) record(name, true);
        return refused ? "present" : "unknown";
      }
      return presence;
    }
    if (answer === null || answer === undefined) return "unknown";
    if (answer instanceof Response) await answer.body?.cancel();
    record(name, true);
    return "present";
  }

  /** Every extension's presence, probed where not yet learnt (the operator's check). */
  async function probeAll(api: UpstreamClient, sample: ProbeSample) {
    const names = Object.keys(EXTENSIONS) as ExtensionName[];
    const found = await Promise.all(names.map((name) => probe(name, api, sample)));
    return names.map((name, i) => ({ name, ...EXTENSIONS[name], presence: found[i]! }));
  }

  return {
    known,
    use,
    probe,
    probeAll,
    /** Forgets everything learnt (tests; a changed upstream is otherwise seen after the TTL). */
    forget: () => learnt.clear(),
  };
}

export type ExtensionRegistry = ReturnType<typeof createExtensionRegistry>;

/** The process's registry: what every request learns, the next one knows. */
export const upstreamExtensions = createExtensionRegistry();
