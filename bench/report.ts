// The issue 32 CPU targets beside each figure (PASS/MISS), the printed table, and bench/results.json.
import { cpus } from "node:os";
import { writeFileSync } from "node:fs";
import { cpuTotal, type CpuPerRequest } from "./cpu";
import { SETTINGS, type LoadResult } from "./load";

export type DatabaseKind = "pglite" | "postgres";

/** A target beside a figure; a miss carries what bounds it, computed from the same run. */
export type Target = { label: string; pass: boolean; why?: string };

export type Measured = LoadResult & {
  key: string;
  name: string;
  /** The portal's upstream calls for one request (Server-Timing), null for the API itself. */
  calls: number | null;
  upstreamMs: number | null;
  /** The status of the single request before the load (a page that fails shows it here). */
  probeStatus: number;
  /** The unmeasured load before the run, until the CPU per request held steady (load.ts). */
  warmupSeconds: number;
  /** CPU per request of the server, the database and the load generator; null with no answer. */
  cpu: CpuPerRequest | null;
  targets: Target[];
};

/**
 * Issue 32: what one request may cost in CPU milliseconds, in all processes (the server with its
 * threads, PostgreSQL, the load generator), per database.
 */
export const CPU_TARGETS: Record<string, Record<DatabaseKind, number>> = {
  "api-posts": { postgres: 2, pglite: 4 },
  "my-page": { postgres: 10, pglite: 12 },
  "ad-detail": { postgres: 10, pglite: 12 },
  "form-next": { postgres: 10, pglite: 12 },
  "admin-ads": { postgres: 15, pglite: 20 },
  "admin-ads-company": { postgres: 15, pglite: 20 },
  "admin-advertisers": { postgres: 25, pglite: 30 },
  "sales-csv": { postgres: 300, pglite: 300 },
};

/**
 * The endpoint's CPU target on this database, with what it implies at the bench's connections:
 * the cores answer at most cores × 1000 ÷ CPU ms a second, and every connection waiting, the mean
 * answer takes connections ÷ that (Little's law; the p99 is above the mean).
 */
export function targetsFor(
  kind: DatabaseKind,
  key: string,
  r: LoadResult & { cpu: CpuPerRequest | null },
): Target[] {
  const goal = CPU_TARGETS[key]?.[kind];
  if (goal === undefined) return [];
  const cores = cpus().length;
  const rps = (cores * 1000) / goal;
  const label = `CPU≤${goal}ms (≥${rps.toFixed(0)}/s, mean ≤${((SETTINGS.connections * 1000) / rps).toFixed(0)}ms)`;
  if (!r.cpu || r.ok === 0) return [{ label, pass: false, why: "no answer within the run" }];
  const total = cpuTotal(r.cpu);
  const pass = total <= goal;
  return [{ label, pass, ...(pass ? {} : { why: cpuBound(r.cpu, goal) }) }];
}

const ms = (x: number) => x.toFixed(2);

/** Where a request's CPU went, against its goal: the part to cut shows. */
function cpuBound(cpu: CpuPerRequest, goal: number) {
  const total = cpuTotal(cpu);
  return (
    `one request costs ${ms(total)} CPU ms, ${ms(total - goal)} over: server ${ms(cpu.server)} ` +
    `(its busiest thread ${ms(cpu.busiestThread)}), database ${ms(cpu.database)}, load ` +
    `generator ${ms(cpu.load)}; these allow at most ${cpu.ceiling.toFixed(0)}/s`
  );
}

/** Every missed target of a table with its reason, one line each. */
export function printMisses(rows: Measured[]) {
  for (const row of rows)
    for (const t of row.targets)
      if (!t.pass) console.log(`  MISS ${row.name} ${t.label}: ${t.why ?? ""}`);
}

const verdict = (t: Target) => `${t.label} ${t.pass ? "PASS" : "MISS"}`;

/** `x` as a fraction of the floor's `floor` (throughput) or as a multiple (latency). */
const share = (x: number, floor: number) => `${((100 * x) / floor).toFixed(1)}%`;
function latency(ms: number | null, floor: number | null) {
  if (ms === null) return "—";
  return floor ? `${ms} ×${(ms / floor).toFixed(0)}` : `${ms}`;
}

function errorsCell(r: LoadResult) {
  const bad = Object.entries(r.statuses).filter(([code]) => !code.startsWith("2"));
  const detail = bad.map(([code, n]) => `${code}×${n}`).join(" ");
  const errors = `${r.errors}${detail ? ` (${detail})` : ""}`;
  // Every connection leaves one request behind when the run ends; that matters (the percentiles
  // miss the slowest answers) only when they are many beside the answered ones.
  return r.unfinished * 10 > r.ok ? `${errors}, ${r.unfinished} unfinished` : errors;
}

/** Where one request's CPU went: the server, the database (PostgreSQL), the load generator. */
function cpuCell(cpu: CpuPerRequest | null) {
  if (!cpu) return "—";
  return `${ms(cpu.server)}+${ms(cpu.database)}+${ms(cpu.load)}`;
}

export function printTable(rows: Measured[], floor: LoadResult) {
  const header = [
    "endpoint".padEnd(38),
    "req/s".padStart(8),
    "floor".padStart(7),
    "p50 ms".padStart(12),
    "p99 ms".padStart(12),
    "calls".padStart(6),
    "CPU ms/req srv+db+load".padStart(23),
    "thread".padStart(7),
    "ceiling".padStart(8),
    "warm s".padStart(7),
    "  errors / targets",
  ].join(" ");
  console.log(header);
  for (const r of rows) {
    const cells = [
      r.name.padEnd(38),
      r.rps.toFixed(1).padStart(8),
      share(r.rps, floor.rps).padStart(7),
      latency(r.p50, floor.p50).padStart(12),
      latency(r.p99, floor.p99).padStart(12),
      (r.calls === null ? "—" : String(r.calls)).padStart(6),
      cpuCell(r.cpu).padStart(23),
      (r.cpu ? ms(r.cpu.busiestThread) : "—").padStart(7),
      (r.cpu ? r.cpu.ceiling.toFixed(0) : "—").padStart(8),
      String(r.warmupSeconds).padStart(7),
      `  ${errorsCell(r)}`,
      ...r.targets.map(verdict),
    ];
    const failed = r.probeStatus >= 300 ? `  (single request answered ${r.probeStatus})` : "";
    console.log(cells.join(" ") + failed);
  }
}

export function machine() {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model ?? "unknown",
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  };
}

export function writeResults(file: string, results: unknown) {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
