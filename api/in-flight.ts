// The requests the API is answering, so that closing it (SIGTERM, the portal stopping its worker)
// waits for them before the database goes: a request whose caller has already hung up would
// otherwise meet a closed pool half-way and log a failure.
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "./context";

export type InFlight = ReturnType<typeof inFlightRequests>;

export function inFlightRequests() {
  let count = 0;
  let waiting: (() => void)[] = [];
  const middleware = createMiddleware<ApiEnv>(async (_c, next) => {
    count += 1;
    try {
      await next();
    } finally {
      count -= 1;
      if (count === 0) {
        for (const resolve of waiting) resolve();
        waiting = [];
      }
    }
  });
  /** Resolves once no request is being answered, or after `timeoutMs` whatever remains. */
  function idle(timeoutMs: number): Promise<void> {
    if (count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      waiting.push(resolve);
      setTimeout(resolve, timeoutMs).unref();
    });
  }
  return {
    middleware,
    idle,
    get count() {
      return count;
    },
  };
}
