// /api/adv/publishment_localities writes (validate, POST, PUT) as the administrators' area form
// calls them: administrators only; the bodies are recorded so tests can see what was sent.
import { http } from "msw";
import { api, authenticate, constraintViolationList, hydraError, item } from "./upstream";

export const savedLocality = (id: number, body: Record<string, unknown>) => ({
  "@id": `/api/adv/publishment_localities/${id}`,
  "@type": "PublishmentLocality",
  id,
  name: body.name,
  region: { "@id": body.region, id: 1, name: "関東" },
  blogUrl: body.blogUrl || null,
  wpRestUrl: body.wpRestUrl || null,
  wpRestUser: body.wpRestUser || null,
  hasWpRestPassword: Boolean(body.wpRestPassword),
  gaAccount: body.gaAccount || null,
  gaProperty: body.gaProperty || null,
  gaProfile: body.gaProfile || null,
});

/** The handlers and the bodies they received, in order (`${method} ${path}` → body). */
export function areaWriteHandlers(
  opts: { violations?: { propertyPath: string; message: string }[] } = {},
) {
  const received: { call: string; body: Record<string, unknown> }[] = [];
  const guard = async (request: Request) => {
    const user = await authenticate(request);
    if (user instanceof Response) return user;
    if (!user.roles.includes("ROLE_ADMINISTRATOR")) return hydraError(403, "Access Denied.");
    return null;
  };
  const handlers = [
    http.post(api("/api/adv/publishment_localities/validate"), async ({ request }) => {
      const refused = await guard(request);
      if (refused) return refused;
      received.push({ call: "validate", body: (await request.json()) as Record<string, unknown> });
      return opts.violations
        ? constraintViolationList(opts.violations)
        : new Response(null, { status: 204 });
    }),
    http.post(api("/api/adv/publishment_localities"), async ({ request }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const body = (await request.json()) as Record<string, unknown>;
      received.push({ call: "create", body });
      return item(savedLocality(42, body), 201);
    }),
    http.put(api("/api/adv/publishment_localities/:id"), async ({ request, params }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const body = (await request.json()) as Record<string, unknown>;
      received.push({ call: `update ${String(params.id)}`, body });
      return item(savedLocality(Number(params.id), body));
    }),
  ];
  return { handlers, received };
}
