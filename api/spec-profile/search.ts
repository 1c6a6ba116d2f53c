// hydra:search of collection answers, as API Platform writes it (api-platform/core
// src/Hydra/Serializer/CollectionFiltersNormalizer.php and src/Hydra/State/Util/SearchHelperTrait.php):
// an IriTemplate of the collection's path with one variable per filter and order[…] field, each
// mapped to its property. It is how a client learns which filters and sorts a server has.
import type { ApiFormat } from "../hydra";

export interface SearchMapping {
  variable: string;
  property: string | null;
  required: boolean;
}

/** A search filter: `owner`, `publishmentOrder.region`, … (API Platform's SearchFilter style). */
export const filter = (variable: string, property: string | null = variable): SearchMapping => ({
  variable,
  property,
  required: false,
});

/** A required query value (a report's month): the operation answers 400 without it. */
export const required = (variable: string, property: string | null = variable): SearchMapping => ({
  ...filter(variable, property),
  required: true,
});

/** An OrderFilter field: `order[title]` on `title`. */
export const order = (property: string): SearchMapping => ({
  variable: `order[${property}]`,
  property,
  required: false,
});

/** The advertisers list's filters and sorts: SPEC §7 declares exactly what the full API reads. */
export const CLIENT_FILTERS: SearchMapping[] = [
  filter("isDeleted"),
  filter("id"),
  filter("companyName"),
  filter("personInCharge"),
  filter("owner.email"),
  order("id"),
  order("companyName"),
  order("personInCharge"),
  order("owner.email"),
];

/** The ads' search filters as SPEC §7 declares them; the full API reads them too, among more. */
export const POST_SEARCH_FILTERS: SearchMapping[] = [
  filter("owner"),
  filter("owner.companyName"),
  filter("title"),
  filter("publishmentOrder.region"),
  filter("publishmentOrder.locality"),
  filter("has_publishmentOrder", "publishmentOrder"),
];

/**
 * What the full API's collections read (api/resources: postFilters / postOrder in posts-query.ts,
 * clientFilters / clientOrder in clients.ts, messageFilters / messageOrder in message-boxes.ts,
 * sales.ts, reports.ts, publishment-courses.ts, audit-logs.ts, payment-refunds.ts).
 * Collections without filters (prefectures, regions, localities, the outbox) get no hydra:search,
 * as API Platform writes none for an operation without filters.
 */
export const FULL_FILTERS: ReadonlyArray<[path: string, filters: SearchMapping[]]> = [
  [
    "/api/adv/posts",
    [
      ...POST_SEARCH_FILTERS,
      filter("publishmentOrder.publishmentStatus"),
      filter("publishmentOrder.publishmentStatus[]", "publishmentOrder.publishmentStatus"),
      // 配信状況 as the editors' list reads it (posts-query.ts distributionIs; issue 30 #10).
      filter("distributionStatus", "publicAdvertisement.postStatus"),
      filter("isDeleted"),
      order("id"),
      order("title"),
      order("priority"),
      order("owner.companyName"),
      order("publishmentOrder.publishesAt"),
      order("publishmentOrder.unpublishesAt"),
      order("area"),
    ],
  ],
  ["/api/adv/clients", CLIENT_FILTERS],
  ["/api/adv/message_boxes", [filter("client"), filter("post"), order("id"), order("createdAt")]],
  ["/api/adv/sales", [filter("month_recordedAt", "recordedAt")]],
  ["/api/adv/posts/:id/report", [required("month")]],
  ["/api/adv/reports", [required("month"), required("url")]],
  ["/api/adv/publishment_courses", [filter("isActive")]],
  [
    "/api/adv/audit_logs",
    [filter("actor"), filter("action"), filter("target"), filter("advertisement")],
  ],
  ["/api/adv/payment_refunds", [filter("publishmentOrder"), filter("month")]],
];

/**
 * The IriTemplate: `hydra:`-prefixed keys in apip3, bare in apip4 (the hydra_prefix setting);
 * the mapping entries' own keys are never prefixed (convertMappingToArray).
 */
export function iriTemplate(path: string, mappings: readonly SearchMapping[], format: ApiFormat) {
  const p = format === "apip4" ? "" : "hydra:";
  return {
    "@type": `${p}IriTemplate`,
    [`${p}template`]: `${path}{?${mappings.map((m) => m.variable).join(",")}}`,
    [`${p}variableRepresentation`]: "BasicRepresentation",
    [`${p}mapping`]: mappings.map((m) => ({
      "@type": "IriTemplateMapping",
      variable: m.variable,
      property: m.property,
      required: m.required,
    })),
  };
}
