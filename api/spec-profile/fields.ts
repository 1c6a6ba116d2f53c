// The fields SPEC §3 (and §7) give each resource, by JSON-LD @type: under API_PROFILE=spec an
// answer carries these and nothing more, in every object of that type however deeply embedded.
// JSON-LD's own keys (@context, @id, @type) always stay; so do a collection's Hydra keys.

/** SPEC §3, entity by entity (the @type the reference API writes on the left). */
export const SPEC_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // Advertiser (client); owner is the login account.
  Client: [
    "id",
    "companyName",
    "personInCharge",
    "tel",
    "zipCode",
    "prefecture",
    "city",
    "address",
    "owner",
    "isAutoConfirmable",
    "isDeleted",
  ],
  Administrator: ["id"],
  // User login: username is the e-mail.
  UserLogin: ["id", "username", "isTemporaryPassword"],
  // Ad post (advertisement).
  Post: [
    "id",
    "formattedAdvertisementId",
    "title",
    "storeName",
    "storeAddress",
    "storeTel",
    "businessHours",
    "mapParameters",
    "homepage",
    "previewToken",
    "statusNote",
    "priority",
    ...numbered("image"),
    ...numbered("body"),
    "eyeCatch",
    ...[1, 2, 3].flatMap((n) => [`link${n}Title`, `link${n}Url`]),
    "owner",
    "companyName",
    "publishmentOrder",
    "publicAdvertisement",
  ],
  PublishmentOrder: [
    "id",
    "advertisement",
    "region",
    "locality",
    "course",
    "orderedAt",
    "publishesAt",
    "unpublishesAt",
    "paidAt",
    "publishmentStatus",
    "publishmentStatusLabel",
    "paymentStatus",
    "paymentStatusLabel",
    "paymentMethod",
    "paymentMethodLabel",
    "paymentType",
    "paymentNote",
    "confirmableAdvertisement",
    "remandableAdvertisement",
  ],
  PublicAdvertisement: ["postUrl", "postStatus", "synchronizedAt"],
  PublishmentCourse: [
    "id",
    "isActive",
    "name",
    "price",
    "note",
    "periodType",
    "months",
    "days",
    "periodLabel",
  ],
  // Locality (area); the full API never writes wpRestPassword, so it is never there.
  PublishmentLocality: [
    "id",
    "name",
    "region",
    "blogUrl",
    "wpRestUrl",
    "wpRestUser",
    "wpRestPassword",
    "gaAccount",
    "gaProperty",
    "gaProfile",
  ],
  PublishmentRegion: ["id", "name"],
  Prefecture: ["name"],
  Sale: ["id", "net", "tax", "publishmentOrder", "saleIndexLabel"],
  MessageBox: ["id", "createdAt", "sender", "subject", "body", "advertisement", "client"],
  SiteSummary: ["waiting_for_confirmation", "publishing_advertisments", "advertisers"],
  MediaObject: ["contentUrl"],
  // §7 "Returns a payment key" (its answer is not shown): the key alone.
  PaymentKey: ["paymentKey"],
};

/** A report row (§3: untyped, one a day). */
export const REPORT_ROW_FIELDS = [
  "d",
  "imp",
  "clk",
  "ctr",
  "pv",
  "link1",
  "link2",
  "link3",
  "note",
];
/** One item of a report row's note. */
export const REPORT_NOTE_FIELDS = ["id", "subject"];

function numbered(name: string) {
  return [1, 2, 3, 4, 5].map((n) => `${name}${n}`);
}

const JSON_LD_KEYS = new Set(["@context", "@id", "@type"]);

/** A collection's own keys in both dialects (apip3 `hydra:` prefixed, apip4 bare). */
const COLLECTION_KEYS = new Set(
  ["totalItems", "member", "view", "search"].flatMap((k) => [k, `hydra:${k}`]),
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The value with every typed object cut down to its SPEC_FIELDS, recursively. Objects of a type
 * the table does not name (errors, a sync's `res`) and untyped ones keep their keys; their values
 * are still walked.
 */
export function stripToSpec(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripToSpec);
  if (!isObject(value)) return value;
  const type = typeof value["@type"] === "string" ? value["@type"] : null;
  const fields = type ? SPEC_FIELDS[type] : undefined;
  const isCollection = type === "hydra:Collection" || type === "Collection";
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const kept =
      JSON_LD_KEYS.has(key) ||
      (isCollection && COLLECTION_KEYS.has(key)) ||
      fields === undefined ||
      fields.includes(key);
    if (kept) out[key] = stripToSpec(v);
  }
  return out;
}

/** A report row as §3 gives it; note items keep their id and subject. */
export function stripReportRow(row: unknown): unknown {
  if (!isObject(row)) return row;
  const out = pick(row, REPORT_ROW_FIELDS);
  if (Array.isArray(out.note)) {
    out.note = out.note.map((n) => (isObject(n) ? pick(n, REPORT_NOTE_FIELDS) : n));
  }
  return out;
}

function pick(value: Record<string, unknown>, keys: readonly string[]) {
  return Object.fromEntries(keys.filter((k) => k in value).map((k) => [k, value[k]]));
}
