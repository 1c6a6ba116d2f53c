// The migrated, demo-seeded PGlite template the test databases are copied from: built once and
// cached on disk under a key of everything the migrations and the seed import (template-key.ts), so
// a change to any module the seed uses builds a new one instead of testing a stale database.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite } from "../db/client";
import { seedDemo, seedPrefectures } from "../db/seed";
import { templateKey } from "./template-key";

/** "Now" of the seeded demo data and of the test app's clock: Sunday 15 June 2025, 12:00 in Tokyo. */
export const TEST_NOW = new Date("2025-06-15T03:00:00Z");

const root = fileURLToPath(new URL("../..", import.meta.url));
// In the checkout, not node_modules: worktrees that share one node_modules would otherwise delete
// each other's templates (below) as soon as their seeds differ.
const cacheDir = path.join(root, ".cache/pglite-template");

/** What builds the template: the migrations (client.ts and the SQL it reads) and the seed. */
const templateInputs = {
  root,
  entries: ["api/db/client.ts", "api/db/seed.ts"],
  directories: ["api/db/migrations"],
  salt: TEST_NOW.toISOString(),
};

async function buildTemplate(file: string) {
  const client = await PGlite.create();
  const { db } = await fromPglite(client);
  await seedPrefectures(db);
  // Without the site showcase ads: the tests' fixed ids and counts predate them.
  await seedDemo(db, TEST_NOW, { siteShowcase: false });
  const dump = await client.dumpDataDir("none");
  await client.close();
  await mkdir(path.dirname(file), { recursive: true });
  // Parallel test workers may build it at the same time: write aside, then rename atomically.
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  // Templates of earlier schema or seed versions are 40 MB each and never used again.
  for (const old of await readdir(path.dirname(file))) {
    if (old.endsWith(".tar") && old !== path.basename(file)) {
      await rm(path.join(path.dirname(file), old), { force: true });
    }
  }
}

/**
 * The template's file, built first when missing. vitest's global setup (tests/global-setup.ts) calls this
 * once per run, before the workers start, so they only read it.
 */
export async function ensureTemplate(): Promise<string> {
  const file = path.join(cacheDir, `${await templateKey(templateInputs)}.tar`);
  if (!existsSync(file)) {
    // Files asking at the same time in one process share one build.
    if (!building.has(file)) building.set(file, buildTemplate(file));
    await building.get(file);
  }
  return file;
}

/** This process's template builds, by file. */
const building = new Map<string, Promise<void>>();
