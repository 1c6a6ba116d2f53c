// The load itself: autocannon on loopback, the same settings for every endpoint and for the floor
// (a bare node:http server answering 2 KiB of JSON in a process of its own).
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { cpuTotal, measureCpu, settle, type CpuPerRequest, type CpuWatch } from "./cpu";
import type { Endpoint } from "./endpoints";

export const SETTINGS = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  /**
   * Unmeasured load before each run, in windows of this many seconds, until the CPU per request
   * of two windows in a row agrees within `warmupTolerance` (V8 has compiled the hot path, the heap
   * has grown, the API has prepared its statements), at most `warmupWindows` windows.
   */
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  warmupTolerance: 0.05,
  warmupWindows: Number(process.env.BENCH_WARMUP_WINDOWS ?? 6),
  /** Only these endpoint keys (comma-separated `BENCH_ONLY`, e.g. `admin-ads,my-page`); all when unset. */
  only: (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean),
  /** Only these databases (`BENCH_DATABASES=pglite` or `postgres`); both when unset. */
  databases: (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").filter(Boolean),
  /** The proxy-mode table (bench/proxy.ts); `BENCH_PROXY=0` leaves it out. */
  proxy: process.env.BENCH_PROXY !== "0",
  /** How many times the A/B of `BENCH_PROXY_AB` runs its A B B A order (bench/proxy.ts). */
  proxyRounds: Math.max(1, Number(process.env.BENCH_PROXY_ROUNDS ?? 1)),
};

/** One request the bench sends, over and over. */
export type Probe = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
};

export type LoadResult = {
  /** 2xx responses per second. */
  rps: number;
  /** Milliseconds; null when no answer came back within the run (none to measure). */
  p50: number | null;
  p99: number | null;
  ok: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  /** Requests still waiting for their answer when the run ended (a page slower than the run). */
  unfinished: number;
  /** Every answer's status code and how often it came (non-2xx shown in the table). */
  statuses: Record<string, number>;
};

/**
 * The same load, unmeasured, until the server is in its steady state (`SETTINGS.warmup*`): the
 * targets are what a request costs a server that has been running, not one just started. Returns
 * the seconds it took.
 */
export async function warmUp(
  probe: Probe,
  watch: CpuWatch,
): Promise<{ seconds: number; rate: number | null }> {
  if (SETTINGS.warmupSeconds <= 0) return { seconds: 0, rate: null };
  let previous: number | null = null;
  let rate: number | null = null;
  for (let window = 1; window <= SETTINGS.warmupWindows; window++) {
    // A window's requests still running when it ends (20 CSV downloads) finish within it, so
    // they neither count in the next window nor pile up into the measured run.
    const { cpu } = await measureCpu(watch, async () => {
      const result = await run(probe, { duration: SETTINGS.warmupSeconds });
      await settle(watch);
      rate = result["2xx"] / SETTINGS.warmupSeconds;
      return { ok: result["2xx"] };
    });
    const current = cpu ? cpuTotal(cpu) : null;
    if (current !== null && previous !== null) {
      if (Math.abs(current - previous) <= SETTINGS.warmupTolerance * previous)
        return { seconds: window * SETTINGS.warmupSeconds, rate };
    }
    previous = current;
  }
  return { seconds: SETTINGS.warmupWindows * SETTINGS.warmupSeconds, rate };
}

function run(probe: Probe, length: { duration: number } | { amount: number }) {
  return autocannon({
    url: probe.url,
    method: probe.method ?? "GET",
    headers: probe.headers,
    body: probe.body,
    connections: SETTINGS.connections,
    ...length,
    timeout: 30,
  });
}

/**
 * The measured run. Given the warm-up's rate, it sends the number of requests that rate answers
 * in `SETTINGS.seconds` and waits for every answer: a run cut off by the clock leaves its last
 * 20 requests half done, and their CPU was counted against the answered ones (for the CSV, a fifth
 * to a third more per download than the downloads cost). Without a rate (the floor), a timed run.
 */
export async function load(probe: Probe, rate: number | null = null): Promise<LoadResult> {
  const length =
    rate === null
      ? { duration: SETTINGS.seconds }
      : { amount: Math.max(SETTINGS.connections, Math.round(rate * SETTINGS.seconds)) };
  const result = await run(probe, length);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  const answered = result.latency.totalCount > 0;
  return {
    rps: result["2xx"] / result.duration,
    p50: answered ? result.latency.p50 : null,
    p99: answered ? result.latency.p99 : null,
    ok: result["2xx"],
    errors: result.non2xx + result.errors + result.timeouts,
    unfinished: Math.max(
      0,
      result.requests.sent - result.latency.totalCount - result.errors - result.timeouts,
    ),
    statuses,
  };
}

/** The floor server's whole program: started with `node -e`, it prints its port. */
const FLOOR_SERVER = `
const body = JSON.stringify({ data: "x".repeat(2048 - '{"data":""}'.length) });
require("node:http").createServer((req, res) => {
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });
`;

/** The floor: what this machine does for a trivial answer, measured like every endpoint. */
export async function measureFloor(): Promise<LoadResult & { bytes: number }> {
  const child = spawn(process.execPath, ["-e", FLOOR_SERVER], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once("exit", () => reject(new Error("the floor server exited")));
    });
    const url = `http://127.0.0.1:${port}/`;
    const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
    return { ...(await load({ url })), bytes };
  } finally {
    child.kill("SIGTERM");
  }
}

/** The portal's own count of its upstream calls for one request (SERVER_TIMING=1). */
export async function upstreamCalls(probe: Probe) {
  const response = await fetch(probe.url, {
    method: probe.method ?? "GET",
    headers: probe.headers,
    body: probe.body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  const header = response.headers.get("server-timing") ?? "";
  const match = /upstream;dur=([\d.]+);desc="(\d+) calls"/.exec(header);
  return {
    status: response.status,
    calls: match ? Number(match[2]) : null,
    upstreamMs: match ? Number(match[1]) : null,
  };
}

/** One endpoint's measured run: settled, probed once, warmed up, then loaded under the CPU watch. */
export async function measureEndpoint(endpoint: Endpoint, watch: CpuWatch) {
  if (process.stdout.isTTY) process.stdout.write(`  loading ${endpoint.name} ...\r`);
  await settle(watch);
  // One request first: it warms the path and reads the portal's own count of its calls.
  const probe = await upstreamCalls(endpoint.probe);
  const warm = await warmUp(endpoint.probe, watch);
  const result: LoadResult & { cpu: CpuPerRequest | null } = await measureCpu(watch, () =>
    load(endpoint.probe, warm.rate),
  );
  return {
    ...result,
    key: endpoint.key,
    name: endpoint.name,
    calls: endpoint.portal ? probe.calls : null,
    upstreamMs: endpoint.portal ? probe.upstreamMs : null,
    probeStatus: probe.status,
    warmupSeconds: warm.seconds,
  };
}
