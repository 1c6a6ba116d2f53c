// /api/adv/clients/{id}: the advertiser record. An advertiser reaches only its own (others: 404).
import { http } from "msw";
import { api, authenticate, hydraError, item } from "./upstream";

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
