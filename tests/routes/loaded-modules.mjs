// Preload for tests (`node --import ./tests/routes/loaded-modules.mjs …`): appends every module the
// process (and each worker thread) loads to the file LOADED_MODULES names, one a line: ES modules
// by their resolved URL (a module.register resolve hook), CommonJS ones by their file name.
/* global process */
import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";

const log = process.env.LOADED_MODULES;
if (!log) throw new Error("LOADED_MODULES names the file the loaded modules are written to");

const hooks = `
import { appendFileSync } from "node:fs";
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, result.url + "\\n");
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url, { data: { log } });

// require() (sharp and argon2 are CommonJS, and so are packages they load) bypasses the hook.
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  try {
    appendFileSync(log, `${Module._resolveFilename(request, parent, isMain)}\n`);
  } catch {
    appendFileSync(log, `${request}\n`);
  }
  return exports;
};
