// React Router's Vite plugin builds the portal (app/routes.ts, react-router.config.ts); the Express
// server in server/ serves the result.
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { reactRouterProductionFile } from "./scripts/react-router-production.mjs";

/**
 * The browser build takes React Router's production files (ADR 0003). The server build keeps the
 * import: scripts/build-server.mjs bundles it, with the same files, into the production server.
 */
const reactRouterProduction: Plugin = {
  name: "react-router-production",
  apply: "build",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId: (source) => reactRouterProductionFile(source) ?? null,
};

export default defineConfig({
  plugins: [reactRouterProduction, reactRouter(), tsconfigPaths()],
  build: { target: "es2020" },
});
