// sharp is loaded on the first portrait photo, not before (issue 30; issue 31 wants a portal in
// proxy mode that does not load it at start): landscape, square and non-image files never load it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { tinyPng } from "../../api/testing/images";

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

afterEach(() => {
  vi.resetModules();
  loads.count = 0;
});

describe("loading sharp", () => {
  it("importing the upload path does not load it", async () => {
    await import("./uploads");
    expect(loads.count).toBe(0);
  });

  it("landscape, square and non-image files do not load it", async () => {
    const { cropPortrait } = await import("./portrait-crop");
    expect(await cropPortrait(tinyPng(40, 30))).toBeNull();
    expect(await cropPortrait(tinyPng(30, 30))).toBeNull();
    expect(await cropPortrait(new TextEncoder().encode("<svg/>"))).toBeNull();
    expect(loads.count).toBe(0);
  });

  it("the first portrait loads it, once", async () => {
    const { cropPortrait } = await import("./portrait-crop");
    expect(await cropPortrait(tinyPng(30, 40))).not.toBeNull();
    expect(await cropPortrait(tinyPng(30, 40))).not.toBeNull();
    expect(loads.count).toBe(1);
  });
});
