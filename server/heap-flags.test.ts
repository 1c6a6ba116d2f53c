// Production's heap settings are the same wherever node starts the portal: `npm start`, the
// container and the bench (which must measure what production runs).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HEAP_FLAGS, withoutHeapFlags } from "./heap-flags";

describe("HEAP_FLAGS", () => {
  it("are on npm start's node and the container's", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts;
    expect(scripts.start).toBe(`node ${HEAP_FLAGS.join(" ")} scripts/start.mjs server`);
    const cmd = readFileSync("Dockerfile", "utf8").match(/^CMD (\[.*\])$/m)?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...HEAP_FLAGS, "build/node/server.mjs"]);
  });

  it("are left out of a worker's flags, and nothing else is", () => {
    const flags = ["--cpu-prof", ...HEAP_FLAGS, "--max_old_space_size=512", "--enable-source-maps"];
    expect(withoutHeapFlags(flags)).toEqual(["--cpu-prof", "--enable-source-maps"]);
  });
});
