// The PGlite test template's key follows what the seed really imports: a change to a module the seed
// uses (through tsconfig paths or a relative import, in any folder) or to a migration makes a new
// template; a change to a file the seed does not use keeps the cached one.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importGraph, templateKey } from "./template-key";

let root: string;
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
};
const key = () =>
  templateKey({
    root,
    entries: ["api/db/seed.ts"],
    directories: ["api/db/migrations"],
    salt: "2025-06-15T03:00:00.000Z",
  });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "template-key-"));
  await write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { moduleResolution: "Bundler", baseUrl: ".", paths: { "~/*": ["./app/*"] } },
    }),
  );
  await write("api/db/seed.ts", 'import { today } from "~/domain/dates";\nimport "./data";\n');
  await write("api/db/data.ts", 'export { path } from "../../shared/paths";\n');
  await write("app/domain/dates.ts", "export const today = () => '2025-06-15';\n");
  await write("shared/paths.ts", "export const path = '/site';\n");
  await write("app/domain/unrelated.ts", "export const x = 1;\n");
  await write("api/db/migrations/0000_init.sql", "create table a (id int);\n");
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("the PGlite template key", () => {
  it("changes when a module the seed imports changes, through a path alias or a relative import", async () => {
    const before = await key();
    await write("app/domain/dates.ts", "export const today = () => '2025-06-16';\n");
    const afterAlias = await key();
    expect(afterAlias).not.toBe(before);
    await write("shared/paths.ts", "export const path = '/news';\n");
    expect(await key()).not.toBe(afterAlias);
  });

  it("changes with a migration and stays when an unrelated file changes", async () => {
    const before = await key();
    await write("app/domain/unrelated.ts", "export const x = 2;\n");
    expect(await key()).toBe(before);
    await write("api/db/migrations/0001_more.sql", "alter table a add b int;\n");
    expect(await key()).not.toBe(before);
  });

  it("follows the real seed out of api/db, into the portal's domain and shared/", () => {
    const repo = fileURLToPath(new URL("../..", import.meta.url));
    const { files, packages } = importGraph(repo, ["api/db/client.ts", "api/db/seed.ts"]);
    const relative = files.map((file) => path.relative(repo, file));
    expect(relative).toEqual(expect.arrayContaining(["api/db/seed.ts", "api/db/schema.ts"]));
    expect(relative.filter((file) => !file.startsWith("api/db/")).length).toBeGreaterThan(0);
    expect(relative).toContain("shared/site-paths.ts");
    expect(packages).toEqual(
      expect.arrayContaining([expect.stringMatching(/^@electric-sql\/pglite@/)]),
    );
  });
});
