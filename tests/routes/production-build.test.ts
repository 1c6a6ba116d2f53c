// The production build as `npm start` and the Docker image run it (`node build/node/server.mjs`,
// no tsx, ADR 0018): in proxy mode (ADV_API_URL) it serves pages without ever loading the
// reference API or its packages (sharp, argon2, the database drivers); embedded, it loads them and
// the API answers. A preload records every module the process loads (loaded-modules.mjs).
// Requires `npm run build` (npm test runs it first).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messageOf } from "../../app/.server/logger";

const ENTRY = "build/node/server.mjs";

/** The reference API's own build files and the packages only it uses. */
const REFERENCE_API =
  /\/build\/node\/(reference-api|api-worker)\.mjs$|\/node_modules\/(sharp|@img|@node-rs\/argon2[^/]*|@electric-sql\/pglite|pg|drizzle-orm|hono|@hono\/node-server|pdfkit|nodemailer)\//;

const TSX = /\/node_modules\/tsx\//;

const REACT_ROUTER = /\/node_modules\/(react-router|@react-router\/[^/]+)\//;

type Started = { base: string; loaded: () => string[]; stop: () => Promise<void> };

const dir = mkdtempSync(path.join(tmpdir(), "omise-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Keep-Alive header of a GET on a kept-alive connection. */
function keepAliveOf(url: string) {
  return new Promise<string>((resolve, reject) => {
    const agent = new Agent({ keepAlive: true });
    get(url, { agent }, (response) => {
      response.resume();
      agent.destroy();
      resolve(String(response.headers["keep-alive"]));
    }).on("error", reject);
  });
}

/** Only these settings (none from the shell), no NODE_ENV: the build is production by itself. */
function envOf(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...settings,
  };
  return env as NodeJS.ProcessEnv;
}

/** `node build/node/server.mjs` with the recording preload on a free port, once it listens. */
async function startBuilt(name: string, settings: Record<string, string>): Promise<Started> {
  const log = path.join(dir, `${name}.loaded`);
  const output: string[] = [];
  const env = envOf({
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: path.join(dir, `${name}-data`),
    SESSION_SECRET: "production-build-test-secret",
    LOADED_MODULES: log,
    ...settings,
  });
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "./tests/routes/loaded-modules.mjs", ENTRY],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  let base = "";
  try {
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the server stopped:\n${output.join("")}`);
        const port = /お店News 広告管理: http:\/\/[^:]+:(\d+) \(production\)/.exec(output.join(""));
        if (!port) throw new Error("not listening yet");
        base = `http://127.0.0.1:${port[1]}`;
      },
      { timeout: 90_000, interval: 100 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, loaded: () => readFileSync(log, "utf8").split("\n").filter(Boolean), stop };
}

describe("the production build", () => {
  beforeAll(() => {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first`);
  });
  let running: Started | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  describe("in proxy mode (ADV_API_URL)", () => {
    let upstream: Server;
    let calls = 0;
    beforeAll(async () => {
      // An upstream that answers every call (an empty prefecture list for /readyz).
      upstream = createServer((_req, res) => {
        calls++;
        res.writeHead(200, { "Content-Type": "application/ld+json" });
        res.end(JSON.stringify({ "hydra:member": [], "hydra:totalItems": 0 }));
      });
      await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    });
    afterAll(() => new Promise((resolve) => upstream.close(resolve)));

    it("serves pages without loading the reference API, sharp, argon2 or a database driver", async () => {
      const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      running = await startBuilt("proxy", { ADV_API_URL: upstreamUrl });
      expect((await fetch(`${running.base}/healthz`)).status).toBe(200);
      const readyz = await fetch(`${running.base}/readyz`);
      expect(readyz.status).toBe(200);
      expect(calls).toBeGreaterThan(0);
      const login = await fetch(`${running.base}/`);
      expect(login.status).toBe(200);
      expect(await login.text()).toContain("ログイン");
      // A connection left idle is kept longer than a load balancer keeps its own (60 s is usual),
      // so a proxy never reuses one the portal is closing; Node tells clients so.
      expect(await keepAliveOf(`${running.base}/healthz`)).toBe("timeout=65");

      const loaded = running.loaded();
      // The recorder saw the run: the build's entry and the page's renderer.
      expect(loaded.some((url) => url.endsWith(`/${ENTRY}`))).toBe(true);
      expect(loaded.some((url) => url.includes("/node_modules/react-dom/"))).toBe(true);
      expect(loaded.filter((url) => REFERENCE_API.test(url))).toEqual([]);
      expect(loaded.filter((url) => TSX.test(url))).toEqual([]);
      // React Router is bundled into the build, not loaded from node_modules (its development files).
      expect(loaded.filter((url) => REACT_ROUTER.test(url))).toEqual([]);
    }, 120_000);
  });

  it("embedded, loads the reference API in its worker thread and serves it (no tsx either)", async () => {
    running = await startBuilt("embedded", { DEMO: "false" });
    const prefectures = await fetch(`${running.base}/api/adv/prefectures`);
    expect(prefectures.status).toBe(200);
    expect((await fetch(`${running.base}/readyz`)).status).toBe(200);

    const loaded = running.loaded();
    for (const file of [
      "/build/node/api-worker.mjs",
      "/node_modules/sharp/",
      "/node_modules/@node-rs/argon2",
    ])
      expect(loaded.some((url) => url.includes(file))).toBe(true);
    expect(loaded.filter((url) => TSX.test(url))).toEqual([]);
  }, 120_000);

  it("refuses to start without SESSION_SECRET outside demo mode, in one line without a stack", () => {
    const result = spawnSync(process.execPath, [ENTRY], {
      env: envOf({ DEMO: "false", DATA_DIR: path.join(dir, "no-secret") }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n").map(messageOf)).toEqual([
      "The portal cannot start: Error: SESSION_SECRET is required in production (comma-separated, first one signs).",
    ]);
  }, 60_000);

  it("holds React Router once, in its production files (scripts/build-server.mjs)", () => {
    const built = readdirSync("build/node").filter((file) => file.endsWith(".mjs.map"));
    const sources = built.flatMap(
      (file) =>
        (JSON.parse(readFileSync(path.join("build/node", file), "utf8")) as { sources: string[] })
          .sources,
    );
    const reactRouter = sources.filter((source) => REACT_ROUTER.test(`/${source}`));
    expect(reactRouter).toContainEqual(
      expect.stringMatching(/react-router\/dist\/production\/index\.mjs$/),
    );
    expect(reactRouter.filter((source) => source.includes("/dist/development/"))).toEqual([]);
    expect(reactRouter).toContainEqual(
      expect.stringMatching(/@react-router\/express\/dist\/index\.mjs$/),
    );
  });
});
