// One time budget per portal request for all its upstream calls (issue 28): a hung upstream costs
// the user one budget, however many calls the request makes (a form's check, then its page's
// loaders), before the outage page or banner, instead of a full timeout again for every call.

/**
 * Shared by every upstream client of one request. Only the time spent waiting on the upstream
 * counts (while at least one call is in flight), not the time the browser takes to send a body.
 */
export type UpstreamBudget = { ms: number; spent: number; inFlight: number; since: number };

/** The default per request: what one call was allowed alone before. */
export const DEFAULT_UPSTREAM_BUDGET_MS = 10_000;

export const newUpstreamBudget = (ms = DEFAULT_UPSTREAM_BUDGET_MS): UpstreamBudget => ({
  ms,
  spent: 0,
  inFlight: 0,
  since: 0,
});

/** What is left (ms) of the budget at `now`; a call started now must end by then. */
export function budgetLeft(budget: UpstreamBudget, now = performance.now()): number {
  const running = budget.inFlight > 0 ? now - budget.since : 0;
  return Math.max(0, budget.ms - budget.spent - running);
}

/** Counts a call as in flight from `now`; the returned function marks its end. */
export function startBudgetedCall(budget: UpstreamBudget, now = performance.now()): () => void {
  if (budget.inFlight === 0) budget.since = now;
  budget.inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    budget.inFlight -= 1;
    if (budget.inFlight === 0) budget.spent += performance.now() - budget.since;
  };
}
