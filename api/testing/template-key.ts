// What the cached PGlite test template depends on: every source file the migration and seed entries
// import, followed through the whole import graph with TypeScript's own resolver (tsconfig paths
// included), plus the packages they load (by version) and the migrations the migrator reads. A change
// to any of them (shared/tokyo-calendar.ts, api/domain, a label the seed writes) makes a new template.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";

export type TemplateInputs = {
  /** The repository root (its tsconfig.json resolves the imports). */
  root: string;
  /** The modules that build the template (client.ts migrates, seed.ts seeds). */
  entries: string[];
  /** Directories read at run time rather than imported (the SQL migrations), hashed whole. */
  directories: string[];
  /** Anything else the template is a function of (the seed's "now"). */
  salt: string;
};

function compilerOptions(root: string): ts.CompilerOptions {
  const configFile = path.join(root, "tsconfig.json");
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config ?? {}, ts.sys, root, undefined, configFile).options;
}

/** The source files reachable from `entries` (outside node_modules) and the packages they import. */
export function importGraph(root: string, entries: string[]) {
  const options = compilerOptions(root);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = entries.map((entry) => path.resolve(root, entry));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
    for (const { fileName } of importedFiles) {
      const { resolvedModule } = ts.resolveModuleName(fileName, file, options, ts.sys, cache);
      if (!resolvedModule) continue; // node: built-ins
      if (resolvedModule.isExternalLibraryImport) {
        const id = resolvedModule.packageId;
        packages.add(id ? `${id.name}@${id.version}` : fileName);
      } else if (!resolvedModule.resolvedFileName.endsWith(".d.ts")) {
        pending.push(path.resolve(resolvedModule.resolvedFileName));
      }
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
    ),
  );
  return files.flat().sort();
}

/** A short content hash of everything the template is made from. */
export async function templateKey(inputs: TemplateInputs): Promise<string> {
  const { files, packages } = importGraph(inputs.root, inputs.entries);
  const read = [...files];
  for (const dir of inputs.directories)
    read.push(...(await filesUnder(path.resolve(inputs.root, dir))));
  const hash = createHash("sha256").update(inputs.salt).update(packages.join("\n"));
  for (const file of [...new Set(read)].sort()) {
    hash
      .update(path.relative(inputs.root, file))
      .update("\0")
      .update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}
