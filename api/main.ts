// `npm run api`: the reference API alone, on API_HOST:API_PORT (default 127.0.0.1:8080).
import { serve } from "@hono/node-server";
import { z } from "zod";
import { isDemoMode } from "./config";
import { startEmbeddedApi } from "./index";

const env = z
  .object({
    API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    API_HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.string().min(1).optional(),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));

const api = await startEmbeddedApi({
  dataDir: env.DATA_DIR,
  databaseUrl: env.DATABASE_URL,
  demo: isDemoMode(process.env),
  env: process.env,
});

const server = serve(
  { fetch: api.app.fetch, port: env.API_PORT, hostname: env.API_HOST },
  (info) => {
    console.log(
      `reference API: http://${env.API_HOST}:${info.port}/api/adv (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
    );
  },
);

function shutdown() {
  server.close(() => {
    void api.close().finally(() => process.exit(0));
  });
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
