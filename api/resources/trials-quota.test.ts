// @vitest-environment node
// The trial quarantine's byte quotas (issue 28 #11): per address over 24 hours, and for every
// file still in quarantine. A refused upload is a violation on `file` and leaves nothing on disk.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isNotNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { loadApiConfig } from "../config";
import { mediaObjects } from "../db/schema";
import { expireQuarantine } from "../publishing/quarantine";
import { createTestApi, TEST_NOW } from "../testing/db";
import { body, loginShop } from "../testing/http";
import { tinyPng } from "../testing/images";
import { decodeUpload } from "./media-images";
import { UPLOAD_MESSAGES } from "./media-objects";

type Api = Awaited<ReturnType<typeof createTestApi>>;

const PNG = tinyPng(4, 3);
/** What one upload of PNG costs: the stored (re-encoded) image's bytes. */
let size: number;

const dirs: string[] = [];
async function apiWithQuotas(perAddress: number, total: number) {
  const dir = await mkdtemp(path.join(tmpdir(), "trial-quota-"));
  dirs.push(dir);
  const api = await createTestApi({
    env: {
      MEDIA_DIR: dir,
      TRIAL_QUARANTINE_BYTES_PER_ADDRESS: String(perAddress),
      TRIAL_QUARANTINE_BYTES_TOTAL: String(total),
    },
  });
  return { api, dir };
}

beforeAll(async () => {
  const decoded = await decodeUpload(new Uint8Array(PNG));
  if (!decoded.ok) throw new Error("the test image does not decode");
  size = decoded.image.original.length;
});
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockClear());
afterAll(() => warn.mockRestore());

function upload(api: Api, ip: string, token?: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(PNG)], "shop.png"));
  return api.app.request("/api/adv/media_objects", {
    method: "POST",
    body: form,
    headers: {
      "X-Forwarded-For": ip,
      "X-Trial-Key": randomBytes(32).toString("base64url"),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** The upload was refused with the quota message on its field. */
async function expectRefused(response: Response) {
  expect(response.status).toBe(422);
  expect((await body(response)).violations).toEqual([
    expect.objectContaining({ propertyPath: "file", message: UPLOAD_MESSAGES.quarantineFull }),
  ]);
  expect(UPLOAD_MESSAGES.quarantineFull).toBe(
    "アップロードできる容量の上限に達しました。しばらくしてから再度お試しください。",
  );
}

const fileCount = async (dir: string) => (await readdir(dir).catch(() => [])).length;
const rowCount = async (api: Api) => (await api.db.select().from(mediaObjects)).length;

describe("per address", () => {
  let api: Api;
  let dir: string;
  beforeAll(async () => {
    ({ api, dir } = await apiWithQuotas(2 * size, 100 * size));
  });
  afterAll(() => api.close());

  test("an address gets its quota's worth of trial uploads a day; others and advertisers are unaffected", async () => {
    const ip = "203.0.113.70";
    expect((await upload(api, ip)).status).toBe(201);
    expect((await upload(api, ip)).status).toBe(201);
    const files = await fileCount(dir);
    const rows = await rowCount(api);

    await expectRefused(await upload(api, ip));
    expect(await fileCount(dir)).toBe(files);
    expect(await rowCount(api)).toBe(rows);
    // Logged once, without the address.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/quarantine quota/);
    expect(String(warn.mock.calls[0]![0])).not.toContain(ip);

    expect((await upload(api, "203.0.113.71")).status).toBe(201);
    const shop = (await loginShop(api.app)).token;
    expect((await upload(api, ip, shop)).status).toBe(201);

    // 23 hours on, the morning's bytes still count; 24 hours on, they no longer do.
    api.setNow(new Date(TEST_NOW.getTime() + 23 * 3600_000));
    await expectRefused(await upload(api, ip));
    api.setNow(new Date(TEST_NOW.getTime() + 24 * 3600_000));
    try {
      expect((await upload(api, ip)).status).toBe(201);
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

describe("for every quarantined file together", () => {
  let api: Api;
  let dir: string;
  beforeAll(async () => {
    ({ api, dir } = await apiWithQuotas(100 * size, 3 * size));
  });
  afterAll(() => api.close());

  test("when the quarantine holds its quota, every address is refused until files leave it", async () => {
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      expect((await upload(api, ip)).status).toBe(201);
    }
    const files = await fileCount(dir);
    await expectRefused(await upload(api, "198.51.100.4"));
    expect(await fileCount(dir)).toBe(files);
    const quarantined = await api.db
      .select()
      .from(mediaObjects)
      .where(isNotNull(mediaObjects.trialKeyHash));
    expect(quarantined).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).not.toContain("198.51.100.4");

    // An advertiser's upload is not quarantined and not refused.
    const shop = (await loginShop(api.app)).token;
    expect((await upload(api, "198.51.100.4", shop)).status).toBe(201);

    // One quarantined file expires and its job removes it: there is room again.
    const first = quarantined[0]!;
    api.setNow(new Date(TEST_NOW.getTime() + 25 * 3600_000));
    try {
      await expireQuarantine(api.deps, { mediaId: first.id, filePath: first.filePath });
      expect((await upload(api, "198.51.100.4")).status).toBe(201);
      await expectRefused(await upload(api, "198.51.100.5"));
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

test("config: 200 MiB per address and 2 GiB in all by default", async () => {
  const config = await loadApiConfig({});
  expect(config.quarantineQuota).toEqual({
    perAddressBytes: 200 * 1024 * 1024,
    totalBytes: 2 * 1024 * 1024 * 1024,
  });
});
