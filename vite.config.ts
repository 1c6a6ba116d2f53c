// React Router's Vite plugin builds the portal (app/routes.ts, react-router.config.ts); the Express
// server in server/ serves the result.
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist",
);

/**
 * The browser build takes React Router's production files: the package exports only its
 * development build, which differs by one flag (its development warnings), ~0.6 KiB gzip on every
 * page (ADR 0003). The server and the dev server keep the exported build.
 */
const reactRouterProduction: Plugin = {
  name: "react-router-production",
  apply: "build",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId(source) {
    if (source === "react-router") return path.join(reactRouterDist, "production/index.mjs");
    if (source === "react-router/dom")
      return path.join(reactRouterDist, "production/dom-export.mjs");
    return null;
  },
};

export default defineConfig({
  plugins: [reactRouterProduction, reactRouter(), tsconfigPaths()],
  build: { target: "es2020" },
});
