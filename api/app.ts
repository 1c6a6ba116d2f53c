// The reference API as one Hono app. Routes carry their full paths (/api/..., /media/..., and the
// built-in news site's /site/...), so a host forwards any request under those prefixes to
// `app.fetch` unchanged.
import { Hono } from "hono";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { HTTPException } from "hono/http-exception";
import { outboxMailer, type Mailer } from "./adapters/mail";
import type { OutboundGuard } from "./adapters/outbound-guard";
import type { PaymentProvider } from "./adapters/payment";
import { createPaymentProvider } from "./adapters/payment-provider";
import { apiDocsRoutes } from "./api-docs";
import { authenticate } from "./auth";
import { clientAddressResolver } from "./client-ip";
import { registrationLimit } from "./registration-limit";
import type { ApiConfig } from "./config";
import type { ApiDeps, ApiEnv } from "./context";
import { isDatabaseUnavailable } from "./db/availability";
import type { Database } from "./db/client";
import type { PublisherFactory } from "./publishing/publishers";
import { ApiError, errorResponse, ValidationError, violationResponse } from "./hydra";
import { methodNotAllowed, MethodNotAllowedError } from "./method-not-allowed";
import { readinessRoutes } from "./readiness";
import { requestIdScope, requestNote } from "./request-id";
import { limitBody, negotiateContent, requireObjectBody } from "./request-guards";
import { isUnstorableCharacter } from "./validation";
import { administratorRoutes } from "./resources/administrators";
import { advertiserEntryRoutes } from "./resources/advertiser-entries";
import { auditLogRoutes } from "./resources/audit-logs";
import { authenticationRoutes } from "./resources/authentication";
import { clientRoutes } from "./resources/clients";
import { mailOutboxRoutes } from "./resources/mail-outbox";
import { mediaRoutes } from "./resources/media-objects";
import { messageBoxRoutes } from "./resources/message-boxes";
import { orderDocumentRoutes } from "./resources/order-documents";
import { orderPaymentRoutes } from "./resources/order-payments";
import { passwordResetRoutes } from "./resources/password-resets";
import { paymentRefundRoutes } from "./resources/payment-refunds";
import { paymentKeyRoutes } from "./resources/payment-keys";
import { paymentPushRoutes } from "./resources/payment-push";
import { orderReviewRoutes } from "./resources/order-review";
import { postPublicationRoutes } from "./resources/post-publishing";
import { postWriteRoutes } from "./resources/post-writes";
import { postRoutes } from "./resources/posts";
import { prefectureRoutes } from "./resources/prefectures";
import { publishmentCourseRoutes } from "./resources/publishment-courses";
import { publishmentLocalityRoutes } from "./resources/publishment-localities";
import { publishmentOrderRoutes } from "./resources/publishment-order-routes";
import { sitePreviewRoutes } from "./resources/site-preview";
import { siteRoutes } from "./resources/site";
import { reportRoutes } from "./resources/reports";
import { saleRoutes } from "./resources/sales";
import { siteSummaryRoutes } from "./resources/site-summary";
import { trialRoutes } from "./resources/trials";
import { userLoginRoutes } from "./resources/user-logins";
import { sandboxPayRoutes } from "./sandbox-pay/routes";
import { securityHeaders } from "./security-headers";
import { apiProfile } from "./spec-profile/profile";
import { isSpecRoute } from "./spec-profile/routes";
import type { InFlight } from "./in-flight";

/** What a 503 for a database outage asks the client to wait: a restart takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 10;

export interface ApiAppOptions {
  db: Database;
  config: ApiConfig;
  clock?: () => Date;
  mailer?: Mailer;
  /** Tests may inject a provider (null: none); else the configured one (POP, sandbox or none). */
  payments?: PaymentProvider | null;
  /** Tests may inject publishers (a recording or failing fake); else per locality (ADR 0010). */
  publisherFor?: PublisherFactory;
  /** Tests may inject the outbound guard (their own DNS); else one from WP_ALLOWED_HOSTS. */
  outboundGuard?: OutboundGuard;
}

/** The handlers' dependencies, built once; the host shares them with the job worker. */
export function createApiDeps(opts: ApiAppOptions): ApiDeps {
  const clock = opts.clock ?? (() => new Date());
  return {
    db: opts.db,
    config: opts.config,
    clock,
    mailer: opts.mailer ?? outboxMailer(opts.db, clock),
    payments:
      opts.payments === undefined
        ? createPaymentProvider(opts.config, opts.db, clock)
        : opts.payments,
    clientAddress: clientAddressResolver(opts.config.trustedProxies),
    publisherFor: opts.publisherFor,
    outboundGuard: opts.outboundGuard,
  };
}

export function createApiApp(
  opts: ApiAppOptions & { deps?: ApiDeps; inFlight?: InFlight },
): Hono<ApiEnv> {
  const deps = opts.deps ?? createApiDeps(opts);
  const app = new Hono<ApiEnv>();
  if (opts.inFlight) app.use("*", opts.inFlight.middleware);
  app.use("*", requestIdScope);

  // The dialect (API_FORMAT) every serializer of api/hydra.ts reads.
  app.use("*", async (c, next) => {
    c.set("apiFormat", deps.config.apiFormat);
    await next();
  });
  // First, so every response carries them: errors, 401s, /media files and /site pages too.
  app.use("*", ...securityHeaders);
  // API_PROFILE (api/spec-profile): hydra:search on collections; under `spec` only SPEC §7's
  // routes, filters and fields. Before routing: an unknown route is the router's 404 there.
  app.use("/api/*", apiProfile(deps.config.apiProfile));
  // Routing comes before authentication, as in Symfony: a known path with the wrong method is a
  // 405 with Allow (the routes are read from the app on the first request, once all are added).
  app.use("/api/*", methodNotAllowed(app));
  // Before any route, so it guards every /api route below (public ones are listed in auth.ts).
  // The built-in news site (/site/*, e.g. the ad preview page) is public and outside its reach.
  app.use("/api/*", authenticate(deps));
  app.use("/api/adv/*", registrationLimit(deps));
  // After authentication: an anonymous caller's body is not even read on a non-public route.
  // Content negotiation (415/406) on the API Platform operations, before the body is parsed.
  app.use("/api/*", limitBody, negotiateContent, requireObjectBody);

  for (const routes of [
    authenticationRoutes,
    advertiserEntryRoutes,
    userLoginRoutes,
    passwordResetRoutes,
    clientRoutes,
    administratorRoutes,
    prefectureRoutes,
    siteSummaryRoutes,
    postRoutes,
    postWriteRoutes,
    trialRoutes,
    postPublicationRoutes,
    mediaRoutes,
    messageBoxRoutes,
    publishmentLocalityRoutes,
    publishmentCourseRoutes,
    publishmentOrderRoutes,
    orderReviewRoutes,
    orderDocumentRoutes,
    orderPaymentRoutes,
    paymentKeyRoutes,
    paymentPushRoutes,
    paymentRefundRoutes,
    auditLogRoutes,
    sitePreviewRoutes,
    siteRoutes,
    reportRoutes,
    saleRoutes,
    mailOutboxRoutes,
  ]) {
    app.route("/", routes(deps));
  }

  // The sandbox payment provider (ADR 0009): public pages, outside /api, only where the sandbox
  // is the provider (its test cards pay real orders). Its push goes through this very app
  // (authentication, limits, the push handler), as a real provider's would.
  if (deps.payments?.name === "sandbox") {
    app.route(
      "/",
      sandboxPayRoutes(
        deps,
        async (request) => app.fetch(request),
        opts.config.payment.sandboxPushSecret,
      ),
    );
  }

  app.route("/", readinessRoutes(deps));
  // The OpenAPI document lists what the profile offers (check-upstream reads it).
  app.route("/", apiDocsRoutes(app, deps.config.apiProfile === "spec" ? isSpecRoute : undefined));

  app.notFound((c) => errorResponse(c, 404, "Not Found"));

  app.onError((error, c) => {
    if (error instanceof MethodNotAllowedError) c.header("Allow", error.allowed.join(", "));
    if (error instanceof ApiError) return errorResponse(c, error.status, error.description);
    if (error instanceof ValidationError) return violationResponse(c, error.violations);
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, error.status, error.message || "Bad Request");
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL is away (restarting, network lost): the pool reconnects once it is back.
      console.error(
        `[api] ${c.req.method} ${c.req.path}: the database cannot be reached${requestNote()}`,
      );
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return errorResponse(c, 503, "Service Unavailable");
    }
    if (isUnstorableCharacter(error)) return errorResponse(c, 400, UNSTORABLE_CHARACTER);
    // The details stay in the server log; the client gets a generic error and no stack trace.
    console.error(
      `[api] ${c.req.method} ${c.req.path} failed: ${failureOf(error)}${requestNote()}`,
    );
    return errorResponse(c, 500, "Internal Server Error");
  });

  return app;
}

export const UNSTORABLE_CHARACTER = "The request contains a character that cannot be stored.";

/** What the log says of a failure: a query's values (an e-mail, a password hash) stay out of it. */
function failureOf(error: Error): string {
  if (!(error instanceof DrizzleQueryError)) return error.message;
  const cause = error.cause instanceof Error ? error.cause.message : "unknown cause";
  return `${cause}; query: ${error.query}`;
}
