// The V8 heap settings production runs with (ADR 0022). A larger young generation lets the
// short-lived objects of a page (its upstream JSON, zod's copies, React's elements) die young
// instead of being promoted and marked: about a tenth less CPU per page for some 70 MB more at
// peak. `npm start`, the Dockerfile and the bench all start node with these.
export const HEAP_FLAGS = ["--max-semi-space-size=32"] as const;

/** Heap sizes are the process's (a worker refuses them in its execArgv; its heap has them). */
const PROCESS_WIDE = /^--max[-_](semi|old)[-_]space[-_]size(=|$)/;

/** The flags a worker thread may inherit: the heap sizes left out, since they already apply. */
export const withoutHeapFlags = (execArgv: readonly string[]) =>
  execArgv.filter((flag) => !PROCESS_WIDE.test(flag));
