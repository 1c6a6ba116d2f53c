// `npm run build`, second half: compiles the server entry and the operator commands with esbuild
// into build/node/ (ADR 0019), so production runs plain `node` on JavaScript, without tsx.
// The React Router build (build/server, build/client) comes first; npm packages and Node's builtins
// stay imports resolved at run time (sharp, argon2, pg and PGlite's wasm live in node_modules).
/* global console */
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

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

/** server/index.ts imports the page build by its path from server/; from build/node/ it is here. */
const remixBuild = {
  name: "remix-build",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\/build\/server\/index\.js$/ }, () => ({
      path: "../server/index.js",
      external: true,
    }));
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
  packages: "external",
  outExtension: { ".js": ".mjs" },
  // Chunks beside the entries: api/db/client.ts finds ./migrations next to whichever file it is in.
  chunkNames: "[name]-[hash]",
  // A built server is a production server (React's production build, no Vite): an operator who
  // forgets NODE_ENV gets what `npm start` gives. An explicit NODE_ENV is kept.
  banner: { js: 'process.env.NODE_ENV ??= "production";' },
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [remixBuild],
});
cpSync("api/db/migrations", `${OUT_DIR}/migrations`, { recursive: true });
console.log(`server entries built into ${OUT_DIR}/: ${Object.keys(ENTRIES).join(", ")}`);
