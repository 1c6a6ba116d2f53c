// The Node the image ships is a Node CI tests (ADR 0023): the Dockerfile's default line is the line
// scripts/node-lts.sh fetches, .ci/run runs the tests through that script, and `engines` names
// exactly the lines tested: the machine's Node 20 and that LTS.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(file, "utf8");
const ltsVersion = read("scripts/node-lts.sh").match(/^VERSION=(\d+)\.(\d+)\.(\d+)$/m);

describe("the Node LTS of the image", () => {
  it("is the line scripts/node-lts.sh runs the tests on", () => {
    expect(ltsVersion).not.toBeNull();
    const imageLine = read("Dockerfile").match(/^ARG NODE_VERSION=(\d+)$/m)?.[1];
    expect(imageLine).toBe(ltsVersion?.[1]);
  });

  it("is tested by CI, after the machine's Node", () => {
    const ci = read(".ci/run").split("\n");
    const machine = ci.indexOf("npm test");
    const lts = ci.findIndex((line) => /scripts\/node-lts\.sh npm test$/.test(line));
    expect(machine).toBeGreaterThan(-1);
    expect(lts).toBeGreaterThan(machine);
    expect(ci[lts]).toMatch(/TEST_STEPS="[^"]*\bvitest\b[^"]*"/);
  });

  it("and Node 20 are the lines engines names, no other, and these tests run on one of them", () => {
    const engines = JSON.parse(read("package.json")).engines.node as string;
    const majors = engines.split(" || ").map((range) => range.match(/^\^(\d+)\.\d+\.\d+$/)?.[1]);
    expect(majors).toEqual(["20", ltsVersion?.[1]]);
    expect(majors).toContain(process.versions.node.split(".")[0]);
  });
});
