// React Router's production files. The package exports only its development build, which adds
// development checks and warnings: ~0.6 KiB gzip on every page in the browser, and about a tenth
// of My Page's server CPU (ADR 0025). The browser build (vite.config.ts) and the server bundle
// (scripts/build-server.mjs) take these files instead; the dev server and the tests keep the
// exported build.
import { createRequire } from "node:module";
import path from "node:path";

const dist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist",
  "production",
);

const FILES = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };

/** The production file for an import of `react-router` or `react-router/dom`; others: undefined. */
export function reactRouterProductionFile(source) {
  const file = FILES[source];
  return file && path.join(dist, file);
}
