// Entry point: `npm start` (built into build/node/server.mjs, ADR 0019) and `npm run dev` (tsx,
// Vite middleware, HMR).
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import type { RequestHandler } from "express";
import { initEnv } from "../app/.server/env";
import { configureLogFrom, log } from "../app/.server/logger";
import type { EmbeddedApiOptions } from "../api/index";
import { apiProxy } from "./api-proxy";
import { createPortalApp } from "./app";
import { startApiWorker } from "./embedded-api";
import { errorLine } from "./error-line";
import { listeningOrigin } from "./listening-origin";
import { embeddedApiReady, type Readiness } from "./probes";

/** How long an idle keep-alive connection is kept open (below). */
const KEEP_ALIVE_MS = 65_000;

const env = startingEnv();
configureLogFrom(env);
let port = env.PORT;

/** The settings; else the process ends saying what is wrong, one line (no stack in the log). */
function startingEnv() {
  try {
    return initEnv();
  } catch (error) {
    log.error(`The portal cannot start: ${errorLine(error)}`);
    process.exit(1);
  }
}

type Upstream = {
  handler: RequestHandler;
  url: () => string;
  /** The embedded API's readiness (its database answers), for the portal's /readyz. */
  ready: Readiness;
  close: () => Promise<void>;
};

/** The embedded API in a worker thread (default) or on the portal's own event loop. */
async function startEmbedded(): Promise<Upstream> {
  const options: EmbeddedApiOptions = {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    demo: env.demo,
    // Mails link the login page on PUBLIC_ORIGIN, else on the address this portal answers on.
    portalOrigin: listeningOrigin(env.HOST, env.PORT),
    // The embedded news site verifies the preview forms the portal signs.
    env: { ...process.env, SITE_PREVIEW_SECRET: env.sitePreviewSecret },
  };
  if (env.EMBEDDED_API === "inline") {
    // Imported here, not at the top: in proxy mode the reference API (sharp, argon2, its database
    // drivers) is never loaded (tests/routes/production-build.test.ts proves it on the build).
    const { startEmbeddedApi } = await import("../api/index");
    const { getRequestListener } = await import("@hono/node-server");
    const api = await startEmbeddedApi(options);
    const listener = getRequestListener(api.app.fetch);
    return {
      handler: (req, res) => void listener(req, res),
      url: () => `http://127.0.0.1:${port}`,
      ready: embeddedApiReady((path, init) =>
        Promise.resolve(api.app.fetch(new Request(`http://127.0.0.1${path}`, init))),
      ),
      close: api.close,
    };
  }
  const worker = await startApiWorker(options, (reason) => {
    // Half a portal is worse than none: a supervisor restarts the whole process. A database
    // that goes away is no crash (the API answers 503 and reconnects, api/db/client.ts).
    log.error(`${reason}; the portal stops.`);
    process.exit(1);
  });
  return {
    handler: apiProxy(() => worker.port),
    url: () => `http://127.0.0.1:${worker.port}`,
    ready: embeddedApiReady((path, init) => fetch(`http://127.0.0.1:${worker.port}${path}`, init)),
    close: worker.close,
  };
}

let embedded: Upstream | undefined;
if (!env.ADV_API_URL) {
  try {
    embedded = await startEmbedded();
  } catch (error) {
    log.error(`The embedded reference API could not start: ${errorLine(error)}`);
    process.exit(1);
  }
}

let build: ServerBuild | (() => Promise<ServerBuild>);
const before: RequestHandler[] = [];
if (env.NODE_ENV === "development") {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  before.push(devServer.middlewares);
  build = () =>
    devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  // @ts-expect-error the build exists only after `npm run build`
  build = (await import("../build/server/index.js")) as ServerBuild;
}

const app = createPortalApp({
  env,
  build,
  before,
  embeddedApi: embedded?.handler,
  upstreamUrl: () => env.ADV_API_URL ?? embedded!.url(),
  ready: embedded?.ready,
});

const server = app.listen(env.PORT, env.HOST, () => {
  port = (server.address() as AddressInfo).port;
  // The address mails link too (when PUBLIC_ORIGIN is unset): one address in the log and the mails.
  log.info(`お店News 広告管理: ${listeningOrigin(env.HOST, port)} (${env.NODE_ENV})`);
  log.info(
    env.ADV_API_URL
      ? `upstream: ${env.ADV_API_URL}`
      : `upstream: embedded reference API (${env.EMBEDDED_API === "inline" ? "in the portal's thread" : "worker thread"})`,
  );
});

// Idle keep-alive connections are kept 65 s, longer than the load balancers in front keep theirs
// (60 s is usual): with Node's 5 s, a proxy or client that reuses a connection just as the server
// closes it gets a reset instead of an answer. Headers may take a little longer still (Node asks).
server.keepAliveTimeout = KEEP_ALIVE_MS;
server.headersTimeout = KEEP_ALIVE_MS + 1_000;

function shutdown() {
  server.close(() => {
    // The API closes its database before the process ends: PGlite's directory is left unlocked.
    void (embedded?.close() ?? Promise.resolve()).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error(`The embedded reference API did not close cleanly: ${errorLine(error)}`);
        process.exit(1);
      },
    );
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
