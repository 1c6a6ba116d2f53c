// The trial form's draft kept when its address turns out to be registered (issue 30): TrialError
// offers ログインして続ける, and after login the draft becomes the advertiser's new ad, images
// included while the API's quarantine holds them (ADR 0012: 24 h). An ad's texts reach 75 KB, far
// over a cookie, so the draft is sealed (seal.ts, a key of its own, for 24 h) in a
// file under DATA_DIR and the browser holds only its random name, in a cookie of its own. The
// images are the IRIs the API accepted for the trial's key at 次へ, kept with the key: the
// browser can neither read nor change them, and the API checks them against the key again.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse, serialize } from "cookie";
import { z } from "zod";
import { env } from "~/.server/env";
import { seal, unseal } from "~/.server/seal";
import type { PostInput } from "~/.server/upstream/posts";

export const TRIAL_DRAFT_COOKIE = "trial-draft";
/** As long as the API keeps the trial's uploads (ADR 0012 quarantine). */
export const TRIAL_DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
/** Drafts kept at once: the disk an anonymous form can use is bounded; beyond it none is kept. */
export const TRIAL_DRAFT_MAX = 500;
const ID = /^[A-Za-z0-9_-]{32}$/;

export type TrialDraft = {
  /** The trial's X-Trial-Key: the create after login claims the quarantined uploads with it. */
  trialKey: string;
  advertisement: PostInput;
};

const draftSchema = z.object({
  trialKey: z.string(),
  advertisement: z.record(z.unknown()),
});

const directory = () => path.join(env().DATA_DIR, "trial-drafts");
const fileOf = (id: string) => path.join(directory(), `${id}.sealed`);

/** Removes expired drafts; answers how many are left. */
async function sweep(now: number): Promise<number> {
  const names = await readdir(directory()).catch(() => [] as string[]);
  let left = 0;
  for (const name of names) {
    const file = path.join(directory(), name);
    const info = await stat(file).catch(() => null);
    if (!info) continue;
    if (info.mtimeMs + TRIAL_DRAFT_TTL_MS <= now) await rm(file, { force: true });
    else left += 1;
  }
  return left;
}

/** Keeps the draft; its id, or null when the store is full (TrialError then offers login only). */
export async function saveTrialDraft(draft: TrialDraft, now = Date.now()): Promise<string | null> {
  await mkdir(directory(), { recursive: true });
  if ((await sweep(now)) >= TRIAL_DRAFT_MAX) return null;
  const id = randomBytes(24).toString("base64url");
  const sealed = seal(draft, "trial-draft", { now, ttlMs: TRIAL_DRAFT_TTL_MS });
  await writeFile(fileOf(id), sealed, { mode: 0o600 });
  return id;
}

/** The draft of that id, or null (unknown, expired, tampered with or sealed by another secret). */
export async function readTrialDraft(
  id: string | undefined,
  now = Date.now(),
): Promise<TrialDraft | null> {
  if (!id || !ID.test(id)) return null;
  const sealed = await readFile(fileOf(id), "utf8").catch(() => null);
  const parsed = draftSchema.safeParse(
    sealed === null ? null : unseal(sealed, "trial-draft", { now }),
  );
  return parsed.success ? (parsed.data as unknown as TrialDraft) : null;
}

export async function deleteTrialDraft(id: string | undefined) {
  if (id && ID.test(id)) await rm(fileOf(id), { force: true });
}

/** The draft id the browser holds, from the request's Cookie header. */
export function trialDraftIdOf(request: Request): string | undefined {
  const header = request.headers.get("Cookie");
  return header ? parse(header)[TRIAL_DRAFT_COOKIE] : undefined;
}

/** The Set-Cookie that hands the browser the draft's id (null: the one that forgets it). */
export function trialDraftCookie(id: string | null): string {
  return serialize(TRIAL_DRAFT_COOKIE, id ?? "", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().secureCookies,
    maxAge: id ? TRIAL_DRAFT_TTL_MS / 1000 : 0,
  });
}
