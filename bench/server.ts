// The portal as production runs it (`node build/node/server.mjs`), or the reference API alone
// (its build, build/node/api.mjs), on loopback with the bench's data, SERVER_TIMING on; the portal
// also in proxy mode (ADV_API_URL), from this checkout's build or another's; and the logins the
// bench's requests carry.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { HEAP_FLAGS } from "../server/heap-flags";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Server = { base: string; pid: number; stop(): Promise<void> };

const ENTRIES = {
  portal: { file: "build/node/server.mjs", ready: "/" },
  api: { file: "build/node/api.mjs", ready: "/api/adv/prefectures" },
};

/** Where a server keeps its data, and for a portal in proxy mode its upstream. */
export type Target = { dataDir: string; databaseUrl?: string; upstream?: string };

/**
 * Starts the portal (with its embedded API, or in front of `upstream`) or the API alone on
 * `dataDir` (PGlite there) or on `databaseUrl`, from the build of the checkout at `root`; waits
 * until it answers.
 */
export async function startServer(
  which: keyof typeof ENTRIES,
  target: Target,
  root = process.cwd(),
): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    API_PORT: String(port),
    API_HOST: "127.0.0.1",
    DATA_DIR: target.dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SERVER_TIMING: "1",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
    REGISTRATION_LIMIT: "1000",
  };
  // Only what the bench chose: a DATABASE_URL or upstream from the shell would measure another stack.
  for (const key of ["DATABASE_URL", "ADV_API_URL", "DEMO", "PUBLIC_ORIGIN"]) delete env[key];
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  if (target.upstream) env.ADV_API_URL = target.upstream;
  const entry = ENTRIES[which];
  // As production starts it (npm start, the Dockerfile): the same heap settings.
  const child = spawn(process.execPath, [...HEAP_FLAGS, entry.file], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const server: Server = {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => stopChild(child),
  };
  try {
    await waitForServer(`${server.base}${entry.ready}`, child);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const killed = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(killed);
}

async function waitForServer(url: string, child: ChildProcess) {
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not start in 120 s");
}

type Login = { email: string; password: string };

/** The portal's session cookie after logging in through the login form. */
export async function portalCookie(base: string, { email, password }: Login): Promise<string> {
  const response = await fetch(`${base}/?index`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers.get("set-cookie");
  if (response.status !== 302 || !cookie)
    throw new Error(`portal login failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

/** The API's bearer token for the same account. */
export async function apiToken(base: string, { email, password }: Login): Promise<string> {
  const response = await fetch(`${base}/api/authentication_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`API login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
