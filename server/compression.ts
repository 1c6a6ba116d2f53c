// Response compression (the `compression` middleware) with one repair. It hands a response's
// `drain` listeners to its zlib stream, but EventEmitter's `once` removes a fired listener from the
// response, where it never was: each wait for drain stays on the stream. React Router's adapter
// (@react-router/node) waits for drain whenever the stream's buffer is full, so a long page or a
// streamed CSV piled up listeners, and past ten Node printed a plain-text
// MaxListenersExceededWarning, outside our JSON log lines. `once('drain')` here removes the
// listener from whichever emitter fired it.
import type { EventEmitter } from "node:events";
import compression from "compression";
import type { RequestHandler } from "express";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- EventEmitter's own listener type
type Listener = (...args: any[]) => void;

export function compressResponses(): RequestHandler[] {
  const drainOnce: RequestHandler = (_req, res, next) => {
    const once = res.once as (this: EventEmitter, event: string | symbol, l: Listener) => unknown;
    res.once = function (this: EventEmitter, event: string | symbol, listener: Listener) {
      if (event !== "drain") return once.call(this, event, listener);
      const fired = function (this: EventEmitter, ...args: unknown[]) {
        this.removeListener("drain", fired);
        listener.apply(this, args);
      };
      return this.on("drain", fired);
    } as typeof res.once;
    next();
  };
  return [compression(), drainOnce];
}
