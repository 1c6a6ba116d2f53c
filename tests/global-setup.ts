// vitest's global setup, once per run in the main process before the workers start: the PGlite test
// template is checked (and rebuilt when what it is made from changed), and whether the portal build
// is older than its sources is decided once for every route test file (tests/routes/stack.ts).
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { ensureTemplate } from "../api/testing/template";
import { staleBuildReason } from "./build-freshness";

declare module "vitest" {
  export interface ProvidedContext {
    /** The template's file (api/testing/db.ts copies it for every test database). */
    pgliteTemplate: string;
    /** Why build/ must not be tested (missing or older than its sources), or null. */
    staleBuild: string | null;
  }
}

export default async function setup(project: TestProject) {
  project.provide("pgliteTemplate", await ensureTemplate());
  project.provide("staleBuild", staleBuildReason(fileURLToPath(new URL("..", import.meta.url))));
}
