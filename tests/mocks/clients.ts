// /api/adv/clients/{id}: the advertiser record. An advertiser reaches only its own (others: 404).
import { http, HttpResponse } from "msw";
import {
  api,
  authenticate,
  constraintViolationList,
  hydraError,
  item,
  pagedCollection,
  type PagingOptions,
} from "./upstream";

export function clientFixture(id: number, overrides: Record<string, unknown> = {}) {
  return {
    "@context": "/api/contexts/Client",
    "@id": `/api/adv/clients/${id}`,
    "@type": "Client",
    id,
    companyName: "株式会社お店ニュース商店",
    personInCharge: "山田 太郎",
    tel: "0312345678",
    zipCode: "1600022",
    prefecture: { "@id": "/api/adv/prefectures/13", id: 13, name: "東京都" },
    city: "新宿区",
    address: "新宿1-2-3",
    isAutoConfirmable: false,
    isDeleted: false,
    ...overrides,
  };
}

export function clientsHandlers(
  clients = [clientFixture(1), clientFixture(2, { companyName: "有限会社ほかの店" })],
) {
  return [
    http.get(api("/api/adv/clients/:id"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      const id = Number(params.id);
      const client = clients.find((c) => c.id === id);
      const allowed = user.roles.includes("ROLE_ADMINISTRATOR") || user.advertiser === id;
      return client && allowed ? item(client) : hydraError(404, "Not Found");
    }),
  ];
}

/** A client as administrators read it (ADR 0011): with its login. */
export function adminClientFixture(id: number, overrides: Record<string, unknown> = {}) {
  return clientFixture(id, {
    owner: {
      "@id": `/api/adv/user_logins/${id + 10}`,
      id: id + 10,
      email: `client${id}@example.com`,
    },
    ...overrides,
  });
}

type AdminClientRow = ReturnType<typeof adminClientFixture>;

/**
 * The administrators' side of /api/adv/clients (ADR 0011), on a mutable list: the collection
 * (filters applied loosely, the query is what tests check), auto_confirmable on/off, the soft
 * delete, and the reset through /api/adv/user_logins/{id}/update_password (8+ characters, equal).
 * The collection pages as API Platform does (`paging`: its cap and dialect).
 */
export function adminClientsHandlers(clients: AdminClientRow[], paging: PagingOptions = {}) {
  const find = (id: unknown) => clients.find((c) => c.id === Number(id));
  const admin = async (request: Request) => {
    const user = await authenticate(request);
    if (user instanceof Response) return user;
    return user.roles.includes("ROLE_ADMINISTRATOR") ? null : hydraError(403, "Access Denied.");
  };
  return [
    http.get(api("/api/adv/clients"), async ({ request }) => {
      const refused = await admin(request);
      if (refused) return refused;
      const query = new URL(request.url).searchParams;
      const companyName = query.get("companyName");
      const members = clients.filter(
        (c) =>
          (query.get("isDeleted") !== "false" || !c.isDeleted) &&
          (!companyName || String(c.companyName).includes(companyName)),
      );
      return pagedCollection(request, "/api/adv/clients", members, paging);
    }),
    http.get(api("/api/adv/clients/:id"), async ({ request, params }) => {
      const refused = await admin(request);
      if (refused) return refused;
      const client = find(params.id);
      return client ? item(client) : hydraError(404, "Not Found");
    }),
    ...(["put", "delete"] as const).map((method) =>
      http[method](api("/api/adv/clients/:id/auto_confirmable"), async ({ request, params }) => {
        const refused = await admin(request);
        if (refused) return refused;
        const client = find(params.id);
        if (!client) return hydraError(404, "Not Found");
        client.isAutoConfirmable = method === "put";
        return item(client);
      }),
    ),
    http.delete(api("/api/adv/clients/:id"), async ({ request, params }) => {
      const refused = await admin(request);
      if (refused) return refused;
      const client = find(params.id);
      if (!client) return hydraError(404, "Not Found");
      client.isDeleted = true;
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch(api("/api/adv/user_logins/:id/update_password"), async ({ request }) => {
      const refused = await admin(request);
      if (refused) return refused;
      const body = (await request.json()) as Record<string, string>;
      const violations = [];
      if ((body.newPassword ?? "").length < 8)
        violations.push({ propertyPath: "newPassword", message: "8文字以上で入力してください。" });
      if (body.newPassword !== body.newPasswordConfirm)
        violations.push({
          propertyPath: "newPasswordConfirm",
          message: "パスワードが一致しません。",
        });
      if (violations.length > 0) return constraintViolationList(violations);
      return item({ "@id": "/api/adv/user_logins/11", id: 11, isTemporaryPassword: true });
    }),
  ];
}
