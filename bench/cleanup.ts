// What the bench must undo however it ends (servers, the PostgreSQL cluster, temp directories):
// run in reverse order on success, on failure and on Ctrl-C.
type Undo = () => unknown;

const pending: Undo[] = [];

/** Registers an undo; the returned function runs it now (once) and forgets it. */
export function onCleanup(undo: Undo): () => Promise<void> {
  pending.push(undo);
  return async () => {
    const at = pending.indexOf(undo);
    if (at >= 0) {
      pending.splice(at, 1);
      await undo();
    }
  };
}

export async function cleanupAll() {
  while (pending.length > 0) {
    try {
      await pending.pop()!();
    } catch (error) {
      console.error(`cleanup failed: ${(error as Error).message}`);
    }
  }
}

/**
 * Ctrl-C or a kill: undo everything, then exit with the signal's code. The listeners stay: the
 * same Ctrl-C arrives twice (from the terminal and relayed by tsx), and with no listener left the
 * second would end the process halfway through the undoing.
 */
export function cleanupOnSignals() {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping the servers and removing the bench's data ...`);
      void cleanupAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
}
