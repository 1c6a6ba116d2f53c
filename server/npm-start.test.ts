// `npm start` (scripts/start.mjs) in a project of its own whose `npm run build` writes a stand-in
// entry: a fresh clone builds once, a restart runs the build without building it again, and a
// build older than the sources runs with a warning; the arguments reach the built command.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = mkdtempSync(path.join(tmpdir(), "omise-npm-start-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The stand-in build counts its runs; the entry prints its arguments.
const BUILD = `
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
appendFileSync("builds.log", "built\\n");
mkdirSync("build/node", { recursive: true });
writeFileSync("build/node/create-admin.mjs", "console.log('ran', process.argv.slice(2).join(' '));\\n");
`;

mkdirSync(path.join(root, "scripts"));
copyFileSync("scripts/start.mjs", path.join(root, "scripts/start.mjs"));
writeFileSync(path.join(root, "fake-build.mjs"), BUILD);
writeFileSync(
  path.join(root, "package.json"),
  JSON.stringify({ type: "module", scripts: { build: "node fake-build.mjs" } }),
);
mkdirSync(path.join(root, "app"));
writeFileSync(path.join(root, "app/root.tsx"), "");

function start(...args: string[]) {
  const result = spawnSync(process.execPath, ["scripts/start.mjs", "create-admin", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return { out: result.stdout, err: result.stderr };
}

const builds = () =>
  readFileSync(path.join(root, "builds.log"), { encoding: "utf8", flag: "a+" }).split("\n").length -
  1;

describe("npm start", () => {
  it("builds when there is no build, then runs it; a restart does not build again", () => {
    const first = start("ops@example.com", "secret-password", "運用");
    expect(first.out).toContain("No build at build/node/create-admin.mjs: building it first");
    expect(first.out).toContain("ran ops@example.com secret-password 運用");
    expect(builds()).toBe(1);

    const again = start("ops@example.com");
    expect(again.out).not.toContain("building");
    expect(again.out).toContain("ran ops@example.com");
    expect(builds()).toBe(1);
  }, 60_000);

  it("runs a build older than the sources as it is, saying so", () => {
    // A build of its own, and the sources a minute after it, whatever the clock says.
    const entry = path.join(root, "build/node/create-admin.mjs");
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(entry, "console.log('ran');\n");
    const built = new Date(2026, 0, 1, 12, 0, 0);
    utimesSync(entry, built, built);
    const edited = new Date(2026, 0, 1, 12, 1, 0);
    utimesSync(path.join(root, "app/root.tsx"), edited, edited);

    const before = builds();
    const stale = start();
    expect(stale.err).toContain("The build is older than app/root.tsx");
    expect(stale.out).toContain("ran");
    expect(builds()).toBe(before);
  }, 60_000);
});
