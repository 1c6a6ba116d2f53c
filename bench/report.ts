// The issue 15 targets beside each figure (PASS/MISS), the printed table, and bench/results.json.
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
  /** CPU per request of the server, the database and the load generator; null with no answer. */
  cpu: CpuPerRequest | null;
  targets: Target[];
};

/** Issue 15 §4 on this machine: the API's posts page, My Page beside it, the filtered ad list. */
export function targetsFor(
  kind: DatabaseKind,
  key: string,
  r: LoadResult & { cpu: CpuPerRequest | null },
  apiPostsRps: number,
) {
  const targets: Target[] = [];
  const rps = (goal: number, label: string) => {
    const pass = r.rps >= goal;
    targets.push({ label, pass, ...(pass ? {} : { why: throughputBound(r.cpu, goal) }) });
  };
  // No answer at all within the run is a miss, never a latency of 0.
  const p99 = (ms: number) => {
    const pass = r.p99 !== null && r.ok > 0 && r.p99 < ms;
    targets.push({ label: `p99<${ms}ms`, pass, ...(pass ? {} : { why: latencyBound(r, ms) }) });
  };
  if (key === "api-posts") {
    const goal = kind === "postgres" ? 1000 : 300;
    rps(goal, `≥${goal}/s`);
    p99(50);
  } else if (key === "my-page") {
    const half = apiPostsRps / 2;
    rps(half, `≥${half.toFixed(0)}/s (½ API)`);
    p99(100);
  } else if (key === "admin-ads-company") {
    p99(150);
  }
  return targets;
}

const ms = (x: number) => x.toFixed(2);

/** The cores, and the busiest thread, answer no faster than their CPU time allows. */
function throughputBound(cpu: CpuPerRequest | null, goal: number) {
  if (!cpu) return "no answer within the run";
  const cores = cpus().length;
  const total = cpuTotal(cpu);
  const costs =
    `one request costs ${ms(total)} CPU ms (server ${ms(cpu.server)}, database ` +
    `${ms(cpu.database)}, load generator ${ms(cpu.load)})`;
  const threadBound = 1000 / cpu.busiestThread;
  if (threadBound <= (cores * 1000) / total)
    return (
      `${costs}, of which ${ms(cpu.busiestThread)} ms on the server's busiest thread, which runs ` +
      `on one core: at most ${threadBound.toFixed(0)}/s; ${goal.toFixed(0)}/s needs ≤ ` +
      `${ms(1000 / goal)} ms on it`
    );
  return (
    `${costs}, so ${cores} cores answer at most ${cpu.ceiling.toFixed(0)}/s; ` +
    `${goal.toFixed(0)}/s needs ≤ ${ms((cores * 1000) / goal)} ms in all`
  );
}

/**
 * With every connection always waiting for its answer, the mean latency is connections ÷
 * throughput (Little's law), and the p99 is above the mean: a p99 goal needs a throughput that
 * the CPU per request may not allow.
 */
function latencyBound(r: LoadResult & { cpu: CpuPerRequest | null }, goal: number) {
  if (r.ok === 0 || !r.cpu) return "no answer within the run";
  const connections = SETTINGS.connections;
  const needed = (connections * 1000) / goal;
  return (
    `${connections} connections at ${r.rps.toFixed(0)}/s wait ${((connections * 1000) / r.rps).toFixed(0)} ms ` +
    `on average (Little's law); a p99 under ${goal} ms needs more than ${needed.toFixed(0)}/s, and ` +
    `the CPU per request (${ms(cpuTotal(r.cpu))} ms) allows ` +
    `${r.cpu.ceiling.toFixed(0)}/s`
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
