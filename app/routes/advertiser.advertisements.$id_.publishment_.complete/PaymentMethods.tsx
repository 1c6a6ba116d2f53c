// The three ways to pay on the payment choice screen. Each is a plain form that works without
// JS. With JS, card and store forms post through a fetcher (js=1) for a payment key and open the
// provider's pop-up (window.pop.pay) here; its script is loaded once, with the page's CSP nonce.
// States (SPEC §4): card and store initial → proceeding → success | failure | incomplete (retry
// from failure/incomplete); bank initial → success (its redirect). No key within 5 s → failure.
import { Form, useFetcher, useNavigate, useRevalidator } from "react-router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/components/hydrated";
import { useNonce } from "~/components/nonce";
import { FORM_ERROR_BANNER } from "~/components/fields";
import { Alert, Button } from "~/components/ui";
import { CARD_PAYMENT_MESSAGES, cardPaymentStartDisabled } from "~/domain/payment";
import type { PagePaymentProvider } from "~/domain/payment";
import { PAYMENT_TEXTS, type PaymentReply } from "./texts";

type Method = "card" | "store";
export type PayState = "initial" | "proceeding" | "success" | "failure" | "incomplete";

type PopResult = { status?: string; transaction_status?: string; payment_type?: string };
type PopCallbacks = {
  success_callback: (result?: PopResult) => void;
  failure_callback: (result?: PopResult) => void;
  incomplete_callback: (result?: PopResult) => void;
};
declare global {
  interface Window {
    pop?: { pay: (paymentKey: string, callbacks: PopCallbacks) => void };
  }
}

/** SPEC §9: no payment key (or no pop-up) within this time → failure. */
export const PAYMENT_KEY_TIMEOUT_MS = 5000;
const SCRIPT_MARK = "data-payment-provider";

/** The provider's pop.js, appended once; resolves when window.pop is there. */
function loadProviderScript(provider: PagePaymentProvider, nonce: string) {
  if (provider.kind === "none" || document.querySelector(`script[${SCRIPT_MARK}]`)) return;
  const script = document.createElement("script");
  script.src = provider.scriptUrl;
  script.async = true;
  script.setAttribute(SCRIPT_MARK, provider.kind);
  if (nonce) script.nonce = nonce;
  if (provider.kind === "pop") script.setAttribute("data-client-key", provider.clientKey);
  document.head.appendChild(script);
}

type FetcherData = { paymentKey: string | null; reply: PaymentReply | null };

export function PaymentMethods(props: {
  provider: PagePaymentProvider;
  detailHref: string;
  pageHref: string;
  waitingBy: string | null;
  /** The order's card payment was declined, or not finished (the box says so, not 入金待ち). */
  cardProblem: "declined" | "unfinished" | null;
  bankTransferChosen: boolean;
  returnedFailure: boolean;
  /** The card holder fields as the account fills them (login e-mail, tel without hyphens). */
  holder: { email: string; phone: string };
  /** The action's answer to a form posted without JS. */
  reply: PaymentReply | null;
}) {
  const { provider, pageHref } = props;
  const hydrated = useHydrated();
  const serverNonce = useNonce();
  const navigate = useNavigate();
  const fetcher = useFetcher<FetcherData>();
  const [method, setMethod] = useState<Method | null>(props.reply?.intent ?? null);
  const [state, setState] = useState<PayState>(props.returnedFailure ? "failure" : "initial");
  const [email, setEmail] = useState(props.reply?.values.cardHolderEmail ?? props.holder.email);
  const [phone, setPhone] = useState(
    props.reply?.values.cardHolderHomePhoneNumber ?? props.holder.phone,
  );
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const handled = useRef<unknown>(null);
  /** Set when the 5 s ran out: a key that comes back later must not open the pop-up. */
  const timedOut = useRef(false);

  useEffect(() => {
    // In the browser the nonce context is empty; the nonce is readable from the page's scripts.
    const nonce =
      serverNonce || document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || "";
    loadProviderScript(provider, nonce);
    return () => clearTimeout(timer.current);
  }, [provider, serverNonce]);

  // The fetcher's answer: a key opens the pop-up; errors end in failure (fields keep their errors).
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (timedOut.current) return;
    if (!answer.paymentKey || !window.pop) {
      clearTimeout(timer.current);
      setState("failure");
      return;
    }
    clearTimeout(timer.current);
    const done = (next: PayState) => () => setState(next);
    window.pop.pay(answer.paymentKey, {
      success_callback: (result) => {
        const pending = result?.transaction_status === "pending";
        setState("success");
        // The page's loader flashes the message and goes to the ad detail.
        navigate(`${pageHref}?payment=${pending ? "pending" : "success"}`);
      },
      // The provider's push has told the order why: the box above says it (declined).
      failure_callback: () => {
        setState("failure");
        revalidator.revalidate();
      },
      incomplete_callback: done("incomplete"),
    });
  }, [fetcher.state, fetcher.data, navigate, pageHref, revalidator]);

  const start = (next: Method) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    formData.set("intent", next);
    formData.set("js", "1");
    setMethod(next);
    setState("proceeding");
    clearTimeout(timer.current);
    timedOut.current = false;
    timer.current = setTimeout(() => {
      timedOut.current = true;
      setState("failure");
    }, PAYMENT_KEY_TIMEOUT_MS);
    fetcher.submit(formData, { method: "post" });
  };

  const reply = (hydrated ? fetcher.data?.reply : null) ?? props.reply;
  const busy = state === "proceeding";
  const offered = provider.kind !== "none";
  const fieldError = (name: string) =>
    reply?.intent === "card" ? reply.fieldErrors[name]?.join(" ") : undefined;
  const hasFieldErrors = Boolean(reply && Object.keys(reply.fieldErrors).length);
  const status = (of: Method) => (method === of ? state : "initial");
  const holderMissing = hydrated && cardPaymentStartDisabled(email, phone);
  const cardDisabled = busy || holderMissing;
  // While the pop-up is open the new key is not finished yet: that is no problem to report.
  const cardProblem = busy && props.cardProblem === "unfinished" ? null : props.cardProblem;

  return (
    <section aria-label="お支払い方法" className="stack">
      <h2 className="title-2">お支払い方法</h2>
      {cardProblem ? (
        <Alert color="red">{CARD_PAYMENT_MESSAGES[cardProblem]}</Alert>
      ) : props.waitingBy ? (
        <p>{`現在のお支払い方法: ${props.waitingBy}（入金待ち）`}</p>
      ) : null}
      {/* Back from the provider's page without JS (?payment=failure|incomplete): which method is unknown. */}
      {method === null ? <PayStatus state={state} method="card" /> : null}
      {reply && (hasFieldErrors || reply.formErrors.length) ? (
        <Alert color="red">
          {hasFieldErrors ? <div>{FORM_ERROR_BANNER}</div> : null}
          {reply.formErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      {offered ? (
        <>
          <h3 className="title-3">クレジットカード（3Dセキュア）</h3>
          <Form
            method="post"
            onSubmit={start("card")}
            className="stack tight"
            style={{ maxWidth: 480 }}
          >
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <HolderField
              name="cardHolderEmail"
              label="カード名義人のメールアドレス"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              disabled={busy}
              error={fieldError("cardHolderEmail")}
            />
            <HolderField
              name="cardHolderHomePhoneNumber"
              label="カード名義人の電話番号（ハイフンなし）"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              value={phone}
              onChange={setPhone}
              disabled={busy}
              error={fieldError("cardHolderHomePhoneNumber")}
            />
            {/* Why the button is grey (issue 30 #15): said where the button is, and read with it. */}
            {holderMissing ? (
              <p className="small" id="card-start-reason">
                {PAYMENT_TEXTS.cardHolderRequired}
              </p>
            ) : null}
            <div>
              <Button
                type="submit"
                name="intent"
                value="card"
                disabled={cardDisabled}
                aria-describedby={holderMissing ? "card-start-reason" : undefined}
              >
                クレジットカードで支払う
              </Button>
            </div>
            <PayStatus state={status("card")} method="card" />
          </Form>
          <h3 className="title-3">コンビニ・銀行ATM（Pay-easy）</h3>
          <Form method="post" onSubmit={start("store")} className="stack tight">
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <p className="small">
              お支払い番号を発行します。お支払い期限までにコンビニまたは銀行ATMでお支払いください。
            </p>
            <div>
              <Button type="submit" name="intent" value="store" disabled={busy}>
                コンビニ・ATMで支払う
              </Button>
            </div>
            <PayStatus state={status("store")} method="store" />
          </Form>
        </>
      ) : (
        <p className="small dimmed">{PAYMENT_TEXTS.unavailable}</p>
      )}
      <h3 className="title-3">銀行振込</h3>
      {props.bankTransferChosen ? (
        <p className="small">
          お振込先の口座、お振込金額（税込）とお振込期限は広告詳細でご確認ください。
        </p>
      ) : (
        <Form method="post" className="stack tight">
          <p className="small">
            お振込先の口座、お振込金額（税込）とお振込期限をご案内します。メールでもお送りします。
          </p>
          <div>
            <Button type="submit" name="intent" value="bankTransfer" disabled={busy}>
              銀行振込で支払う
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/**
 * A card holder input: controlled, since the start button follows what is typed (SPEC §5); its
 * server error sits beside it and is announced with it.
 */
function HolderField(props: {
  name: string;
  label: string;
  type: "email" | "tel";
  inputMode?: "numeric";
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const errorId = `${props.name}-error`;
  return (
    <div className="field">
      <label htmlFor={props.name} className="field-label">
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type={props.type}
        inputMode={props.inputMode}
        className="input"
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error ? (
        <p className="field-error" id={errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** What the card or store payment is doing (role=status so screen readers hear it). */
export function PayStatus({ state, method }: { state: PayState; method: Method }) {
  if (state === "initial") return null;
  if (state === "proceeding") return <p role="status">{PAYMENT_TEXTS.proceeding}</p>;
  if (state === "success") {
    return <p role="status">{method === "card" ? PAYMENT_TEXTS.paid : PAYMENT_TEXTS.slipIssued}</p>;
  }
  return (
    <div role="alert" className="stack tight">
      <Alert color="red">{PAYMENT_TEXTS.failure}</Alert>
      <p className="small">{PAYMENT_TEXTS.failureHint}</p>
    </div>
  );
}
