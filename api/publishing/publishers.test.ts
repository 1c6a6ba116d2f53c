// @vitest-environment node
// The built-in site publisher's post URL, the choice of publisher per locality, and the image
// reader WordPress uploads from (only files of the media directory, by their /media/ name).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PublishError, type PublishableAd } from "../adapters/publisher";
import { sitePublisher } from "../adapters/publisher-site";
import type { ApiDeps } from "../context";
import { createSecretBox, generateSecretKey } from "../secrets";
import { mediaImageReader, publisherFor } from "./publishers";

const ad = { advertisementId: 12, localityId: 3 } as PublishableAd;

describe("the built-in site publisher", () => {
  test("post URL on PUBLIC_ORIGIN, or the path without it; the ad id as external id", async () => {
    expect(
      await sitePublisher({ siteOrigin: "https://news.example.jp" }).publish(ad, null),
    ).toEqual({
      postUrl: "https://news.example.jp/site/3/ads/12",
      externalId: "12",
      externalMediaId: null,
    });
    expect((await sitePublisher({ siteOrigin: null }).publish(ad, null)).postUrl).toBe(
      "/site/3/ads/12",
    );
    await expect(
      sitePublisher({ siteOrigin: null }).unpublish({
        postUrl: "/site/3/ads/12",
        externalId: "12",
        externalMediaId: null,
      }),
    ).resolves.toBeUndefined();
  });
});

describe("publisherFor", () => {
  const deps = { config: { siteOrigin: null, mediaDir: null } } as unknown as ApiDeps;
  const locality = { id: 1, wpRestUrl: null, wpRestUser: null, wpRestPassword: null };

  test("the built-in site unless all three WordPress settings are set", () => {
    expect(publisherFor(locality, deps).kind).toBe("site");
    expect(
      publisherFor({ ...locality, wpRestUrl: "https://wp.example/wp-json", wpRestUser: "u" }, deps)
        .kind,
    ).toBe("site");
  });

  test("WordPress when all three are set, with the stored password opened by the secret box", async () => {
    const secrets = createSecretBox([generateSecretKey()]);
    const wpDeps = { ...deps, config: { ...deps.config, secrets } } as unknown as ApiDeps;
    const wp = {
      ...locality,
      wpRestUrl: "https://wp.example/wp-json",
      wpRestUser: "u",
      wpRestPassword: secrets.seal("app pass"),
    };
    expect(publisherFor(wp, wpDeps).kind).toBe("wordpress");
    // A value the configured keys cannot open fails as a publishing error, shown to editors.
    const foreign = createSecretBox([generateSecretKey()]).seal("x");
    expect(() => publisherFor({ ...wp, wpRestPassword: foreign }, wpDeps)).toThrow(PublishError);
  });

  test("an injected factory wins", () => {
    const fake = {
      kind: "wordpress" as const,
      publish: async () => ({}) as never,
      unpublish: async () => {},
    };
    expect(publisherFor(locality, { ...deps, publisherFor: () => fake })).toBe(fake);
  });
});

describe("mediaImageReader", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "publishers-"));
    await writeFile(path.join(dir, "abc.png"), Buffer.from([1, 2, 3]));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("reads a file by its /media/ URL's name", async () => {
    const read = mediaImageReader(dir);
    const image = await read("https://news.example.jp/media/abc.png");
    expect(image).toEqual({
      data: new Uint8Array([1, 2, 3]),
      contentType: "image/png",
      filename: "abc.png",
    });
    expect((await read("/media/abc.png")).filename).toBe("abc.png");
  });

  test("nothing outside the media directory, nothing missing", async () => {
    const read = mediaImageReader(dir);
    await expect(read("/media/..%2Fetc%2Fpasswd")).rejects.toBeInstanceOf(PublishError);
    await expect(read("/media/missing.png")).rejects.toBeInstanceOf(PublishError);
    await expect(read("/other/abc.png")).rejects.toBeInstanceOf(PublishError);
    await expect(mediaImageReader(null)("/media/abc.png")).rejects.toBeInstanceOf(PublishError);
  });
});
