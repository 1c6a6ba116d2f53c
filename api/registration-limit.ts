// Abuse limits on the anonymous registration calls (finding: 30 registrations in 1.3 s, each
// mailing any address; an unlimited e-mail-taken oracle). Per client address, shared by every
// API process through the database.
import { createMiddleware } from "hono/factory";
import type { ApiDeps, ApiEnv } from "./context";
import { hit, tooManyRequests, type Limit } from "./rate-limit";
import { isTrialUpload } from "./trial-key";

const HOUR = 3600;

/** Registrations (they create a login and send a mail), and the checks that reveal taken e-mails. */
const CREATES = /^\/api\/adv\/(advertiser_entries|posts\/create_trial)$/;
const CHECKS = /^\/api\/adv\/(advertiser_entries\/validate\w*|posts\/validate_trial)$/;

export function registrationLimit(deps: ApiDeps) {
  const creates: Limit = {
    name: "register",
    max: deps.config.registrationLimit,
    windowSeconds: HOUR,
  };
  const checks: Limit = {
    name: "register:check",
    max: deps.config.registrationLimit * 20,
    windowSeconds: HOUR,
  };
  // Anonymous trial uploads (ADR 0012): five images and a few retries per trial.
  const trialUploads: Limit = {
    name: "trial:upload",
    max: deps.config.registrationLimit * 10,
    windowSeconds: HOUR,
  };
  return createMiddleware<ApiEnv>(async (c, next) => {
    if (c.req.method !== "POST") return next();
    const limit = CREATES.test(c.req.path)
      ? creates
      : CHECKS.test(c.req.path)
        ? checks
        : isTrialUpload(c) && !c.get("identity")
          ? trialUploads
          : null;
    if (!limit) return next();
    const state = await hit(deps, limit, deps.clientAddress(c));
    if (state.exceeded) return tooManyRequests(c, state);
    return next();
  });
}
