// The embedded reference API in its own thread (ADR 0014): database, jobs and HTTP on a loopback
// port, so the portal's rendering and the database work on two cores.
import type { Server } from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { serve } from "@hono/node-server";
import { startEmbeddedApi, type EmbeddedApiOptions } from "../api/index";
import type { ApiWorkerMessage, ApiWorkerCommand } from "./embedded-api";
import { errorLine } from "./error-line";

const port = parentPort;
if (!port) throw new Error("server/api-worker.ts runs only as a worker thread");

try {
  const api = await startEmbeddedApi(workerData as EmbeddedApiOptions);
  const server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
    post({ type: "ready", port: info.port }),
  );
  port.on("message", (command: ApiWorkerCommand) => {
    if (command.type !== "close") return;
    // Stop taking requests, then close the database so PGlite's directory is left unlocked.
    server.close(() => {
      void api.close().then(
        () => post({ type: "closed" }),
        (error: unknown) => post({ type: "failed", message: errorLine(error) }),
      );
    });
    // The portal's keep-alive connections would hold the close open.
    (server as Server).closeIdleConnections();
  });
} catch (error) {
  post({ type: "failed", message: errorLine(error) });
}

function post(message: ApiWorkerMessage) {
  port!.postMessage(message);
}
