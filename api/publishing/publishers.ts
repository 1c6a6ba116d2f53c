// Which publisher carries out a locality's publications (ADR 0010): its WordPress when the REST
// URL, user and application password are all set, else the built-in news site. Tests inject their
// own choice through ApiDeps.publisherFor (a recording or failing fake).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createOutboundGuard, type OutboundGuard } from "../adapters/outbound-guard";
import type { Publisher } from "../adapters/publisher";
import { PublishError } from "../adapters/publisher";
import { sitePublisher } from "../adapters/publisher-site";
import { wordpressPublisher } from "../adapters/publisher-wordpress";
import type { ApiDeps } from "../context";
import type { publishmentLocalities } from "../db/schema";
import { mediaContentType } from "../resources/media-objects";

export type LocalityRow = Pick<
  typeof publishmentLocalities.$inferSelect,
  "id" | "wpRestUrl" | "wpRestUser" | "wpRestPassword"
>;

export type PublisherFactory = (locality: LocalityRow, deps: ApiDeps) => Publisher;

/**
 * Reads an ad image for upload elsewhere from our media directory, by the file name of its
 * /media/ URL (absolute or a path). Only a plain file name is accepted: nothing outside the
 * directory can be named.
 */
export function mediaImageReader(mediaDir: string | null) {
  return async (url: string) => {
    const pathname = new URL(url, "http://localhost").pathname;
    const match = /^\/media\/([^/]+)$/.exec(pathname);
    const filename = match ? decodeURIComponent(match[1]!) : "";
    if (!mediaDir || !filename || filename.includes("/") || filename.startsWith(".")) {
      throw new PublishError("画像ファイルが見つかりません (image not found)");
    }
    let data: Buffer;
    try {
      data = await readFile(path.join(mediaDir, filename));
    } catch {
      throw new PublishError("画像ファイルが見つかりません (image not found)");
    }
    return { data: new Uint8Array(data), contentType: mediaContentType(filename), filename };
  };
}

/** Stored sealed (ADR 0011): opened only here, when a request to WordPress needs it. */
function openPassword(deps: ApiDeps, sealed: string): string {
  try {
    return deps.config.secrets.open(sealed);
  } catch {
    throw new PublishError(
      "WordPress のパスワードを復号できません。SECRETS_KEY を確認するか、エリア管理で設定し直してください。",
    );
  }
}

const guards = new WeakMap<ApiDeps, OutboundGuard>();

/**
 * Where the deps' WordPress requests may go: the injected guard, else one per deps (one
 * connection pool) refusing private addresses except the hosts of WP_ALLOWED_HOSTS.
 */
export function outboundGuardOf(deps: ApiDeps): OutboundGuard {
  if (deps.outboundGuard) return deps.outboundGuard;
  let guard = guards.get(deps);
  if (!guard) {
    guard = createOutboundGuard({ allowedHosts: deps.config.wpAllowedHosts });
    guards.set(deps, guard);
  }
  return guard;
}

/** The configured publisher of a locality (the default factory). */
export const defaultPublisherFor: PublisherFactory = (locality, deps) => {
  if (locality.wpRestUrl && locality.wpRestUser && locality.wpRestPassword) {
    return wordpressPublisher({
      restUrl: locality.wpRestUrl,
      user: locality.wpRestUser,
      password: openPassword(deps, locality.wpRestPassword),
      readImage: mediaImageReader(deps.config.mediaDir),
      guard: outboundGuardOf(deps),
      now: deps.clock,
    });
  }
  return sitePublisher(deps.config);
};

/** The publisher for `locality`: the injected factory when the deps carry one. */
export function publisherFor(locality: LocalityRow, deps: ApiDeps): Publisher {
  return (deps.publisherFor ?? defaultPublisherFor)(locality, deps);
}
