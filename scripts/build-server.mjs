// `npm run build`, second half: compiles the server entry and the operator commands with esbuild
// into build/node/ (ADR 0019), so production runs plain `node` on JavaScript, without tsx.
// The React Router build (build/server, build/client) comes first. The server entry bundles the page
// build with React Router in its production files (one copy of it, see below); other npm packages
// and Node's builtins stay imports resolved at run time (sharp, argon2, pg and PGlite's wasm live in
// node_modules).
/* global console */
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";
import { reactRouterProductionFile } from "./react-router-production.mjs";

const OUT_DIR = "build/node";

/** What `node build/node/<name>.mjs` runs. */
const ENTRIES = {
  // The portal: `npm start`, the Docker image's command.
  server: "server/index.ts",
  // Its embedded API's worker thread, next to it: server/embedded-api.ts starts ./api-worker.mjs.
  "api-worker": "server/api-worker.ts",
  // The operator's commands: the reference API alone (`npm run api` runs its sources), the first
  // administrator, and what works in front of an upstream.
  api: "api/main.ts",
  "create-admin": "api/scripts/create-admin.ts",
  "check-upstream": "scripts/check-upstream.ts",
  // The portal's dynamic import of the embedded API (inline mode), under a name a test can check.
  "reference-api": "api/index.ts",
};

/** Bundled with the page build besides React Router itself: its Express adapter. */
const BUNDLED = new Set(["@react-router/express", "@react-router/node"]);

/**
 * React Router once, in its production files (scripts/react-router-production.mjs): the page build
 * (build/server/index.js, imported by server/index.ts), the Express adapter that runs it and
 * server/route-id.ts all import `react-router`; bundled together they share one copy, so a route's
 * `data()` or a context is the same class the request handler knows. Every other package stays
 * external, as with esbuild's `packages: "external"`.
 */
const reactRouterBundled = {
  name: "react-router-bundled",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const production = reactRouterProductionFile(path);
      if (production) return { path: production };
      return BUNDLED.has(path) ? undefined : { path, external: true };
    });
  },
};

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: ENTRIES,
  outdir: OUT_DIR,
  bundle: true,
  // The embedded API is a dynamic import (server/index.ts): split, its chunk and the packages it
  // imports (sharp, argon2, PGlite) load only when the portal runs it, never in proxy mode.
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.11",
  outExtension: { ".js": ".mjs" },
  // Chunks beside the entries: api/db/client.ts finds ./migrations next to whichever file it is in.
  chunkNames: "[name]-[hash]",
  // A built server is a production server (React's production build, no Vite): an operator who
  // forgets NODE_ENV gets what `npm start` gives. An explicit NODE_ENV is kept.
  banner: { js: 'process.env.NODE_ENV ??= "production";' },
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [reactRouterBundled],
  // The ES module files of the bundled adapters (their exports name them under "module-sync").
  conditions: ["module-sync"],
});
cpSync("api/db/migrations", `${OUT_DIR}/migrations`, { recursive: true });
console.log(`server entries built into ${OUT_DIR}/: ${Object.keys(ENTRIES).join(", ")}`);
