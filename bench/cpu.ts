// Where the machine's CPU goes during a load: the server process (every thread of it), the
// PostgreSQL cluster's processes, and the bench's own process (autocannon, the load itself), read
// from /proc. Per request, their sum bounds what the machine's cores can answer per second.
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

export type CpuParts = {
  /** The server process (the portal and its API worker thread, or the API alone). */
  server: number;
  /** The PostgreSQL cluster's processes; 0 for PGlite, which runs inside the server. */
  database: number;
  /** This process: autocannon generating the load and reading the answers. */
  load: number;
};

/** All the CPU one request costs, in milliseconds. */
export const cpuTotal = (cpu: CpuParts) => cpu.server + cpu.database + cpu.load;

/** What one request costs each part, in CPU milliseconds, and the ceiling that follows. */
export type CpuPerRequest = CpuParts & {
  /**
   * The server's busiest thread (the portal's event loop, the API worker, PGlite inside it): one
   * thread runs on one core, so it alone allows at most 1000 ÷ this many requests a second.
   */
  busiestThread: number;
  /** Requests per second at these costs: the lower of the cores' bound and the thread's. */
  ceiling: number;
};

/**
 * utime + stime in seconds from a /proc stat file: of a process and all its threads
 * (/proc/<pid>/stat) or of one thread (/proc/<pid>/task/<tid>/stat); 0 once it is gone.
 */
function statSeconds(file: string): number {
  try {
    const stat = readFileSync(file, "utf8");
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

const processSeconds = (pid: number) => statSeconds(`/proc/${pid}/stat`);

/** Each thread of a process, by thread id. */
function threadSeconds(pid: number): Map<string, number> {
  try {
    const tids = readdirSync(`/proc/${pid}/task`);
    return new Map(tids.map((tid) => [tid, statSeconds(`/proc/${pid}/task/${tid}/stat`)]));
  } catch {
    return new Map();
  }
}

/** The postmaster and every process it started (backends, checkpointer, …), by pid. */
function clusterPids(postmasterPid: number): number[] {
  const pids = [postmasterPid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmasterPid) pids.push(Number(entry));
    } catch {
      // exited while listed
    }
  }
  return pids;
}

export type CpuWatch = { server: number; postmaster?: number };

type Snapshot = {
  server: number;
  threads: Map<string, number>;
  database: Map<number, number>;
  load: number;
};

function snapshot(watch: CpuWatch): Snapshot {
  const pids = watch.postmaster ? clusterPids(watch.postmaster) : [];
  const own = process.cpuUsage();
  return {
    server: processSeconds(watch.server),
    threads: threadSeconds(watch.server),
    database: new Map(pids.map((pid) => [pid, processSeconds(pid)])),
    load: (own.user + own.system) / 1e6,
  };
}

/** Runs `work` (the load) and returns what each part spent per answered request. */
export async function measureCpu<T extends { ok: number }>(
  watch: CpuWatch,
  work: () => Promise<T>,
): Promise<T & { cpu: CpuPerRequest | null }> {
  const before = snapshot(watch);
  const result = await work();
  const after = snapshot(watch);
  if (result.ok === 0) return { ...result, cpu: null };
  // A backend started during the run counts whole; one that ended took its time with it.
  let database = 0;
  for (const [pid, seconds] of after.database)
    database += seconds - (before.database.get(pid) ?? 0);
  const perRequest = (seconds: number) => (1000 * seconds) / result.ok;
  const parts: CpuParts = {
    server: perRequest(after.server - before.server),
    database: perRequest(database),
    load: perRequest(after.load - before.load),
  };
  let busiest = 0;
  for (const [tid, seconds] of after.threads)
    busiest = Math.max(busiest, seconds - (before.threads.get(tid) ?? 0));
  const busiestThread = perRequest(busiest);
  const total = cpuTotal(parts);
  const bounds = [total > 0 ? (cpus().length * 1000) / total : 0];
  if (busiestThread > 0) bounds.push(1000 / busiestThread);
  return { ...result, cpu: { ...parts, busiestThread, ceiling: Math.min(...bounds) } };
}

/** The CPU seconds the server and the cluster have used so far. */
function busySeconds(watch: CpuWatch): number {
  const now = snapshot(watch);
  let total = now.server;
  for (const seconds of now.database.values()) total += seconds;
  return total;
}

/**
 * Waits until the server and the cluster are quiet (under a tenth of a core over half a second),
 * at most `limitMs`: a load leaves requests behind (20 unfinished downloads) that would otherwise
 * run into the next measurement.
 */
export async function settle(watch: CpuWatch, limitMs = 30_000): Promise<void> {
  const windowMs = 500;
  const deadline = Date.now() + limitMs;
  let before = busySeconds(watch);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = busySeconds(watch);
    if (after - before < 0.1 * (windowMs / 1000)) return;
    before = after;
  }
}
