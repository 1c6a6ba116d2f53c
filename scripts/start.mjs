// `npm start`, `npm run create-admin` and `npm run check-upstream`: run a built entry
// (build/node/<name>.mjs) with plain node, in this process so signals reach it. Builds first only
// when there is no build (a fresh clone's `npm ci && npm start`); a restart never rebuilds. A
// build older than the sources is run as it is, with a warning: rebuilding is a deliberate step
// (ADR 0019).
/* global process, console */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
/** What goes into the build: newer than the build means it no longer runs these sources. */
const SOURCES = ["app", "server", "api", "shared", "public", "vite.config.ts"];

/** The built entries one may run (scripts/build-server.mjs builds them). */
const COMMANDS = ["server", "api", "create-admin", "check-upstream"];

const [name = "server", ...args] = process.argv.slice(2);
if (!COMMANDS.includes(name)) {
  console.error(`usage: node scripts/start.mjs [${COMMANDS.join("|")}] [arguments]`);
  process.exit(2);
}
const entry = path.join(ROOT, "build", "node", `${name}.mjs`);

if (!existsSync(entry)) {
  console.log(`No build at ${path.relative(ROOT, entry)}: building it first (npm run build) ...`);
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0 || !existsSync(entry)) {
    console.error("The build failed (it needs the devDependencies: npm ci, then npm run build).");
    process.exit(1);
  }
} else {
  const built = statSync(entry).mtimeMs;
  const newer = SOURCES.map((source) => newerThan(path.join(ROOT, source), built)).find(Boolean);
  if (newer)
    console.warn(
      `The build is older than ${path.relative(ROOT, newer)}: it runs the sources as they were. ` +
        "Run `npm run build` to run the current ones.",
    );
}

// The entry reads its arguments as if node had run it directly.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);

/** The first file under `file` modified after `time`, if any (sources absent: none). */
function newerThan(file, time) {
  if (!existsSync(file)) return undefined;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs > time ? file : undefined;
  for (const child of readdirSync(file)) {
    const found = newerThan(path.join(file, child), time);
    if (found) return found;
  }
  return undefined;
}
