// The end of an unclaimed trial upload (ADR 0012): the quarantine_expiry job deletes the row and
// its files once the quarantine is over, unless create_trial claimed the file meanwhile.
import { rm } from "node:fs/promises";
import path from "node:path";
import { and, eq, gt, inArray, isNotNull, lte } from "drizzle-orm";
import type { ApiDeps } from "../context";
import type { Database } from "../db/client";
import { mediaObjects } from "../db/schema";
import { variantPath } from "../resources/media-images";

/** Which of `ids` are uploads still quarantined under the trial key `keyHash` at `now`. */
export async function quarantinedUnder(
  db: Database,
  keyHash: string,
  ids: number[],
  now: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: mediaObjects.id })
    .from(mediaObjects)
    .where(
      and(
        inArray(mediaObjects.id, ids),
        eq(mediaObjects.trialKeyHash, keyHash),
        gt(mediaObjects.quarantineExpiresAt, now),
      ),
    );
  return rows.map((r) => r.id);
}

export const quarantineJobKey = (mediaId: number) => `quarantine_expiry:${mediaId}`;

/** The stored file and its list and page copies. */
const filesOf = (filePath: string) => [
  filePath,
  variantPath(filePath, "list"),
  variantPath(filePath, "page"),
];

export async function expireQuarantine(
  deps: Pick<ApiDeps, "db" | "clock" | "config">,
  payload: Record<string, unknown>,
): Promise<void> {
  const mediaId = payload.mediaId;
  const filePath = payload.filePath;
  if (typeof mediaId !== "number" || typeof filePath !== "string") return;
  // One statement: a claim racing with it either finds the row gone (and fails) or took it first
  // (the row no longer matches here).
  const deleted = await deps.db
    .delete(mediaObjects)
    .where(
      and(
        eq(mediaObjects.id, mediaId),
        isNotNull(mediaObjects.trialKeyHash),
        lte(mediaObjects.quarantineExpiresAt, deps.clock()),
      ),
    )
    .returning({ filePath: mediaObjects.filePath });
  if (deleted.length === 0) {
    // Claimed (or not yet due): keep the files. A retry after the row went finds no row at all
    // and removes the files the failed run left.
    const [row] = await deps.db
      .select({ id: mediaObjects.id })
      .from(mediaObjects)
      .where(eq(mediaObjects.filePath, filePath));
    if (row) return;
  }
  const { mediaDir } = deps.config;
  if (!mediaDir) return;
  await Promise.all(
    filesOf(filePath).map((name) => rm(path.join(mediaDir, name), { force: true })),
  );
}
