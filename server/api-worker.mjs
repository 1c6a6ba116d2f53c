// The API worker's entry when the portal runs from its sources (`npm run dev`, tests): Node 20 does
// not run tsx's `--import` loader inside worker threads (nodejs/node#47747), so the worker
// registers tsx itself before loading the TypeScript. The build has no such shim: it compiles
// api-worker.ts into build/node/api-worker.mjs, plain JavaScript on Node 20 and 22 alike.
import { register } from "tsx/esm/api";

register();
await import("./api-worker.ts");
