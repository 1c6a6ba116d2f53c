// Answers as a strictly SPEC §3 upstream writes them: a fixture of our reference API's shape
// stripped, relation by relation, to the fields §3 gives its entity (JSON-LD keys kept). The
// portal's readers must accept these, and its screens show what they can.

type Entity =
  | "post"
  | "order"
  | "publicAdvertisement"
  | "client"
  | "userLogin"
  | "course"
  | "locality"
  | "region"
  | "prefecture"
  | "sale"
  | "message"
  | "media";

const images = ["image1", "image2", "image3", "image4", "image5", "eyeCatch"] as const;
const numbered = (prefix: string, count: number, suffix = "") =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}${suffix}`);

/** SPEC §3's fields of each entity; a relation names the entity it holds. */
const SECTION3: Record<Entity, Record<string, Entity | true>> = {
  post: {
    id: true,
    formattedAdvertisementId: true,
    title: true,
    storeName: true,
    storeAddress: true,
    storeTel: true,
    businessHours: true,
    mapParameters: true,
    homepage: true,
    previewToken: true,
    statusNote: true,
    priority: true,
    ...Object.fromEntries(images.map((field) => [field, "media" as const])),
    ...Object.fromEntries(numbered("body", 5).map((field) => [field, true as const])),
    ...Object.fromEntries(
      [...numbered("link", 3, "Title"), ...numbered("link", 3, "Url")].map((f) => [f, true]),
    ),
    owner: "client",
    companyName: true,
    publishmentOrder: "order",
    publicAdvertisement: "publicAdvertisement",
  },
  order: {
    id: true,
    advertisement: "post",
    region: "region",
    locality: "locality",
    course: "course",
    orderedAt: true,
    publishesAt: true,
    unpublishesAt: true,
    paidAt: true,
    publishmentStatus: true,
    publishmentStatusLabel: true,
    paymentStatus: true,
    paymentStatusLabel: true,
    paymentMethod: true,
    paymentMethodLabel: true,
    paymentType: true,
    paymentNote: true,
    confirmableAdvertisement: true,
    remandableAdvertisement: true,
  },
  publicAdvertisement: { postUrl: true, postStatus: true, synchronizedAt: true },
  client: {
    id: true,
    companyName: true,
    personInCharge: true,
    tel: true,
    zipCode: true,
    prefecture: "prefecture",
    city: true,
    address: true,
    owner: "userLogin",
    isAutoConfirmable: true,
    isDeleted: true,
  },
  userLogin: { id: true, username: true, isTemporaryPassword: true },
  course: {
    id: true,
    isActive: true,
    name: true,
    price: true,
    note: true,
    periodType: true,
    months: true,
    days: true,
    periodLabel: true,
  },
  locality: {
    id: true,
    name: true,
    region: "region",
    blogUrl: true,
    wpRestUrl: true,
    wpRestUser: true,
    wpRestPassword: true,
    gaAccount: true,
    gaProperty: true,
    gaProfile: true,
  },
  region: { id: true, name: true },
  prefecture: { name: true },
  sale: { id: true, net: true, tax: true, publishmentOrder: "order", saleIndexLabel: true },
  message: {
    id: true,
    createdAt: true,
    sender: true,
    subject: true,
    body: true,
    advertisement: "post",
    client: "client",
  },
  media: { contentUrl: true },
};

const JSON_LD = new Set(["@context", "@id", "@type"]);

/** `value` as an `entity` of a §3 upstream: other fields dropped, relations stripped in turn. */
export function section3<T>(entity: Entity, value: T): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const fields = SECTION3[entity];
  const kept = Object.entries(value as Record<string, unknown>).flatMap(([key, field]) => {
    if (JSON_LD.has(key)) return [[key, field]];
    const spec = fields[key];
    if (spec === undefined) return [];
    return [[key, spec === true ? field : section3(spec, field)]];
  });
  return Object.fromEntries(kept) as T;
}

/** The §3 entity's fields (for tests saying which fields a screen reads beyond them). */
export const section3Fields = (entity: Entity) => Object.keys(SECTION3[entity]);
