// The metrics endpoint on a port of its own (METRICS_PORT): Prometheus scrapes it on the
// internal network; the public port never serves it. GET /metrics, nothing else.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { log } from "../app/.server/logger";
import { metrics } from "../app/.server/metrics";
import { errorLine } from "./error-line";

export function serveMetrics(port: number, host: string): Server {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
      (error: unknown) => {
        log.error(`metrics could not be collected: ${errorLine(error)}`);
        res.writeHead(500).end();
      },
    );
  });
  server.on("error", (error) => log.error(`metrics port ${port}: ${errorLine(error)}`));
  server.listen(port, host, () => {
    log.info("metrics listening", {
      port: (server.address() as AddressInfo).port,
      path: "/metrics",
    });
  });
  return server;
}
