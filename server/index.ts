// Entry point: `npm start` (production build) and `npm run dev` (Vite middleware, HMR).
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { initEnv } from "../app/.server/env";
import { startEmbeddedApi } from "../api/index";
import { createPortalApp } from "./app";

const env = initEnv();
let port = env.PORT;

let embeddedApi: RequestHandler | undefined;
let closeApi: (() => Promise<void>) | undefined;
if (!env.ADV_API_URL) {
  const api = await startEmbeddedApi({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    demo: env.demo,
    // The embedded news site verifies the preview forms the portal signs.
    env: { ...process.env, SITE_PREVIEW_SECRET: env.sitePreviewSecret },
  });
  const listener = getRequestListener(api.app.fetch);
  embeddedApi = (req, res) => void listener(req, res);
  closeApi = api.close;
}

let build: ServerBuild | (() => Promise<ServerBuild>);
const before: RequestHandler[] = [];
if (env.NODE_ENV === "development") {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  before.push(devServer.middlewares);
  build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  // @ts-expect-error the build exists only after `npm run build`
  build = (await import("../build/server/index.js")) as ServerBuild;
}

const app = createPortalApp({
  env,
  build,
  before,
  embeddedApi,
  upstreamUrl: () => env.ADV_API_URL ?? `http://127.0.0.1:${port}`,
});

const server = app.listen(env.PORT, env.HOST, () => {
  port = (server.address() as AddressInfo).port;
  console.log(`お店News 広告管理: http://localhost:${port} (${env.NODE_ENV})`);
  console.log(
    env.ADV_API_URL ? `upstream: ${env.ADV_API_URL}` : "upstream: embedded reference API",
  );
});

function shutdown() {
  server.close(() => {
    void (closeApi?.() ?? Promise.resolve()).finally(() => process.exit(0));
  });
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
