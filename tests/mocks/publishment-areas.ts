// /api/adv/publishment_regions, …_localities and …_courses: the choices of the publication
// application; any logged-in user reads them (a valid bearer token, else LexikJWT's 401).
import { http } from "msw";
import { api, authenticate, collection } from "./upstream";

export const regionFixtures = [
  { "@id": "/api/adv/publishment_regions/1", id: 1, name: "東京" },
  { "@id": "/api/adv/publishment_regions/2", id: 2, name: "大阪" },
];
export const localityFixtures = [
  {
    "@id": "/api/adv/publishment_localities/1",
    id: 1,
    name: "新宿",
    region: regionFixtures[0]!["@id"],
  },
];
export const courseFixtures = [
  {
    "@id": "/api/adv/publishment_courses/1",
    id: 1,
    name: "1ヶ月コース",
    price: 10000,
    note: null,
    isActive: true,
    periodType: "month",
    months: 1,
    days: null,
  },
];

export function publishmentAreasHandlers() {
  const list = (path: string, members: unknown[]) =>
    http.get(api(path), async ({ request }) => {
      const user = await authenticate(request);
      return user instanceof Response ? user : collection(path, members);
    });
  return [
    list("/api/adv/publishment_regions", regionFixtures),
    list("/api/adv/publishment_localities", localityFixtures),
    list("/api/adv/publishment_courses", courseFixtures),
  ];
}
