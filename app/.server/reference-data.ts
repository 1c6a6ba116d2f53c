// Reference data that rarely changes (prefectures now; regions, localities, courses later),
// cached per process for a short time (ARCHITECTURE §4).
import { z } from "zod";
import { createUpstreamClient } from "./upstream/client";

const TTL_MS = 10 * 60 * 1000;
const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { expires: Date.now() + TTL_MS, value });
  value.catch(() => cache.delete(key));
  return value;
}

const prefectureSchema = z.object({ "@id": z.string(), id: z.number(), name: z.string() });

/** The 47 prefectures as select options (value: IRI). Public, so no token is needed. */
export function prefectureOptions(upstreamUrl: string) {
  return cached(`prefectures ${upstreamUrl}`, async () => {
    const { member } = await createUpstreamClient({ baseUrl: upstreamUrl }).getCollection(
      "/api/adv/prefectures",
      prefectureSchema,
      { itemsPerPage: 100 },
    );
    return member.map((p) => ({ value: p["@id"], label: p.name }));
  });
}
