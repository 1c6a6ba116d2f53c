// The API worker's entry: Node 20 does not run tsx's `--import` loader inside worker threads
// (nodejs/node#47747), so the worker registers tsx itself before loading the TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./api-worker.ts");
