// The gzip size of the JS each built route loads on a full page load (entry, root, parents, the
// route), against the advertiser routes' budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const ADVERTISER_JS_BUDGET_KIB = 110;

type BuiltRoute = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
};

export async function routeJsSizes() {
  const build = (await import(path.resolve("build/server/index.js"))) as {
    assets: {
      entry: { module: string; imports: string[] };
      routes: Record<string, BuiltRoute>;
    };
  };
  const { entry, routes } = build.assets;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join("build/client", file))).length);
    return gz.get(file)!;
  };
  const rows: { route: string; kib: number; budgetKib: number | null; pass: boolean | null }[] = [];
  for (const route of Object.values(routes)) {
    if (route.id === "root") continue;
    const chain = [route];
    while (chain[0]!.parentId) chain.unshift(routes[chain[0]!.parentId]!);
    const files = new Set([entry.module, ...entry.imports]);
    for (const r of chain) [r.module, ...(r.imports ?? [])].forEach((f) => files.add(f));
    const bytes = [...files].reduce((sum, f) => sum + size(f), 0);
    const kib = bytes / 1024;
    // The trial form is where a prospect becomes an advertiser and writes the first ad: the same
    // phones, the same budget.
    const advertiser = /^routes\/(advertiser|trial)/.test(route.id);
    rows.push({
      route: route.id,
      kib,
      budgetKib: advertiser ? ADVERTISER_JS_BUDGET_KIB : null,
      pass: advertiser ? kib <= ADVERTISER_JS_BUDGET_KIB : null,
    });
  }
  return rows.sort((a, b) => a.route.localeCompare(b.route));
}
