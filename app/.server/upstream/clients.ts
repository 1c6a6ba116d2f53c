// Advertiser administration calls (SPEC §7 Clients, ADR 0011): the clients collection,
// auto-approval on/off, the soft delete and the administrator's password reset.
import { z } from "zod";
import type { Query, UpstreamClient } from "./client";
import { getCollectionPage } from "./hydra";
import { bulkRelation, resolveIfAllowed } from "./relations";
import { clientSchema, namedObject, namedSchema } from "./resources";

const anything = z.unknown();

/**
 * A client as administrators read it: with its login (the e-mail, the id for the reset). SPEC §3
 * names a login's e-mail `username`; our reference API also writes `email`: either is the e-mail.
 */
const ownerSchema = z
  .object({
    "@id": z.string(),
    id: z.number(),
    email: z.string().optional(),
    username: z.string().optional(),
  })
  .passthrough()
  .transform(({ username, ...owner }) => ({ ...owner, email: owner.email ?? username }));

/**
 * The relations are tried as embedded first (bulkRelation: a list row then costs no preprocess nor
 * failed union branch, 300 a page); a bare IRI still parses, as relation() reads it.
 */
export const adminClientSchema = clientSchema.extend({
  owner: bulkRelation(ownerSchema),
  prefecture: bulkRelation(namedObject).nullish(),
  isAutoConfirmable: z.boolean(),
  isDeleted: z.boolean(),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/** The login's e-mail is shown and used to impersonate: fetched (once per request) when bare. */
async function withOwner(api: UpstreamClient, client: AdminClient): Promise<AdminClient> {
  return {
    ...client,
    owner: (await resolveIfAllowed(api, client.owner, ownerSchema)) ?? client.owner,
  };
}

/** Screen page `at` of the clients, whatever page size the upstream really serves. */
export async function listClients(
  api: UpstreamClient,
  query: Query,
  at: { page: number; itemsPerPage: number },
) {
  const page = await getCollectionPage(api, "/api/adv/clients", adminClientSchema, query, at);
  return { ...page, member: await Promise.all(page.member.map((c) => withOwner(api, c))) };
}

/** The detail also shows the prefecture's name: fetched (public, memoized) when bare. */
export async function getAdminClient(api: UpstreamClient, id: number) {
  const client = await withOwner(api, await api.get(`/api/adv/clients/${id}`, adminClientSchema));
  const prefecture = await resolveIfAllowed(api, client.prefecture, namedSchema);
  return { ...client, prefecture };
}

/** Auto-approval on (PUT) or off (DELETE); answers the client. */
export const setAutoConfirmable = (api: UpstreamClient, id: number, on: boolean) =>
  api.send(
    on ? "PUT" : "DELETE",
    `/api/adv/clients/${id}/auto_confirmable`,
    on ? {} : undefined,
    adminClientSchema,
  );

/** Soft delete: the login stops working at once and the live ads are taken down. */
export const deleteClient = (api: UpstreamClient, id: number) =>
  api.send("DELETE", `/api/adv/clients/${id}`, undefined, anything);

export type PasswordReset = { newPassword: string; newPasswordConfirm: string };

/** The administrator's reset: the login must change it at its next login (isTemporaryPassword). */
export const resetPassword = (api: UpstreamClient, userLoginId: number, reset: PasswordReset) =>
  api.send("PATCH", `/api/adv/user_logins/${userLoginId}/update_password`, reset, anything);
