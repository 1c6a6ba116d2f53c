// The route tests refuse a portal build older than its sources, saying to run `npm run build`: an
// edit to a route, to a module the app imports from outside app/ (shared/), to a style or to the
// build's configuration counts; an edit the build never reads (the API, a test) does not.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SERVER_BUILD, staleBuildReason } from "../build-freshness";

let root: string;
const BUILT_AT = new Date("2026-01-01T00:00:00Z");
const write = (file: string, text: string, at = new Date("2025-12-31T00:00:00Z")) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  utimesSync(path.join(root, file), at, at);
};
/** An edit made after the build. */
const edit = (file: string, text: string) => write(file, text, new Date("2026-01-02T00:00:00Z"));

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "build-freshness-"));
  write("tsconfig.json", JSON.stringify({ compilerOptions: { moduleResolution: "Bundler" } }));
  write("vite.config.ts", "export default {};\n");
  write(
    "app/root.tsx",
    'import "./styles/app.css";\nexport default function App() { return null; }\n',
  );
  write(
    "app/routes/_index.tsx",
    'import { report } from "../../shared/report";\nexport const r = report;\n',
  );
  write("app/routes/_index.test.ts", "export {};\n");
  write("app/styles/app.css", "body {}\n");
  write("shared/report.ts", "export const report = 1;\n");
  write("shared/unused.ts", "export const unused = 1;\n");
  write("api/app.ts", "export const api = 1;\n");
  write("public/favicon.svg", "<svg/>\n");
  write(SERVER_BUILD, "export {};\n", BUILT_AT);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the portal build's freshness", () => {
  it("is fresh when built after every source", () => {
    expect(staleBuildReason(root)).toBeNull();
  });

  it.each([
    ["a route", "app/routes/_index.tsx"],
    ["a module outside app/ the app imports", "shared/report.ts"],
    ["a style", "app/styles/app.css"],
    ["a public asset", "public/favicon.svg"],
    ["the build's configuration", "vite.config.ts"],
  ])("is stale after an edit to %s, naming it and `npm run build`", (_, file) => {
    edit(file, "export const changed = 2;\n");
    const reason = staleBuildReason(root);
    expect(reason).toContain("`npm run build`");
    expect(reason).toContain(file);
  });

  it.each([
    ["the API", "api/app.ts"],
    ["a test beside the app", "app/routes/_index.test.ts"],
    ["a shared module the app does not import", "shared/unused.ts"],
  ])("stays fresh after an edit to %s, which the build does not read", (_, file) => {
    edit(file, "export const changed = 2;\n");
    expect(staleBuildReason(root)).toBeNull();
  });

  it("says to build when there is no build", () => {
    rmSync(path.join(root, "build"), { recursive: true });
    expect(staleBuildReason(root)).toMatch(/No portal build .*`npm run build`/);
  });
});
