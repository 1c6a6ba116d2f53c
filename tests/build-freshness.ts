// Whether the portal's production build (build/, which the route tests import) is older than the
// sources it is built from: the portal's whole import graph (app/ and whatever it reaches, e.g.
// shared/), every file under app/ and public/ (styles, assets) and the build's configuration. An edit
// there without `npm run build` would otherwise test yesterday's portal and pass.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { importGraph } from "../api/testing/template-key";

/** The React Router server build the route tests load. */
export const SERVER_BUILD = "build/server/index.js";
const CONFIG_FILES = ["vite.config.ts", "postcss.config.js", "tsconfig.json", "package.json"];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The files `npm run build` reads. */
export function buildSources(root: string): string[] {
  const app = filesUnder(path.join(root, "app")).filter((file) => !/\.test\.tsx?$/.test(file));
  const modules = app.filter((file) => /\.tsx?$/.test(file));
  const { files } = importGraph(root, modules);
  const config = CONFIG_FILES.map((file) => path.join(root, file)).filter((file) =>
    existsSync(file),
  );
  return [...new Set([...app, ...files, ...filesUnder(path.join(root, "public")), ...config])];
}

/** Why the build cannot be trusted (missing, or older than a source it is built from), or null. */
export function staleBuildReason(root: string): string | null {
  const build = path.join(root, SERVER_BUILD);
  if (!existsSync(build)) return `No portal build (${SERVER_BUILD}): run \`npm run build\` first.`;
  const builtAt = statSync(build).mtimeMs;
  const newer = buildSources(root)
    .filter((file) => statSync(file).mtimeMs > builtAt)
    .map((file) => path.relative(root, file))
    .sort();
  if (newer.length === 0) return null;
  const named =
    newer.slice(0, 5).join(", ") + (newer.length > 5 ? ` and ${newer.length - 5} more` : "");
  return `The portal build (${SERVER_BUILD}) is older than its sources (${named}): run \`npm run build\` before the route tests.`;
}
