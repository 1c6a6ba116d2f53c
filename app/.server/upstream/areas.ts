// Areas (SPEC §7 Other data): regions and localities as administrators read and write them. The
// WordPress application password is write-only: the API answers only whether one is set.
import { z } from "zod";
import type { UpstreamClient } from "./client";
import { getAllMembers } from "./hydra";
import { identified, relation, resolveIfAllowed } from "./relations";

const anything = z.unknown();

export const regionSchema = identified(
  z.object({ "@id": z.string(), id: z.number(), name: z.string() }),
);

const localitySchema = z.object({
  "@id": z.string(),
  id: z.number(),
  name: z.string(),
  region: relation(regionSchema),
  blogUrl: z.string().nullish(),
  wpRestUrl: z.string().nullish(),
  wpRestUser: z.string().nullish(),
  /** Our reference API answers whether a password is stored, never the password itself. */
  hasWpRestPassword: z.boolean().optional(),
  /** SPEC §3 lists the password itself: read only to say whether one is stored, never kept. */
  wpRestPassword: z.string().nullish(),
  gaAccount: z.string().nullish(),
  gaProperty: z.string().nullish(),
  gaProfile: z.string().nullish(),
});
const withoutPassword = localitySchema.transform(
  ({ wpRestPassword, hasWpRestPassword, ...locality }) => ({
    ...locality,
    hasWpRestPassword: hasWpRestPassword ?? Boolean(wpRestPassword),
  }),
);
export const adminLocalitySchema = identified(withoutPassword);
export type AdminLocality = z.output<typeof withoutPassword>;

/**
 * What the area form sends; a blank text is unset, an absent password keeps the stored one. The
 * region is an IRI, absent (never "") only in a validate of an incomplete form.
 */
export type LocalityInput = {
  region?: string;
  name: string;
  blogUrl: string;
  wpRestUrl: string;
  wpRestUser: string;
  wpRestPassword?: string;
  gaAccount: string;
  gaProperty: string;
  gaProfile: string;
};

export const getRegions = (api: UpstreamClient) =>
  getAllMembers(api, "/api/adv/publishment_regions", regionSchema, { itemsPerPage: 300 });

/** Every locality, ordered by region id, then id (the API's order); a bare region gets its name. */
export async function getAdminLocalities(api: UpstreamClient): Promise<AdminLocality[]> {
  const member = await getAllMembers(api, "/api/adv/publishment_localities", adminLocalitySchema, {
    itemsPerPage: 300,
  });
  return Promise.all(
    member.map(async (locality) => ({
      ...locality,
      region: (await resolveIfAllowed(api, locality.region, regionSchema)) ?? locality.region,
    })),
  );
}

export const getAdminLocality = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/publishment_localities/${id}`, adminLocalitySchema);

/** `id` names the locality being edited, so its stored password counts as given. */
export const validateLocality = (api: UpstreamClient, input: LocalityInput, id?: number) =>
  api.send(
    "POST",
    "/api/adv/publishment_localities/validate",
    id === undefined ? input : { ...input, id },
    anything,
  );

export const createLocality = (api: UpstreamClient, input: LocalityInput) =>
  api.send("POST", "/api/adv/publishment_localities", input, adminLocalitySchema);

export const updateLocality = (api: UpstreamClient, id: number, input: LocalityInput) =>
  api.send("PUT", `/api/adv/publishment_localities/${id}`, input, adminLocalitySchema);

/** The regions as select options (value: IRI). */
export const regionOptions = async (api: UpstreamClient) =>
  (await getRegions(api)).map((r) => ({ value: r["@id"], label: r.name }));
