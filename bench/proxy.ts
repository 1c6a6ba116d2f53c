// Proxy mode (issue 42): the portal process alone in front of the reference API running as a
// process of its own, as an operator runs the portal in front of the PHP API; the portal's CPU per
// page is what the operator pays. BENCH_PROXY_AB=<another checkout, built> loads that checkout's
// portal too, the two in turn page by page (A B B A), so a framework move is judged in one
// sitting on one machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { onCleanup } from "./cleanup";
import { portalEndpoints } from "./endpoints";
import { SETTINGS, measureEndpoint } from "./load";
import { ADMIN, SHOP, seedBench } from "./seed";
import { portalCookie, startServer, type Server, type Target } from "./server";

/** The pages an operator's portal serves most, one per screen kind. */
const PROXY_PAGES = ["my-page", "ad-detail", "admin-ads", "admin-advertisers"];

type Build = { label: string; root: string };

export type ProxyRow = {
  key: string;
  name: string;
  /** Per build label: the portal's CPU ms per page (mean of its runs), req/s, p50 ms, calls. */
  builds: Record<
    string,
    { cpuMs: number | null; rps: number; p50: number | null; calls: number | null; runs: number }
  >;
};

function buildsToCompare(): Build[] {
  const builds = [{ label: "this checkout", root: process.cwd() }];
  const other = process.env.BENCH_PROXY_AB;
  if (other) builds.push({ label: path.basename(path.resolve(other)), root: path.resolve(other) });
  return builds;
}

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "omise-bench-proxy-"));
  return { dir, removed: onCleanup(() => rmSync(dir, { recursive: true, force: true })) };
};

async function started(which: "api" | "portal", target: Target, root?: string) {
  const server = await startServer(which, target, root);
  return { server, stopped: onCleanup(() => server.stop()) };
}

/** Seeds the bench's data (PGlite) for the API, starts it and one portal per build, loads the pages. */
export async function benchProxy(chosen: (key: string) => boolean): Promise<ProxyRow[]> {
  const builds = buildsToCompare();
  console.log(
    `\n== proxy mode: the portal process alone, in front of the reference API as its own process` +
      (builds.length > 1 ? ` (A/B: ${builds.map((b) => b.label).join(" against ")})` : ""),
  );
  const apiData = tempDir();
  const cleanups: (() => Promise<void>)[] = [apiData.removed];
  try {
    const data = await seedBench({ dataDir: apiData.dir });
    const api = await started("api", { dataDir: apiData.dir });
    cleanups.unshift(api.stopped);
    const portals: { build: Build; server: Server; pages: ReturnType<typeof portalEndpoints> }[] =
      [];
    for (const build of builds) {
      const own = tempDir();
      cleanups.push(own.removed);
      const portal = await started(
        "portal",
        { dataDir: own.dir, upstream: api.server.base },
        build.root,
      );
      cleanups.unshift(portal.stopped);
      const base = portal.server.base;
      const auth = {
        shopCookie: await portalCookie(base, SHOP),
        adminCookie: await portalCookie(base, ADMIN),
      };
      const pages = portalEndpoints(base, auth, data).filter(
        (e) => PROXY_PAGES.includes(e.key) && chosen(e.key),
      );
      portals.push({ build, server: portal.server, pages });
    }
    // One build alone: one run a page. Two: A B B A, so a drift of the machine falls on both;
    // `BENCH_PROXY_ROUNDS` repeats it (two processes of one build differ by up to 15 % a run).
    const round = portals.length === 1 ? [portals[0]!] : [...portals, ...[...portals].reverse()];
    const order = Array.from({ length: SETTINGS.proxyRounds }, () => round).flat();
    const rows = new Map<string, ProxyRow>();
    for (const [index, endpoint] of portals[0]!.pages.entries()) {
      for (const portal of order) {
        const page = portal.pages[index]!;
        const result = await measureEndpoint(page, { server: portal.server.pid });
        const row = rows.get(page.key) ?? { key: page.key, name: page.name, builds: {} };
        rows.set(page.key, row);
        const seen = row.builds[portal.build.label];
        const cpuMs = result.cpu?.server ?? null;
        row.builds[portal.build.label] = seen
          ? {
              cpuMs:
                seen.cpuMs === null || cpuMs === null
                  ? null
                  : (seen.cpuMs * seen.runs + cpuMs) / (seen.runs + 1),
              rps: (seen.rps * seen.runs + result.rps) / (seen.runs + 1),
              p50: result.p50,
              calls: result.calls,
              runs: seen.runs + 1,
            }
          : { cpuMs, rps: result.rps, p50: result.p50, calls: result.calls, runs: 1 };
        if (result.probeStatus >= 300)
          console.log(
            `  ${endpoint.name} on ${portal.build.label}: the single request answered ${result.probeStatus}`,
          );
      }
    }
    const list = [...rows.values()];
    printProxyTable(list, builds);
    return list;
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

function printProxyTable(rows: ProxyRow[], builds: Build[]) {
  const cell = (s: string, width = 22) => s.padStart(width);
  console.log(
    `${"page".padEnd(38)}${builds.map((b) => cell(`${b.label} ms/page`)).join("")}` +
      `${builds.length > 1 ? cell("change", 9) : ""}${cell("req/s", 9)}${cell("calls", 6)}`,
  );
  for (const row of rows) {
    const figures = builds.map((b) => row.builds[b.label]?.cpuMs ?? null);
    const [a, b] = figures;
    const change = a != null && b != null && b > 0 ? `${(((a - b) / b) * 100).toFixed(1)}%` : "—";
    const first = row.builds[builds[0]!.label];
    console.log(
      row.name.padEnd(38) +
        figures.map((f) => cell(f === null ? "—" : f.toFixed(2))).join("") +
        (builds.length > 1 ? cell(change, 9) : "") +
        cell(first ? first.rps.toFixed(1) : "—", 9) +
        cell(first?.calls == null ? "—" : String(first.calls), 6),
    );
  }
  console.log(
    `  (CPU of the portal process only, ${SETTINGS.connections} connections, the mean of ` +
      `${rows[0]?.builds[builds[0]!.label]?.runs ?? 0} runs a build; change = this checkout ` +
      `against the other)`,
  );
}
