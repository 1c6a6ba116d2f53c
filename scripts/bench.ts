// `npm run bench` (issue 15): the floor of this machine, then per database (PGlite, and PostgreSQL
// when its server binaries exist) the real-scale data, every endpoint under the same load, the
// portal's upstream calls per page, the one-at-a-time downloads, and the JS each route loads.
// Loopback only, bounded in time; prints a table and writes bench/results.json.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { calendarTimings } from "../bench/calendar";
import { cleanupAll, cleanupOnSignals, onCleanup } from "../bench/cleanup";
import { settle, type CpuWatch } from "../bench/cpu";
import { apiEndpoints, portalEndpoints, type Credentials, type Endpoint } from "../bench/endpoints";
import { ADVERTISER_JS_BUDGET_KIB, routeJsSizes } from "../bench/js-sizes";
import { SETTINGS, measureEndpoint, measureFloor, type LoadResult } from "../bench/load";
import { benchProxy } from "../bench/proxy";
import { findPostgres, startCluster, type Cluster } from "../bench/pg";
import {
  machine,
  printMisses,
  printTable,
  targetsFor,
  writeResults,
  type DatabaseKind,
  type Measured,
} from "../bench/report";
import { ADMIN, SCALE, SHOP, seedBench, type BenchData } from "../bench/seed";
import { apiToken, freePort, portalCookie, startServer, type Server } from "../bench/server";
import {
  INVOICE_GOAL_MS,
  SALES_GOAL_MS,
  invoiceTiming,
  salesApiPagesMs,
  salesCsvTiming,
  type Sequence,
} from "../bench/timings";

const RESULTS_FILE = "bench/results.json";

/** Whether `BENCH_ONLY` leaves this endpoint (or "downloads", the one-at-a-time timings) in. */
const chosen = (key: string) => SETTINGS.only.length === 0 || SETTINGS.only.includes(key);

async function ensureBuild() {
  if (existsSync("build/node/server.mjs")) return;
  console.log("building the portal first (npm run build) ...");
  await new Promise<void>((resolve, reject) =>
    spawn("npm", ["run", "build"], { stdio: "inherit" }).on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error("npm run build failed")),
    ),
  );
}

const LABEL: Record<DatabaseKind, string> = {
  pglite: "PGlite (in the API's process: alone, then the portal's API worker thread)",
  postgres: "PostgreSQL",
};

/**
 * Seeds a fresh database; loads the API's calls on the API alone, then the portal's pages on the
 * portal with its embedded API; stops and cleans up.
 */
async function benchDatabase(kind: DatabaseKind, floor: LoadResult, cluster?: Cluster) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "omise-bench-"));
  const removeDir = onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const target = { dataDir, databaseUrl: cluster?.databaseUrl };
  const postmaster = cluster?.postmasterPid;
  console.log(`\n== ${LABEL[kind]}: seeding ...`);
  const data = await seedBench(target);
  const counts = Object.entries(data.counts)
    .map(([table, n]) => `${n.toLocaleString("en")} ${table}`)
    .join(", ");
  console.log(`seeded in ${data.seconds.toFixed(1)} s: ${counts}`);
  try {
    const rows = await withServer("api", target, async (api) => {
      const token = await apiToken(api.base, SHOP);
      return loadEndpoints(kind, apiEndpoints(api.base, token, data), {
        server: api.pid,
        postmaster,
      });
    });
    const downloads = await withServer("portal", target, async (portal) => {
      const { base } = portal;
      const auth: Credentials = {
        shopCookie: await portalCookie(base, SHOP),
        adminCookie: await portalCookie(base, ADMIN),
      };
      const pages = portalEndpoints(base, auth, data);
      rows.push(...(await loadEndpoints(kind, pages, { server: portal.pid, postmaster })));
      printTable(rows, floor);
      printMisses(rows);
      // The load's unfinished requests (20 CSV downloads) must not run into the timings.
      await settle({ server: portal.pid, postmaster });
      return chosen("downloads") ? downloadTimings(base, auth, data) : {};
    });
    return {
      kind,
      seeding: { seconds: data.seconds, counts: data.counts },
      endpoints: rows,
      ...downloads,
    };
  } finally {
    await removeDir();
  }
}

async function withServer<T>(
  which: "api" | "portal",
  target: { dataDir: string; databaseUrl?: string },
  work: (server: Server) => Promise<T>,
): Promise<T> {
  const server = await startServer(which, target);
  const stop = onCleanup(() => server.stop());
  try {
    return await work(server);
  } finally {
    await stop();
  }
}

async function loadEndpoints(
  kind: DatabaseKind,
  list: Endpoint[],
  watch: CpuWatch,
): Promise<Measured[]> {
  const rows: Measured[] = [];
  for (const endpoint of list.filter((e) => chosen(e.key))) {
    const result = await measureEndpoint(endpoint, watch);
    rows.push({ ...result, targets: targetsFor(kind, endpoint.key, result) });
  }
  if (process.stdout.isTTY) process.stdout.write(" ".repeat(60) + "\r");
  return rows;
}

async function downloadTimings(base: string, auth: Credentials, data: BenchData) {
  const adminToken = await apiToken(base, ADMIN);
  const invoice = await invoiceTiming(base, auth.shopCookie, data.publicAdId);
  const salesCsv = await salesCsvTiming(base, auth.adminCookie);
  const salesApiMs = await salesApiPagesMs(base, adminToken);
  const line = (what: string, s: Sequence, goal: number) =>
    `${what} (${s.kib.toFixed(1)} KiB): first ${s.firstMs.toFixed(0)} ms, then p50 ` +
    `${s.p50Ms.toFixed(0)} ms, max ${s.maxMs.toFixed(0)} ms over ${s.runs} in a row ` +
    `(goal p50 < ${goal} ms: ${s.p50Ms < goal ? "PASS" : "MISS"})`;
  console.log(line("invoice PDF through the portal", invoice, INVOICE_GOAL_MS));
  console.log(
    line(`sales CSV of ${SCALE.sales.toLocaleString("en")} rows`, salesCsv, SALES_GOAL_MS) +
      `; the API's pages alone ${salesApiMs.toFixed(0)} ms`,
  );
  return { invoice, salesCsv, salesApiMs };
}

async function benchPostgres(floor: LoadResult) {
  const found = findPostgres();
  if ("missing" in found) {
    console.log(`\n== PostgreSQL: skipped (${found.missing})`);
    return { kind: "postgres" as const, skipped: found.missing };
  }
  const cluster = startCluster(found.bin, found.version, await freePort());
  const stopCluster = onCleanup(() => cluster.stop());
  try {
    return { version: found.version, ...(await benchDatabase("postgres", floor, cluster)) };
  } finally {
    await stopCluster();
  }
}

function printRouteJs(rows: Awaited<ReturnType<typeof routeJsSizes>>) {
  console.log(
    `\nJavaScript loaded per route (gzip; advertiser routes ≤ ${ADVERTISER_JS_BUDGET_KIB} KiB):`,
  );
  for (const row of rows) {
    const flag = row.pass === null ? "" : row.pass ? "  PASS" : "  MISS";
    console.log(`  ${row.route.padEnd(48)} ${row.kib.toFixed(1).padStart(7)} KiB${flag}`);
  }
}

async function main() {
  cleanupOnSignals();
  await ensureBuild();
  const started = performance.now();
  const host = machine();
  console.log(
    `${host.cpus} × ${host.cpuModel}, Node ${host.node}; autocannon ${SETTINGS.connections} ` +
      `connections, ${SETTINGS.seconds} s per endpoint after unmeasured ` +
      `${SETTINGS.warmupSeconds}-s windows until the CPU per request holds within ` +
      `${SETTINGS.warmupTolerance * 100} % (at most ${SETTINGS.warmupWindows}), loopback`,
  );
  const floor = await measureFloor();
  console.log(
    `floor: bare node:http answering ${floor.bytes} bytes of JSON: ${floor.rps.toFixed(0)} req/s, ` +
      `p50 ${floor.p50} ms, p99 ${floor.p99} ms (errors ${floor.errors})`,
  );
  const databases = [
    ...(SETTINGS.databases.includes("pglite") ? [await benchDatabase("pglite", floor)] : []),
    ...(SETTINGS.databases.includes("postgres") ? [await benchPostgres(floor)] : []),
  ];
  const proxy = SETTINGS.proxy ? await benchProxy(chosen) : null;
  const routeJs = await routeJsSizes();
  printRouteJs(routeJs);
  const calendar = calendarTimings();
  console.log("\nThe Tokyo calendar, µs per date (shared/tokyo-calendar.ts against date-fns-tz):");
  for (const row of calendar)
    console.log(
      `  ${row.name.padEnd(44)} ${row.ours.toFixed(2).padStart(6)} µs, date-fns-tz ${row.dateFnsTz.toFixed(2).padStart(6)} µs`,
    );

  const seconds = (performance.now() - started) / 1000;
  const targets: {
    database: DatabaseKind | null;
    endpoint: string;
    label: string;
    pass: boolean;
  }[] = databases.flatMap((db) =>
    ("endpoints" in db ? db.endpoints : []).flatMap((row) =>
      row.targets.map((t) => ({ database: db.kind, endpoint: row.key, ...t })),
    ),
  );
  targets.push(
    ...routeJs
      .filter((row) => row.pass !== null)
      .map((row) => ({
        database: null,
        endpoint: row.route,
        label: `JS ≤${ADVERTISER_JS_BUDGET_KIB}KiB`,
        pass: row.pass!,
      })),
  );
  const missed = targets.filter((t) => !t.pass);
  console.log(
    `
targets: ${targets.length - missed.length} of ${targets.length} PASS` +
      (missed.length > 0
        ? `; MISS: ${missed.map((t) => `${t.database ?? ""} ${t.endpoint} ${t.label}`.trim()).join(", ")}`
        : ""),
  );
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeResults(RESULTS_FILE, {
    machine: host,
    settings: { ...SETTINGS, loopback: true, tool: "autocannon" },
    scale: SCALE,
    floor,
    databases,
    proxy,
    routeJs,
    calendar,
    targets,
    seconds,
  });
  console.log(`\nwrote ${RESULTS_FILE} (${seconds.toFixed(0)} s in all)`);
}

try {
  await main();
} finally {
  await cleanupAll();
}
