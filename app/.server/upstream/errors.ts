// Typed failures of upstream calls; routes turn them into pages, banners or field errors.

export type Violation = { propertyPath: string; message: string; code?: string };

export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    message = `Upstream ${status} on ${path}`,
    /** A 4xx's hydra:description: the API's reason for refusing (e.g. why it cannot suspend). */
    readonly description?: string,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

/** The upstream could not be reached, timed out or failed (5xx). */
export class UpstreamUnavailableError extends UpstreamError {
  name = "UpstreamUnavailableError";
}

/**
 * The upstream answered, but not in a shape the portal can read (not JSON, or a field missing or
 * of another type): a 502 for the user, one log line naming the call and the field for the operator.
 */
export class UpstreamUnreadableError extends UpstreamUnavailableError {
  name = "UpstreamUnreadableError";
  constructor(
    path: string,
    /** Where in the answer reading failed, e.g. `hydra:member.3.clk`; "" for the whole answer. */
    readonly field: string,
  ) {
    super(502, path);
  }
}

/** 422 with a constraint-violation list (JSON-LD or problem+json). */
export class UpstreamViolationError extends UpstreamError {
  name = "UpstreamViolationError";
  constructor(
    path: string,
    readonly violations: Violation[],
  ) {
    super(422, path);
  }
}

/** Credentials or refresh token refused. */
export class UpstreamUnauthorizedError extends UpstreamError {
  name = "UpstreamUnauthorizedError";
}

/** 429: the upstream's rate limit (login throttling, registration); wait `retryAfter` seconds. */
export class UpstreamRateLimitedError extends UpstreamError {
  name = "UpstreamRateLimitedError";
  constructor(
    path: string,
    readonly retryAfter: number,
  ) {
    super(429, path);
  }
}
