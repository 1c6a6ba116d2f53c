// The portal's Express application: security, static files, the embedded API, the page handler,
// and what the operator sees of it (request ids, one log line per request, metrics on their port).
import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import express, { type RequestHandler } from "express";
import { createPortalContext } from "../app/.server/context";
import { pagePathOf } from "../app/.server/redirect-to";
import { MAPS_EMBED_ORIGIN } from "../shared/ad-page";
import type { Env } from "../app/.server/env";
import { configureLogFrom } from "../app/.server/logger";
import { LoginThrottle } from "../app/.server/login-throttle";
import { paymentProviderOrigin } from "../app/.server/payment-provider";
import { reportServerTiming } from "../app/.server/upstream/timing";
import type { PreviewVisitor } from "../app/.server/preview-visitor";
import type { RequestSession } from "../app/.server/session";
import { formBodiesOnly, limitBodies } from "./form-body";
import { lastResort } from "./last-resort";
import { compressResponses } from "./compression";
import { malformedUrls } from "./malformed-url";
import { serveMetrics } from "./metrics-server";
import { probes, upstreamAnswers, type Readiness } from "./probes";
import { requestLog, type RequestLocals } from "./request-log";
import { routeIdOf } from "./route-id";
import { baseSecurityHeaders, hostCheck, nonce, originCheck, securityHeaders } from "./security";
import { sessionMiddleware } from "./session-middleware";

export type PortalAppOptions = {
  env: Env;
  /** The React Router server build, or a loader of it (Vite dev server). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Handles /api/*, /media/* and /site/* when the reference API is embedded. */
  embeddedApi?: RequestHandler;
  /** Extra middleware in front of React Router (Vite's dev middleware). */
  before?: RequestHandler[];
  /** Where the portal reaches the upstream; read per request since the port is known late. */
  upstreamUrl: () => string;
  /** What /readyz asks (the embedded API's own /readyz); else whether upstreamUrl answers HTTP. */
  ready?: Readiness;
};

export function createPortalApp(options: PortalAppOptions) {
  const { env } = options;
  const dev = env.NODE_ENV === "development";
  configureLogFrom(env);
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);
  app.use(baseSecurityHeaders(env.secureCookies));
  // First: a load balancer's probe needs no Host check, session or page, and is not counted.
  app.use(probes(options.ready ?? upstreamAnswers(options.upstreamUrl)));

  // The embedded API answers before any portal middleware: it speaks JSON with bearer tokens, and
  // its built-in news site (/site/*: the ad preview page) and the sandbox payment provider
  // (/sandbox-pay/*) send their own CSP, which helmet below must not replace.
  if (options.embeddedApi) {
    const api = options.embeddedApi;
    const prefixes = ["/api/", "/media/", "/site/", "/sandbox-pay/"];
    app.use((req, res, next) =>
      prefixes.some((prefix) => req.path.startsWith(prefix)) ? api(req, res, next) : next(),
    );
  }

  // The portal's own requests get their id, log line and metrics (the API's calls, above, are
  // the API's: it logs them with the id the portal sends).
  app.use(requestLog());
  app.use(malformedUrls());
  // First of the portal's own: whatever answers next (a 403, a 415, a page) meets a capped body.
  app.use(limitBodies());
  app.use(hostCheck(env.PUBLIC_ORIGIN));
  app.use(compressResponses());
  app.use(nonce());
  app.use(
    securityHeaders({
      dev,
      secure: env.secureCookies,
      imageOrigins: env.ADV_API_URL ? [new URL(env.ADV_API_URL).origin] : [],
      frameOrigins: env.MAPS_API_KEY ? [MAPS_EMBED_ORIGIN] : [],
      formOrigins: env.PUBLIC_SITE_PREVIEW_URL ? [new URL(env.PUBLIC_SITE_PREVIEW_URL).origin] : [],
      paymentOrigin: paymentProviderOrigin(env),
    }),
  );
  for (const middleware of options.before ?? []) app.use(middleware);
  if (!dev) {
    const client = path.resolve("build/client");
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(publicFiles(client));
  }
  app.use(originCheck(env.PUBLIC_ORIGIN));
  app.use(formBodiesOnly());
  app.use(sessionMiddleware({ secrets: env.sessionSecrets, secure: env.secureCookies }));
  const loginThrottle = LoginThrottle.fromEnv(env);
  const build = options.build;
  app.use((req, res, next) => {
    // The route id for the log line and the metrics, matched as React Router will match it.
    const locals = res.locals as RequestLocals;
    locals.routeId = (typeof build === "function" ? build() : Promise.resolve(build)).then((b) =>
      routeIdOf(b, req.path),
    );
    locals.routeId.catch(() => {});
    next();
  });
  app.all(
    "*",
    createRequestHandler({
      build: options.build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => {
        const context = createPortalContext({
          nonce: res.locals.nonce as string,
          clientAddress: req.ip,
          requestPath: pagePathOf(req.originalUrl),
          loginThrottle,
          session: res.locals.session as RequestSession,
          previewVisitor: res.locals.previewVisitor as PreviewVisitor,
          upstreamUrl: options.upstreamUrl(),
          upstreamBudgetMs: env.UPSTREAM_TIMEOUT_MS,
        });
        if (env.SERVER_TIMING) reportServerTiming(res, context.upstreamTiming);
        (res.locals as RequestLocals).upstreamTiming = context.upstreamTiming;
        return context;
      },
    }),
  );
  app.use(lastResort);
  if (env.METRICS_PORT !== undefined) serveMetricsBeside(app, env.METRICS_PORT, env.HOST);
  return app;
}

const metricsServers = new WeakMap<Server, Server>();

/** The metrics server started with `server` (METRICS_PORT set), to find its port. */
export const metricsServerOf = (server: Server) => metricsServers.get(server);

/**
 * The metrics port opens when the portal's port does and closes with it: whoever starts the
 * portal (`app.listen`) gets both, and an app made but never listened on (tests) opens neither.
 */
function serveMetricsBeside(app: express.Express, port: number, host: string) {
  const listen = app.listen.bind(app) as (...args: unknown[]) => Server;
  app.listen = ((...args: unknown[]) => {
    const server = listen(...args);
    const metrics = serveMetrics(port, host);
    metricsServers.set(server, metrics);
    server.on("close", () => metrics.close());
    return server;
  }) as typeof app.listen;
}

/**
 * The build's other public files (favicon.svg, guide/…), looked up only for the names the build
 * holds: a page's path (/advertiser) no longer costs a failed stat on every request.
 */
function publicFiles(client: string): RequestHandler {
  const names = new Set(readdirSync(client).filter((name) => name !== "assets"));
  const files = express.static(client, { maxAge: "1h" });
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    return names.has(first) ? files(req, res, next) : next();
  };
}
