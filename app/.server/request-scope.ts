// What one portal request carries through every await of its handling (AsyncLocalStorage): its
// request id, which the upstream client sends as X-Request-Id and every log line names.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { singleton } from "./singleton";

export type RequestScope = { requestId: string };

const storage = singleton("request-scope", () => new AsyncLocalStorage<RequestScope>());

/** Runs `fn` (and all it awaits or schedules) inside the request's scope. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the request being handled, if any (none at start-up or in a timer). */
export const currentRequestScope = (): RequestScope | undefined => storage.getStore();

/**
 * A load balancer's or proxy's id is kept when it is sane (1–64 letters, digits and `-_.:`), so
 * one id follows the request through every hop; anything else (too long, spaces, a header
 * injection attempt) is replaced by a fresh UUID, never echoed.
 */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming !== undefined && /^[A-Za-z0-9._:-]{1,64}$/.test(incoming)
    ? incoming
    : randomUUID();
}
