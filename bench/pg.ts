// A throw-away PostgreSQL cluster for the bench, as scripts/test.sh starts one: Debian's server
// binaries, a temp directory, loopback only; stopped and deleted by `stop` (also on Ctrl-C).
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";

export type Cluster = {
  databaseUrl: string;
  version: string;
  /** The postmaster's pid (its backends are its children): the bench counts their CPU. */
  postmasterPid: number;
  stop(): void;
};

/** The newest /usr/lib/postgresql/<v>/bin with initdb, or the reason there is none. */
export function findPostgres(): { bin: string; version: string } | { missing: string } {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const version = versions.at(-1);
  if (!version) return { missing: `no PostgreSQL server binaries in ${root}/*/bin` };
  return { bin: path.join(root, version, "bin"), version };
}

/** initdb refuses root: as root the cluster belongs to the postgres user. */
function asPostgres(bin: string, args: string[]) {
  const root = userInfo().uid === 0;
  const [command, all] = root ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  execFileSync(command, all, { stdio: ["ignore", "ignore", "pipe"] });
}

export function startCluster(bin: string, version: string, port: number): Cluster {
  const dir = mkdtempSync(path.join(tmpdir(), "omise-bench-pg-"));
  const data = path.join(dir, "data");
  const pgCtl = path.join(bin, "pg_ctl");
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(path.join(data, "postmaster.pid")))
        asPostgres(pgCtl, ["-D", data, "-m", "immediate", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    if (userInfo().uid === 0) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
    asPostgres(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust"]);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c random_page_cost=1.1`;
    asPostgres(pgCtl, ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "start"]);
  } catch (error) {
    stop();
    throw error;
  }
  const postmasterPid = Number(
    readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0],
  );
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    postmasterPid,
    stop,
  };
}

const uidOf = (user: string) => Number(execFileSync("id", ["-u", user]).toString().trim());
const gidOf = (user: string) => Number(execFileSync("id", ["-g", user]).toString().trim());
