// A fixed clock for one e2e server (`node --import ./tests/e2e/fixed-clock.mjs`, E2E_FIXED_NOW set):
// `new Date()` and `Date.now()` answer that instant for the whole process, as the API's injected
// `clock` does in-process tests, so "today" is the spec's day however long the run takes (the news
// site's journey crossing 00:00 JST). Timers keep real time. Node 20 runs no `--import` inside worker
// threads, so that server runs its embedded API on the portal's thread (EMBEDDED_API=inline).
import process from "node:process";

const fixed = Date.parse(process.env.E2E_FIXED_NOW ?? "");
if (Number.isNaN(fixed)) {
  throw new Error(
    `fixed-clock.mjs: E2E_FIXED_NOW must be an ISO instant, not "${process.env.E2E_FIXED_NOW}"`,
  );
}
const RealDate = Date;
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length === 0 ? [fixed] : args, newTarget),
  // Date() called as a function answers a string of "now".
  apply: () => new RealDate(fixed).toString(),
  get: (target, property, receiver) =>
    property === "now" ? () => fixed : Reflect.get(target, property, receiver),
});
