// /api/adv/administrators/{id} and /api/adv/site_summary: what the administrator dashboard reads.
import { http } from "msw";
import { api, authenticate, hydraError, item } from "./upstream";

export function administratorsHandlers() {
  return [
    http.get(api("/api/adv/administrators/:id"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      if (!user.roles.includes("ROLE_ADMINISTRATOR")) return hydraError(403, "Access Denied.");
      const id = Number(params.id);
      return item({
        "@id": `/api/adv/administrators/${id}`,
        "@type": "Administrator",
        id,
        name: "編集部",
      });
    }),

    http.get(api("/api/adv/site_summary"), async ({ request }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      if (!user.roles.includes("ROLE_ADMINISTRATOR")) return hydraError(403, "Access Denied.");
      return item({ waiting_for_confirmation: 3, publishing_advertisments: 12, advertisers: 40 });
    }),
  ];
}
