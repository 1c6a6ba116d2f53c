// Loads what the header shows for the logged-in user. An administrator's name needs GET
// /api/adv/administrators/{id}, an extension of SPEC §7: without it, the token's username.
import type { AppLoadContext } from "react-router";
import { getIdentity, upstreamFor } from "./auth";
import { UpstreamError } from "./upstream/errors";
import { upstreamExtensions } from "./upstream/extensions";
import { getAdministrator, getClient } from "./upstream/resources";
import type { Viewer } from "~/domain/viewer";

export async function loadViewer(context: AppLoadContext): Promise<Viewer | null> {
  const identity = getIdentity(context);
  if (!identity) return null;
  const api = upstreamFor(context, context.session.impersonation ? "impersonation" : "main");
  try {
    if (identity.advertiserId !== undefined) {
      const client = await getClient(api, identity.advertiserId);
      return {
        kind: "advertiser",
        id: client.id,
        companyName: client.companyName,
        personInCharge: client.personInCharge,
        impersonating: Boolean(identity.impersonator),
      };
    }
    const administratorId = identity.administratorId;
    if (administratorId !== undefined) {
      const read = await upstreamExtensions.use("administratorsRead", () =>
        getAdministrator(api, administratorId),
      );
      if (read.present) {
        const admin = read.value;
        return { kind: "administrator", id: admin.id, name: admin.name ?? identity.username };
      }
    }
  } catch (error) {
    // The page's own loader reports upstream trouble; the header falls back to the token's data.
    if (!(error instanceof UpstreamError)) throw error;
  }
  return identity.advertiserId !== undefined
    ? {
        kind: "advertiser",
        id: identity.advertiserId,
        companyName: "",
        personInCharge: identity.username,
        impersonating: Boolean(identity.impersonator),
      }
    : { kind: "administrator", id: identity.administratorId ?? 0, name: identity.username };
}
