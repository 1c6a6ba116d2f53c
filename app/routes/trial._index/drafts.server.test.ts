import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initEnv } from "~/.server/env";
import {
  TRIAL_DRAFT_TTL_MS,
  deleteTrialDraft,
  readTrialDraft,
  saveTrialDraft,
  trialDraftCookie,
  type TrialDraft,
} from "./drafts.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "trial-drafts-"));
  initEnv({ NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "trial-draft-test-secret" });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const draft: TrialDraft = {
  trialKey: "k".repeat(43),
  advertisement: {
    title: "冬の新メニュー",
    image1: "/api/adv/media_objects/7",
    image2: null,
    image3: null,
    image4: null,
    image5: null,
    eyeCatch: "/api/adv/media_objects/7",
    // An ad's texts go far beyond a cookie: the draft is kept whole.
    body1: "本文".repeat(5000),
    body2: null,
    body3: null,
    body4: null,
    body5: null,
    link1Title: null,
    link1Url: null,
    link2Title: null,
    link2Url: null,
    link3Title: null,
    link3Url: null,
    storeName: "トライアル食堂",
    storeAddress: "東京都渋谷区神南1-2-3",
    storeTel: "0355556666",
    businessHours: null,
    mapParameters: null,
    homepage: null,
  },
};

describe("trial drafts", () => {
  it("keeps a draft sealed on disk; the browser holds only its random name", async () => {
    const id = (await saveTrialDraft(draft))!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await readTrialDraft(id)).toEqual(draft);
    const stored = await readFile(path.join(dir, "trial-drafts", `${id}.sealed`), "utf8");
    expect(stored).not.toContain("media_objects");
    expect(stored).not.toContain(draft.trialKey);
    expect(trialDraftCookie(id)).toMatch(
      /^trial-draft=[\w-]{32}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    await deleteTrialDraft(id);
    expect(await readTrialDraft(id)).toBeNull();
  });

  it("a changed file, a made-up name or an expired draft reads as none", async () => {
    const id = (await saveTrialDraft(draft))!;
    const file = path.join(dir, "trial-drafts", `${id}.sealed`);
    const sealed = await readFile(file, "utf8");
    await writeFile(file, `${sealed.slice(0, -4)}AAAA`);
    expect(await readTrialDraft(id)).toBeNull();
    expect(await readTrialDraft("../../session-secret")).toBeNull();
    const later = (await saveTrialDraft(draft))!;
    expect(await readTrialDraft(later, Date.now() + TRIAL_DRAFT_TTL_MS + 1)).toBeNull();
  });

  it("sweeps expired drafts when a new one is kept", async () => {
    const old = (await saveTrialDraft(draft))!;
    const names = await readdir(path.join(dir, "trial-drafts"));
    expect(names).toContain(`${old}.sealed`);
    await saveTrialDraft(draft, Date.now() + TRIAL_DRAFT_TTL_MS + 1000);
    expect(await readdir(path.join(dir, "trial-drafts"))).not.toContain(`${old}.sealed`);
  });
});
