// `npm run bench`: the portal's throughput next to the API's, and the JS each built route loads.
// Starts the production build on loopback with a fresh data directory seeded with 1,000 ads for one
// advertiser; every load loop is bounded in time and requests, and talks to 127.0.0.1 only.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "../api/db/client";
import { seedBulkAds, seedDemo, seedPrefectures } from "../api/db/seed";

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const MAX_REQUESTS = 50_000;
const BUDGET_KIB = 110;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function seed(dataDir: string) {
  const { db, close } = await openDatabase({ dataDir });
  await seedPrefectures(db);
  await seedDemo(db);
  const { clientId } = await seedBulkAds(db, "shop@example.com", 1000);
  await close();
  return clientId;
}

async function waitForServer(url: string, child: ReturnType<typeof spawn>) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not start in 60 s");
}

type Result = { requests: number; errors: number; rps: number; p50: number; p99: number };

async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  async function worker() {
    while (performance.now() < deadline && latencies.length + errors < MAX_REQUESTS) {
      const t0 = performance.now();
      try {
        const response = await fetch(url, { headers, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function portalCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/?index`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: "shop@example.com", password: "shop-password" }),
    redirect: "manual",
  });
  const cookie = response.headers.get("set-cookie");
  if (response.status !== 302 || !cookie)
    throw new Error(`portal login failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

async function apiToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/authentication_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "shop@example.com", password: "shop-password" }),
  });
  return ((await response.json()) as { token: string }).token;
}

const INVOICE_RUNS = 30;
const INVOICE_GOAL_MS = 100;

/**
 * The invoice PDF end to end through the portal (issue 11: goal under 100 ms): the ad detail's
 * 請求書 form post, the API drawing the PDF, the portal streaming it back. One at a time, as a
 * user clicks; the first (font loading) is reported apart from the rest.
 */
async function invoiceTiming(base: string, cookie: string, token: string, clientId: number) {
  const list = await fetch(`${base}/api/adv/posts?owner=${clientId}&itemsPerPage=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/ld+json" },
  });
  const member = ((await list.json()) as { "hydra:member": { id: number }[] })["hydra:member"];
  const url = `${base}/advertiser/advertisements/${member[0]!.id}/documents`;
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=invoice",
    });
    const bytes = await response.arrayBuffer();
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.includes("pdf")) {
      throw new Error(`invoice download failed: ${response.status} ${type}`);
    }
    return { ms: performance.now() - t0, kib: bytes.byteLength / 1024 };
  };
  const first = await once();
  const runs: number[] = [];
  for (let i = 0; i < INVOICE_RUNS; i++) runs.push((await once()).ms);
  runs.sort((a, b) => a - b);
  const p50 = runs[Math.floor(runs.length / 2)]!;
  const p99 = runs[runs.length - 1]!;
  const verdict = p50 < INVOICE_GOAL_MS ? "within" : "OVER";
  return (
    `invoice PDF through the portal (${first.kib.toFixed(1)} KiB): first ${first.ms.toFixed(1)} ms, ` +
    `then p50 ${p50.toFixed(1)} ms, max ${p99.toFixed(1)} ms over ${INVOICE_RUNS} runs ` +
    `(${verdict} the ${INVOICE_GOAL_MS} ms goal)`
  );
}

/** Gzip size of the JS each route loads on a full page load (entry, root, parents, the route). */
async function routeJsSizes() {
  const buildPath = path.resolve("build/server/index.js");
  const build = (await import(buildPath)) as {
    assets: {
      entry: { module: string; imports: string[] };
      routes: Record<
        string,
        {
          id: string;
          parentId?: string;
          path?: string;
          index?: boolean;
          module: string;
          imports?: string[];
        }
      >;
    };
  };
  const { entry, routes } = build.assets;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join("build/client", file))).length);
    return gz.get(file)!;
  };
  const rows: { route: string; kib: number }[] = [];
  for (const route of Object.values(routes)) {
    if (route.id === "root") continue;
    const chain = [route];
    while (chain[0]!.parentId) chain.unshift(routes[chain[0]!.parentId]!);
    const files = new Set([entry.module, ...entry.imports]);
    for (const r of chain) [r.module, ...(r.imports ?? [])].forEach((f) => files.add(f));
    const bytes = [...files].reduce((sum, f) => sum + size(f), 0);
    rows.push({ route: route.id, kib: bytes / 1024 });
  }
  return rows.sort((a, b) => a.route.localeCompare(b.route));
}

async function main() {
  if (!existsSync("build/server/index.js")) {
    console.log("building the portal first (npm run build) ...");
    await new Promise<void>((resolve, reject) =>
      spawn("npm", ["run", "build"], { stdio: "inherit" }).on("exit", (c) =>
        c === 0 ? resolve() : reject(),
      ),
    );
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "omise-bench-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`seeding 1,000 ads for shop@example.com in ${dataDir} ...`);
  const clientId = await seed(dataDir);

  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
      REGISTRATION_LIMIT: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer(`${base}/`, child);
    const cookie = await portalCookie(base);
    const token = await apiToken(base);
    const seconds = DURATION_MS / 1000;
    console.log(`\nload: ${CONCURRENCY} concurrent connections, ${seconds} s each, loopback\n`);

    // Warm both paths once, then measure.
    await fetch(`${base}/advertiser`, { headers: { Cookie: cookie } });
    const apiUrl = `${base}/api/adv/posts?owner=${clientId}&page=1&itemsPerPage=10&order%5Bid%5D=desc`;
    const portal = await load(`${base}/advertiser`, { Cookie: cookie });
    const api = await load(apiUrl, {
      Authorization: `Bearer ${token}`,
      Accept: "application/ld+json",
    });

    const fmt = (name: string, r: Result) =>
      `${name.padEnd(34)} ${r.rps.toFixed(1).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.requests} ok, ${r.errors} errors)`;
    console.log(fmt("GET /advertiser (portal, SSR)", portal));
    console.log(fmt("GET /api/adv/posts (API direct)", api));
    console.log(`portal / API throughput ratio: ${(portal.rps / api.rps).toFixed(2)}\n`);
    console.log(await invoiceTiming(base, cookie, token, clientId));
    console.log("");

    console.log("JavaScript loaded per route (gzip):");
    for (const row of await routeJsSizes()) {
      const advertiser = row.route.startsWith("routes/advertiser");
      const flag = advertiser && row.kib > BUDGET_KIB ? `  OVER the ${BUDGET_KIB} KiB budget` : "";
      console.log(`  ${row.route.padEnd(40)} ${row.kib.toFixed(1).padStart(7)} KiB${flag}`);
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
