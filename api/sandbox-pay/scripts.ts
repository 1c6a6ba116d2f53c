// The sandbox's two scripts (ADR 0009). pop.js is what the portal loads instead of VeriTrans4G's
// pop.js: `window.pop.pay(paymentKey, callbacks)` opens a modal overlay framing the sandbox
// payment page. frame.js runs in that framed page's result and posts the outcome to the parent.
// Plain ES5-ish JavaScript, no framework, no inline code (the pages' CSP allows only 'self').

export const RESULT_MESSAGE_TYPE = "sandbox-pop:result";

export const POP_JS = `(function () {
  "use strict";
  var script = document.currentScript;
  var origin = new URL(script && script.src ? script.src : "/", window.location.href).origin;
  var open = null;

  function callback(options, snake, camel) {
    var fn = options[snake] || options[camel];
    return typeof fn === "function" ? fn : function () {};
  }

  function close() {
    if (!open) return null;
    var state = open;
    open = null;
    window.removeEventListener("message", state.onMessage);
    document.removeEventListener("keydown", state.onKey);
    if (state.overlay.parentNode) state.overlay.parentNode.removeChild(state.overlay);
    if (state.previousFocus && state.previousFocus.focus) state.previousFocus.focus();
    return state;
  }

  function pay(paymentKey, options) {
    options = options || {};
    close();
    var success = callback(options, "success_callback", "onSuccess");
    var failure = callback(options, "failure_callback", "onFailure");
    var incomplete = callback(options, "incomplete_callback", "onIncomplete");

    var overlay = document.createElement("div");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", "\\u304a\\u652f\\u6255\\u3044");
    overlay.setAttribute("data-sandbox-pop", "");
    Object.assign(overlay.style, {
      position: "fixed", top: "0", right: "0", bottom: "0", left: "0", zIndex: "2147483647",
      background: "rgba(0,0,0,0.55)", display: "flex", flexDirection: "column",
      alignItems: "center", justifyContent: "center", padding: "12px", boxSizing: "border-box"
    });
    var box = document.createElement("div");
    Object.assign(box.style, {
      width: "100%", maxWidth: "480px", height: "100%", maxHeight: "720px", background: "#fff",
      borderRadius: "8px", display: "flex", flexDirection: "column", overflow: "hidden"
    });
    var bar = document.createElement("div");
    Object.assign(bar.style, { display: "flex", justifyContent: "flex-end", padding: "4px" });
    var closeButton = document.createElement("button");
    closeButton.type = "button";
    closeButton.textContent = "\\u9589\\u3058\\u308b";
    Object.assign(closeButton.style, { minHeight: "44px", minWidth: "88px", fontSize: "16px" });
    var frame = document.createElement("iframe");
    frame.title = "\\u304a\\u652f\\u6255\\u3044";
    frame.src = origin + "/sandbox-pay/pay/" + encodeURIComponent(paymentKey) + "?embed=1";
    Object.assign(frame.style, { flex: "1", width: "100%", border: "0" });
    bar.appendChild(closeButton);
    box.appendChild(bar);
    box.appendChild(frame);
    overlay.appendChild(box);

    var state = {
      overlay: overlay,
      previousFocus: document.activeElement,
      onMessage: function (event) {
        if (event.origin !== origin || event.source !== frame.contentWindow) return;
        var data = event.data;
        if (!data || data.type !== "${RESULT_MESSAGE_TYPE}" || data.paymentKey !== paymentKey) return;
        var result = data.result || {};
        if (result.status === "success") { close(); success(result); }
        else if (result.status === "failure") { close(); failure(result); }
      },
      onKey: function (event) {
        if (event.key === "Escape") { close(); incomplete({ status: "incomplete" }); }
      }
    };
    closeButton.addEventListener("click", function () {
      close();
      incomplete({ status: "incomplete" });
    });
    open = state;
    window.addEventListener("message", state.onMessage);
    document.addEventListener("keydown", state.onKey);
    document.body.appendChild(overlay);
    closeButton.focus();
  }

  window.pop = { pay: pay };
})();
`;

export const FRAME_JS = `(function () {
  "use strict";
  var params = new URLSearchParams(window.location.search);
  if (params.get("embed") !== "1" || window.parent === window) return;
  var el = document.querySelector("[data-sandbox-pop-result]");
  if (!el) return;
  var result = { status: el.getAttribute("data-status") };
  var transactionStatus = el.getAttribute("data-transaction-status");
  var paymentType = el.getAttribute("data-payment-type");
  if (transactionStatus) result.transaction_status = transactionStatus;
  if (paymentType) result.payment_type = paymentType;
  window.parent.postMessage(
    { type: "${RESULT_MESSAGE_TYPE}", paymentKey: el.getAttribute("data-payment-key"), result: result },
    window.location.origin
  );
})();
`;
