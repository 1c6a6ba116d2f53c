// @vitest-environment node
// pop.js and frame.js run in a browser; here they run against a tiny stand-in DOM (the project
// has no jsdom), enough to check what the portal relies on: the dialog, the frame's URL, the
// callbacks and that only the frame's own messages count.
import { describe, expect, test, vi } from "vitest";
import { FRAME_JS, POP_JS } from "./scripts";

type Listener = (event: unknown) => void;

class FakeElement {
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  parentNode: FakeElement | null = null;
  style: Record<string, string> = {};
  listeners = new Map<string, Listener[]>();
  textContent = "";
  type = "";
  title = "";
  src = "";
  contentWindow = {};
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  appendChild(child: FakeElement) {
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  removeChild(child: FakeElement) {
    this.children = this.children.filter((c) => c !== child);
    child.parentNode = null;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  focus() {}
  click() {
    for (const l of this.listeners.get("click") ?? []) l({});
  }
  find(predicate: (e: FakeElement) => boolean): FakeElement | undefined {
    for (const child of this.children) {
      if (predicate(child)) return child;
      const found = child.find(predicate);
      if (found) return found;
    }
    return undefined;
  }
}

function browser(scriptSrc: string) {
  const windowListeners = new Map<string, Listener[]>();
  const body = new FakeElement("body");
  const document = {
    currentScript: { src: scriptSrc },
    activeElement: null,
    body,
    createElement: (tag: string) => new FakeElement(tag),
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  const window: Record<string, unknown> = {
    location: { href: "https://ads.example.jp/advertiser/advertisements/12/publishment/complete" },
    addEventListener: (type: string, l: Listener) =>
      windowListeners.set(type, [...(windowListeners.get(type) ?? []), l]),
    removeEventListener: (type: string, l: Listener) =>
      windowListeners.set(
        type,
        (windowListeners.get(type) ?? []).filter((x) => x !== l),
      ),
  };
  new Function("window", "document", POP_JS)(window, document);
  const dispatch = (event: unknown) => {
    for (const l of windowListeners.get("message") ?? []) l(event);
  };
  return { window, body, dispatch };
}

describe("pop.js", () => {
  const origin = "https://ads.example.jp";

  function open(options: Record<string, unknown>) {
    const b = browser(`${origin}/sandbox-pay/pop.js`);
    (b.window.pop as { pay: (k: string, o: unknown) => void }).pay("key123", options);
    const overlay = b.body.children[0]!;
    const frame = overlay.find((e) => e.tagName === "iframe")!;
    const close = overlay.find((e) => e.tagName === "button")!;
    return { ...b, overlay, frame, close };
  }

  test("opens a labelled modal dialog framing the payment page of the script's origin", () => {
    const { overlay, frame, close } = open({});
    expect(overlay.getAttribute("role")).toBe("dialog");
    expect(overlay.getAttribute("aria-modal")).toBe("true");
    expect(overlay.getAttribute("aria-label")).toBe("お支払い");
    expect(frame.title).toBe("お支払い");
    expect(frame.src).toBe(`${origin}/sandbox-pay/pay/key123?embed=1`);
    expect(close.textContent).toBe("閉じる");
  });

  test("the frame's success calls success_callback and closes the dialog", () => {
    const success_callback = vi.fn();
    const failure_callback = vi.fn();
    const { body, frame, dispatch } = open({ success_callback, failure_callback });
    const result = { status: "success", transaction_status: "capture", payment_type: "card" };
    const message = { type: "sandbox-pop:result", paymentKey: "key123", result };
    // Another origin, another window or another key: ignored.
    dispatch({ origin: "https://evil.example", source: frame.contentWindow, data: message });
    dispatch({ origin, source: {}, data: message });
    dispatch({ origin, source: frame.contentWindow, data: { ...message, paymentKey: "other" } });
    expect(success_callback).not.toHaveBeenCalled();
    expect(body.children).toHaveLength(1);
    dispatch({ origin, source: frame.contentWindow, data: message });
    expect(success_callback).toHaveBeenCalledWith(result);
    expect(failure_callback).not.toHaveBeenCalled();
    expect(body.children).toHaveLength(0);
  });

  test("onFailure and onIncomplete are accepted too", () => {
    const onFailure = vi.fn();
    const failed = open({ onFailure });
    failed.dispatch({
      origin,
      source: failed.frame.contentWindow,
      data: { type: "sandbox-pop:result", paymentKey: "key123", result: { status: "failure" } },
    });
    expect(onFailure).toHaveBeenCalledWith({ status: "failure" });

    const onIncomplete = vi.fn();
    const closed = open({ onIncomplete });
    closed.close.click();
    expect(onIncomplete).toHaveBeenCalledWith({ status: "incomplete" });
    expect(closed.body.children).toHaveLength(0);
  });
});

describe("frame.js", () => {
  function run(search: string, framed: boolean) {
    const postMessage = vi.fn();
    const el = new FakeElement("div");
    el.setAttribute("data-payment-key", "key123");
    el.setAttribute("data-status", "success");
    el.setAttribute("data-transaction-status", "pending");
    el.setAttribute("data-payment-type", "cvs");
    const window: Record<string, unknown> = {
      location: { search, origin: "https://ads.example.jp" },
    };
    window.parent = framed ? { postMessage } : window;
    const document = { querySelector: () => el };
    new Function("window", "document", FRAME_JS)(window, document);
    return postMessage;
  }

  test("posts the result to the parent, only when embedded", () => {
    const postMessage = run("?embed=1", true);
    expect(postMessage).toHaveBeenCalledWith(
      {
        type: "sandbox-pop:result",
        paymentKey: "key123",
        result: { status: "success", transaction_status: "pending", payment_type: "cvs" },
      },
      "https://ads.example.jp",
    );
    expect(run("", true)).not.toHaveBeenCalled();
    expect(run("?embed=1", false)).not.toHaveBeenCalled();
  });
});
