// A PostgreSQL cluster of a test's own, in a temporary directory on a free port, that the test
// may stop and start again (the shared TEST_DATABASE_URL cluster must never be stopped: other
// tests use it). Needs PostgreSQL's server binaries (initdb, pg_ctl), as scripts/test.sh does.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The newest installed server's bin directory (Debian's layout), or undefined. */
export const PG_BIN = (() => {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, "bin") : undefined;
})();

/** PostgreSQL refuses to run as root: then the binaries run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;

function pg(binary: string, args: string[]) {
  const file = path.join(PG_BIN!, binary);
  return asRoot ? run("runuser", ["-u", "postgres", "--", file, ...args]) : run(file, args);
}

export interface TestCluster {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every connection is ended with 57P01 (admin_shutdown). */
  stop(): Promise<void>;
  /** Starts it again, on the same port. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its directory. */
  destroy(): Promise<void>;
}

export async function startTestCluster(): Promise<TestCluster> {
  if (!PG_BIN) throw new Error("PostgreSQL's server binaries are not installed");
  const dir = mkdtempSync(path.join(tmpdir(), "omise-pg-own-"));
  if (asRoot) await run("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  await pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const cluster: TestCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "start"]);
      running = true;
    },
    async stop() {
      await pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    async destroy() {
      if (running)
        await pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

/** A port nothing listens on now (the OS picks it; PostgreSQL binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
