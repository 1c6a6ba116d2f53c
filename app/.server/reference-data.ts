// Reference data that rarely changes (prefectures, regions, localities, courses), cached per
// process for a short time (ARCHITECTURE §4). Only loaded data is cached, never a pending load:
// a load runs with its caller's token, and its failure (an outage, or the redirect to Login when
// that caller's token cannot be refreshed) belongs to that caller alone. Each list is read to its
// last page (hydra:next), and an item's id may be left out (derived from its @id).
import { z } from "zod";
import type { UpstreamTarget } from "./upstream/authentication";
import { createUpstreamClient, type UpstreamClient } from "./upstream/client";
import { getAllMembers } from "./upstream/hydra";
import { identified, relation } from "./upstream/relations";

const TTL_MS = 10 * 60 * 1000;
// Courses carry prices: keep them fresher than the other reference data.
const PUBLISHMENT_CHOICES_TTL_MS = 60 * 1000;
const cache = new Map<string, { expires: number; value: unknown }>();

async function cached<T>(key: string, load: () => Promise<T>, ttl = TTL_MS): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as T;
  // Callers that miss together each load: a shared promise would hand one user's failure to all.
  const value = await load();
  cache.set(key, { expires: Date.now() + ttl, value });
  return value;
}

/** Empties the cache (tests). */
export function clearReferenceData() {
  cache.clear();
}

// SPEC §3: a prefecture is `name, @id`.
const prefectureSchema = identified(
  z.object({ "@id": z.string(), id: z.number(), name: z.string() }),
);

/** A prefecture as the select offers it: the name is what goes upstream (SPEC §3). */
export type PrefectureOption = { value: string; label: string; iri: string };

/**
 * The 47 prefectures as select options (value: the name, SPEC §3 "by name, chosen from a list").
 * Public, so no token is needed; a load spends the calling request's time budget like its other
 * calls.
 */
export function prefectureOptions(target: UpstreamTarget): Promise<PrefectureOption[]> {
  return cached(`prefectures ${target.baseUrl}`, async () => {
    const member = await getAllMembers(
      createUpstreamClient(target),
      "/api/adv/prefectures",
      prefectureSchema,
      { itemsPerPage: 100 },
    );
    return member.map((p) => ({ value: p.name, label: p.name, iri: p["@id"] }));
  });
}

/**
 * A saved prefecture as the select's value: its name, from the record, or from the list when the
 * upstream answered a bare IRI.
 */
export function prefectureValue(
  saved: { "@id": string; name?: string | null } | null | undefined,
  options: PrefectureOption[],
): string {
  if (!saved) return "";
  return saved.name ?? options.find((p) => p.iri === saved["@id"])?.value ?? "";
}

const regionSchema = identified(z.object({ "@id": z.string(), id: z.number(), name: z.string() }));
const localitySchema = identified(
  z.object({
    "@id": z.string(),
    id: z.number(),
    name: z.string(),
    region: relation(z.object({ "@id": z.string() }).passthrough()),
  }),
);
const courseFields = z.object({
  "@id": z.string(),
  id: z.number(),
  name: z.string(),
  price: z.number(),
  note: z.string().nullish(),
  isActive: z.boolean(),
  periodType: z.enum(["month", "day"]),
  months: z.number().nullish(),
  days: z.number().nullish(),
});
const courseSchema = identified(courseFields);
export type Course = z.infer<typeof courseFields>;

/**
 * Regions with their localities (ordered as the API orders them: region id, then id) and the
 * active courses, for the publishment application. Regions without localities are left out
 * (SPEC §5). Any logged-in user may read them, so the caller's client is used.
 */
export function publishmentChoices(api: UpstreamClient, upstreamUrl: string) {
  return cached(
    `publishment ${upstreamUrl}`,
    async () => {
      const [regions, localities, courses] = await Promise.all([
        getAllMembers(api, "/api/adv/publishment_regions", regionSchema, { itemsPerPage: 300 }),
        getAllMembers(api, "/api/adv/publishment_localities", localitySchema, {
          itemsPerPage: 300,
        }),
        getAllMembers(api, "/api/adv/publishment_courses", courseSchema, { itemsPerPage: 300 }),
      ]);
      return {
        regions: regions
          .map((r) => ({
            value: r["@id"],
            label: r.name,
            localities: localities
              .filter((l) => l.region["@id"] === r["@id"])
              .map((l) => ({ value: l["@id"], label: l.name })),
          }))
          .filter((r) => r.localities.length > 0),
        courses: courses.filter((c) => c.isActive),
      };
    },
    PUBLISHMENT_CHOICES_TTL_MS,
  );
}
