// The caller's X-Request-Id (the portal sends its own request's), kept for the API's log lines
// while the request is handled, so an operator finds the API's line of a failed page. Only a
// sane id (1–64 letters, digits and `-_.:`) is kept: anything else is not written to the log.
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";

const storage = new AsyncLocalStorage<string>();

export const requestIdScope: MiddlewareHandler = (c, next) => {
  const id = c.req.header("X-Request-Id");
  return id !== undefined && /^[A-Za-z0-9._:-]{1,64}$/.test(id) ? storage.run(id, next) : next();
};

/** " (request <id>)" inside a request that came with an id, else "": the end of a log line. */
export function requestNote(): string {
  const id = storage.getStore();
  return id ? ` (request ${id})` : "";
}
