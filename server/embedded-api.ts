// Runs the embedded reference API in a worker thread (ADR 0014) and hands the portal its loopback
// port; a worker that fails to start, or dies later, ends the process with the reason.
import { Worker } from "node:worker_threads";
import type { EmbeddedApiOptions } from "../api/index";
import { errorLine } from "./error-line";
import { withoutHeapFlags } from "./heap-flags";

export type ApiWorkerMessage =
  { type: "ready"; port: number } | { type: "closed" } | { type: "failed"; message: string };
export type ApiWorkerCommand = { type: "close" };

export type ApiWorker = {
  /** The loopback port the API listens on. */
  port: number;
  /** Stops the API and closes its database (PGlite's directory is unlocked after this). */
  close(): Promise<void>;
};

/** How long a closing API may take to finish its jobs and close the database. */
const CLOSE_TIMEOUT_MS = 10_000;

export function startApiWorker(
  options: Omit<EmbeddedApiOptions, "clock">,
  onCrash: (reason: string) => void,
): Promise<ApiWorker> {
  // Built, ./api-worker.mjs is the compiled worker beside build/node/server.mjs; from sources it
  // is the shim that registers tsx (see there), so tsx's own loader flags are left out of the
  // flags it inherits, and so are the heap sizes (process-wide: they apply to it already); every
  // other flag (--cpu-prof, …) is kept.
  const worker = new Worker(new URL("./api-worker.mjs", import.meta.url), {
    workerData: options,
    execArgv: withoutHeapFlags(withoutTsxLoader(process.execArgv)),
  });
  let closing = false;
  return new Promise((resolve, reject) => {
    const onStartExit = (code: number) =>
      reject(new Error(`the embedded API stopped while starting (exit code ${code})`));
    worker.once("error", reject);
    worker.once("exit", onStartExit);
    worker.on("message", function onStart(message: ApiWorkerMessage) {
      if (message.type === "failed") {
        reject(new Error(message.message));
        void worker.terminate();
        return;
      }
      if (message.type !== "ready") return;
      worker.off("message", onStart);
      worker.off("error", reject);
      worker.off("exit", onStartExit);
      // From now on a dead API means a broken portal: say why and let the supervisor restart us.
      worker.on("error", (error) => {
        if (!closing) onCrash(`the embedded API failed: ${errorLine(error)}`);
      });
      worker.on("exit", (code) => {
        if (!closing) onCrash(`the embedded API stopped (exit code ${code})`);
      });
      resolve({
        port: message.port,
        close: () => {
          closing = true;
          return closeWorker(worker);
        },
      });
    });
  });
}

function withoutTsxLoader(execArgv: string[]): string[] {
  const result: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    if (
      (flag === "--require" || flag === "--import") &&
      /(^|[\\/])tsx([\\/]|$)/.test(execArgv[i + 1] ?? "")
    )
      i++;
    else result.push(flag);
  }
  return result;
}

function closeWorker(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error("the embedded API did not close in time"));
    }, CLOSE_TIMEOUT_MS);
    worker.on("message", (message: ApiWorkerMessage) => {
      if (message.type === "failed") reject(new Error(message.message));
      if (message.type === "closed" || message.type === "failed") {
        clearTimeout(timer);
        void worker.terminate().then(() => resolve());
      }
    });
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    worker.postMessage({ type: "close" } satisfies ApiWorkerCommand);
  });
}
