// JSON-LD / Hydra wire format shared by every resource (ARCHITECTURE §5): IRIs, errors,
// constraint violations, paginated collections.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError, ZodIssue } from "zod";
import { controlCharacterViolations } from "./control-characters";

export const JSON_LD = "application/ld+json; charset=utf-8";
export const API_PREFIX = "/api/adv";

/** "/api/adv/posts/12" */
export const iri = (collection: string, id: number | string) => `${API_PREFIX}/${collection}/${id}`;

/**
 * Reads an id given either bare ("12") or as an IRI of the expected collection
 * ("/api/adv/posts/12"). Anything else yields null, which filters treat as "matches nothing".
 */
export function parseIdOrIri(value: string | null | undefined, collection: string): number | null {
  if (value == null) return null;
  const prefix = `${API_PREFIX}/${collection}/`;
  const raw = value.startsWith(prefix) ? value.slice(prefix.length) : value;
  return parseId(raw);
}

/** A relation named by a request body: its IRI as sent and the id it names. */
export interface RelationRef {
  iri: string;
  id: number;
}

/** 400 for an IRI of the right kind whose item does not exist (or the caller may not reach). */
export const itemNotFound = (value: string) => badRequest(`Item not found for "${value}".`);

/**
 * A relation in a request body, read as API Platform reads it (api-platform/core
 * src/Serializer/AbstractItemNormalizer.php, denormalizeRelation(); no relation of ours is a
 * writable link): only an IRI string of the expected collection. A bare id ("1"), another
 * resource's IRI or any other string is a 400 `Invalid IRI "1".`; an object (even {"@id": …})
 * a 400 `Nested documents for attribute "eyeCatch" are not allowed. Use IRIs instead.`; a number
 * or boolean a 400 `The type of the "eyeCatch" attribute must be "array" (nested document) or
 * "string" (IRI), "integer" given.` An IRI whose id cannot exist ("/api/adv/posts/abc") is a 400
 * `Item not found for "…".`, as the caller's own lookup answers one that does not exist.
 * `undefined` when absent, `null` when null (whether null is allowed is the caller's rule).
 */
export function readRelation(
  input: Record<string, unknown>,
  attribute: string,
  collection: string,
): RelationRef | null | undefined {
  const value = input[attribute];
  if (value === undefined || value === null) return value;
  if (typeof value === "string") {
    const prefix = `${API_PREFIX}/${collection}/`;
    const rest = value.startsWith(prefix) ? value.slice(prefix.length) : null;
    if (rest === null || rest === "" || rest.includes("/") || /[?#]/.test(rest)) {
      throw badRequest(`Invalid IRI "${value}".`);
    }
    const id = parseId(rest);
    if (id === null) throw itemNotFound(value);
    return { iri: value, id };
  }
  if (typeof value === "object") {
    throw badRequest(
      `Nested documents for attribute "${attribute}" are not allowed. Use IRIs instead.`,
    );
  }
  throw badRequest(
    `The type of the "${attribute}" attribute must be "array" (nested document) or "string" (IRI), "${phpType(value)}" given.`,
  );
}

/**
 * The relations of a form-like body, checked by readRelation before its validation runs (API
 * Platform deserializes, 400, before it validates, 422). Null or absent is left to the validator
 * (whether the field is required is its rule, 422). A blank string is a string, so an IRI that
 * matches nothing: 400 `Invalid IRI "".` (denormalizeRelation hands every string to
 * getResourceFromIri, whose router finds no item route for it); an unchosen option is sent as
 * null or left out, never "".
 */
export function assertRelations(input: Record<string, unknown>, fields: Record<string, string>) {
  const refs: Record<string, RelationRef | undefined> = {};
  for (const [attribute, collection] of Object.entries(fields)) {
    refs[attribute] = readRelation(input, attribute, collection) ?? undefined;
  }
  return refs;
}

/** PHP's gettype() of a decoded JSON scalar. */
function phpType(value: unknown): string {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "double";
  return typeof value;
}

/** A positive database id from a path or query parameter, or null. */
export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The configured dialect (API_FORMAT), which createApiApp puts on every request. */
export function formatOf(c: Context): ApiFormat {
  return (c.get("apiFormat") as ApiFormat | undefined) ?? "apip3";
}

/** A JSON-LD answer; a HydraCollection is written in the request's dialect. */
export function jsonLd(c: Context, body: unknown, status: ContentfulStatusCode = 200) {
  const value =
    body instanceof HydraCollection ? serializers(formatOf(c)).collection(body.opts) : body;
  return c.body(JSON.stringify(value), status, { "Content-Type": JSON_LD });
}

/** An API Platform error in the request's dialect: hydra:Error (apip3) or problem+json (apip4). */
export function errorResponse(c: Context, status: ContentfulStatusCode, description: string) {
  const { body, contentType, headers } = serializers(formatOf(c)).error(status, description);
  return c.body(JSON.stringify(body), status, { ...headers, "Content-Type": contentType });
}

/** A 422 with the violations in the request's dialect. */
export function violationResponse(c: Context, violations: Violation[]) {
  const { body, contentType, headers } = serializers(formatOf(c)).violations(violations);
  return c.body(JSON.stringify(body), 422, { ...headers, "Content-Type": contentType });
}

/** An error the handlers throw on purpose; app.onError turns it into a hydra:Error. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly description: string,
  ) {
    super(description);
  }
}

export const notFound = () => new ApiError(404, "Not Found");
export const accessDenied = () => new ApiError(403, "Access Denied.");
export const badRequest = (description: string) => new ApiError(400, description);

export function hydraError(description: string) {
  return {
    "@context": "/api/contexts/Error",
    "@type": "hydra:Error",
    "hydra:title": "An error occurred",
    "hydra:description": description,
  };
}

export interface Violation {
  propertyPath: string;
  message: string;
  code?: string | null;
}

/** Symfony's constraint codes, so clients that look at `code` see what API Platform would send. */
export const ViolationCode = {
  notBlank: "c1051bb4-d103-4f74-8988-acbcafc7fdc3",
  tooLong: "d94b19cc-114f-4f44-9cc4-4138e80a87b9",
  tooShort: "9ff3fdc4-b214-49db-8718-39c315e33d45",
  invalidEmail: "bd79c0ab-ddba-46cc-a703-a7a4b08de310",
  notUnique: "23bd9dbf-6b9b-41cd-a99e-4844bcf3077f",
  noSuchChoice: "8e179f1b-97aa-4560-a02f-2a8b42e49df7",
  notEqual: "478618a7-95ba-473d-9101-cabd45e49115",
  invalidType: "ba785a8c-82cb-4283-967c-3cf342181b40",
} as const;

/** The 422 body of API Platform's validation errors, exactly as the portal parses it. */
export function violationList(violations: Violation[]) {
  return {
    "@context": "/api/contexts/ConstraintViolationList",
    "@type": "ConstraintViolationList",
    "hydra:title": "An error occurred",
    "hydra:description": violations.map((v) => `${v.propertyPath}: ${v.message}`).join("\n"),
    violations: violations.map((v) => ({
      propertyPath: v.propertyPath,
      message: v.message,
      code: v.code ?? null,
    })),
  };
}

/** Thrown by validators; app.onError answers 422 with the violation list. */
export class ValidationError extends Error {
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => `${v.propertyPath}: ${v.message}`).join("; "));
  }
}

/**
 * Zod issues as violations: the schemas carry the Japanese messages; nested paths become
 * "advertisement.title" as the trial form expects.
 */
export function violationsFromZod(error: ZodError): Violation[] {
  return error.issues.map((issue) => ({
    propertyPath: issue.path.join("."),
    message: issue.message,
    code: zodCode(issue),
  }));
}

/** A refinement may name its code: `.refine(fn, { message, params: { code: ViolationCode.notUnique } })`. */
function zodCode(issue: ZodIssue): string | null {
  switch (issue.code) {
    case "custom":
      return typeof issue.params?.code === "string" ? issue.params.code : null;
    case "too_small":
      if (issue.type !== "string") return null;
      return Number(issue.minimum) <= 1 ? ViolationCode.notBlank : ViolationCode.tooShort;
    case "too_big":
      return issue.type === "string" ? ViolationCode.tooLong : null;
    case "invalid_string":
      return issue.validation === "email" ? ViolationCode.invalidEmail : null;
    case "invalid_enum_value":
      return ViolationCode.noSuchChoice;
    case "invalid_type":
      return issue.received === "undefined" || issue.received === "null"
        ? ViolationCode.notBlank
        : ViolationCode.invalidType;
    default:
      return null;
  }
}

export const DEFAULT_ITEMS_PER_PAGE = 20;
export const MAX_ITEMS_PER_PAGE = 300;

export interface Page {
  page: number;
  itemsPerPage: number;
  offset: number;
}

/**
 * `page` is 1-based. As API Platform's Pagination (api-platform/core
 * src/State/Pagination/Pagination.php), the values are read as PHP's `(int)` cast reads them
 * ("abc" is 0), a page below 1 is a 400 `Page should not be less than 1`, a negative
 * `itemsPerPage` a 400 `Limit should not be less than 0`, an `itemsPerPage` above the maximum is
 * the maximum, and `itemsPerPage=0` is a page of no items (beyond page 1: a 400).
 */
export function readPage(
  params: URLSearchParams,
  defaultItemsPerPage = DEFAULT_ITEMS_PER_PAGE,
  maxItemsPerPage = MAX_ITEMS_PER_PAGE,
): Page {
  const rawItems = params.get("itemsPerPage");
  const itemsPerPage = Math.min(
    maxItemsPerPage,
    rawItems === null ? defaultItemsPerPage : phpInt(rawItems),
  );
  if (itemsPerPage < 0) throw badRequest("Limit should not be less than 0");
  const rawPage = params.get("page");
  const page = rawPage === null ? 1 : phpInt(rawPage);
  if (page < 1) throw badRequest("Page should not be less than 1");
  if (itemsPerPage === 0 && page > 1) {
    throw badRequest("Page should not be greater than 1 if limit is equal to 0");
  }
  const offset = (page - 1) * itemsPerPage;
  if (!Number.isSafeInteger(offset) || offset > 2 ** 62) {
    throw badRequest("Page parameter is too large.");
  }
  return { page, itemsPerPage, offset };
}

/** PHP's `(int) "…"`: leading white space, a sign and digits; anything else reads 0. */
function phpInt(raw: string): number {
  const match = /^[ \t\n\r\v\f]*([+-]?\d+)/.exec(raw);
  if (!match) return 0;
  const value = Number(match[1]);
  return Number.isSafeInteger(value)
    ? value
    : value > 0
      ? Number.MAX_SAFE_INTEGER
      : Number.MIN_SAFE_INTEGER;
}

/**
 * API Platform's client-side partial pagination, for a resource that enables it
 * (`paginationClientPartial`): `partial` read as PHP's FILTER_VALIDATE_BOOLEAN reads it. A partial
 * page has no totalItems and no first or last link: the count over the whole collection is skipped.
 */
export const asksPartialPage = (params: URLSearchParams) =>
  /^\s*(1|true|on|yes)\s*$/i.test(params.get("partial") ?? "");

export type ApiFormat = "apip3" | "apip4";

export interface CollectionOptions {
  context: string;
  id: string;
  url: URL;
  members: unknown[];
  /** Absent for a page of a partial paginator (`partial=true`), which counts nothing. */
  totalItems?: number;
  /** Absent: the collection is not paginated (one page that is the whole collection). */
  page?: Page;
  /** How many members the page holds, when `members` stands for them (written apart as text). */
  itemsOnPage?: number;
}

/**
 * A Hydra collection, serialized by `jsonLd` in the configured dialect (see `serializers`). The
 * view links keep the request's other query parameters (filters, order) and only change `page`,
 * as API Platform does.
 */
export class HydraCollection {
  constructor(readonly opts: CollectionOptions) {}
}

export const collection = (opts: CollectionOptions) => new HydraCollection(opts);

/**
 * The answer to a collection GET: the members of the collection at API_PREFIX + `path`, in the
 * request's dialect. With `paged`, one page of `totalItems` whose view links keep the request's
 * query; without, the whole collection.
 */
export function collectionResponse(
  c: Context,
  context: string,
  path: string,
  members: unknown[],
  paged?: { page: Page; totalItems: number },
) {
  return jsonLd(
    c,
    collection({
      context,
      id: `${API_PREFIX}${path}`,
      url: new URL(c.req.url),
      members,
      totalItems: paged?.totalItems ?? members.length,
      page: paged?.page,
    }),
  );
}

/** A serialized error: its body and content type. */
export interface ErrorBody {
  body: Record<string, unknown>;
  contentType: string;
  headers: Record<string, string>;
}

/**
 * The one switch point between the dialects (API_FORMAT, ARCHITECTURE §5):
 * - apip3: API Platform 3.x with `hydra:` prefixed keys and the legacy `hydra:Error` errors;
 * - apip4: API Platform 4.x defaults (`serializer.hydra_prefix: false`): unprefixed `member`,
 *   `totalItems`, `view` and problem+json errors (api-platform/core src/State/ApiResource/Error.php,
 *   src/Validator/Exception/ValidationException.php, src/JsonLd/Serializer/ErrorNormalizer.php).
 */
export interface Serializers {
  collection(opts: CollectionOptions): Record<string, unknown>;
  error(status: number, description: string): ErrorBody;
  violations(violations: Violation[]): ErrorBody;
}

const apip3: Serializers = {
  collection: (opts) => serializeCollection(opts, "hydra:"),
  error: (_status, description) => ({
    body: hydraError(description),
    contentType: JSON_LD,
    headers: {},
  }),
  violations: (violations) => ({
    body: violationList(violations),
    contentType: JSON_LD,
    headers: {},
  }),
};

/** API Platform 4 links its errors to Hydra's error type (features/hydra/error.feature). */
const HYDRA_ERROR_LINK =
  '<http://www.w3.org/ns/hydra/error>; rel="http://www.w3.org/ns/json-ld#error"';
export const PROBLEM_JSON = "application/problem+json; charset=utf-8";

const apip4: Serializers = {
  collection: (opts) => serializeCollection(opts, ""),
  error: (status, description) => ({
    body: problem(status, description),
    contentType: PROBLEM_JSON,
    headers: { Link: HYDRA_ERROR_LINK },
  }),
  violations: (violations) => ({
    body: constraintViolation(violations),
    contentType: PROBLEM_JSON,
    headers: { Link: HYDRA_ERROR_LINK },
  }),
};

export function serializers(format: ApiFormat): Serializers {
  return format === "apip4" ? apip4 : apip3;
}

/**
 * API Platform 4's Error resource in JSON-LD without the hydra prefix
 * (api-platform/core src/State/ApiResource/Error.php: uriTemplate '/errors/{status}',
 * createFromException: title 'An error occurred', type "/errors/$status"; getDescription()
 * returns the detail, in the 'jsonld' group only).
 */
export function problem(status: number, description: string) {
  return {
    "@context": "/api/contexts/Error",
    "@id": `/api/errors/${status}`,
    "@type": "Error",
    title: "An error occurred",
    detail: description,
    status,
    type: `/errors/${status}`,
    description,
  };
}

/**
 * API Platform 4's ValidationException in JSON-LD without the hydra prefix
 * (api-platform/core src/Validator/Exception/ValidationException.php: shortName
 * 'ConstraintViolation', uriTemplate '/validation_errors/{id}', getId() = the violations' codes
 * (CompositeIdentifierParser::stringify when several), getType() '/validation_errors/'.id,
 * detail = description = "path: message" lines, status 422).
 */
export function constraintViolation(violations: Violation[]) {
  const codes = violations.map((v) => v.code ?? "");
  const id =
    codes.length > 1 ? codes.map((code, i) => `${i}=${code}`).join(";") : codes[0] || "unknown";
  const detail = describe(violations);
  return {
    "@context": "/api/contexts/ConstraintViolation",
    "@id": `/api/validation_errors/${id}`,
    "@type": "ConstraintViolation",
    status: 422,
    violations: violations.map((v) => ({
      propertyPath: v.propertyPath,
      message: v.message,
      code: v.code ?? null,
    })),
    detail,
    description: detail,
    type: `/validation_errors/${id}`,
    title: "An error occurred",
  };
}

function describe(violations: Violation[]) {
  return violations
    .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
    .join("\n");
}

function serializeCollection(opts: CollectionOptions, prefix: "hydra:" | "") {
  const body: Record<string, unknown> = {
    "@context": opts.context,
    "@id": opts.id,
    "@type": `${prefix}Collection`,
    ...(opts.totalItems === undefined ? {} : { [`${prefix}totalItems`]: opts.totalItems }),
    [`${prefix}member`]: opts.members,
  };
  const v = view(opts, prefix);
  if (v) body[`${prefix}view`] = v;
  return body;
}

/**
 * The view as api-platform/core src/Hydra/Serializer/PartialCollectionViewNormalizer.php and
 * src/Hydra/State/Util/PaginationHelperTrait.php write it:
 * - `$paginated = 1. !== $object->getLastPage()`; `if (!$appliedFilters && !$paginated) return $data;`
 *   (no view for one unfiltered page; `page` itself is no filter: IriHelper::parseIri unsets it);
 * - `if (!$paginated && $appliedFilters) return new PartialCollectionView($id);` (only @id/@type,
 *   the @id without `page`);
 * - first/last when paginated; `if (1. !== $currentPage)` previous = `$currentPage - 1.` (page 99
 *   of 3 has previous 98); next when `$currentPage < $lastPage`;
 * - a partial paginator (no totalItems) is always paginated, with no first or last; next when
 *   `$pageTotalItems >= $itemsPerPage` (a full page: the next one may be empty);
 * - IriHelper::createIri: `http_build_query(..., \PHP_QUERY_RFC3986)` (a space is %20).
 */
function view(opts: CollectionOptions, prefix: "hydra:" | "") {
  const { page, totalItems } = opts;
  const params = queryParameters(opts.url.searchParams);
  params.delete("page");
  const appliedFilters = [...params.keys()].some((key) => key !== "pagination");
  const partial = page !== undefined && totalItems === undefined;
  // Doctrine's Paginator::getLastPage(): ceil(total / itemsPerPage) ?: 1 (1 when itemsPerPage is 0).
  const lastPage =
    page && page.itemsPerPage > 0 && totalItems !== undefined
      ? Math.max(1, Math.ceil(totalItems / page.itemsPerPage))
      : 1;
  const paginated = partial || (page !== undefined && lastPage !== 1);
  if (!appliedFilters && !paginated) return null;
  const href = (n: number | null) => {
    const query = [...params].map(([key, value]) => `${key.split("\u0000")[0]}=${value}`);
    if (n !== null) query.push(`page=${n}`);
    return query.length > 0 ? `${opts.id}?${query.join("&")}` : opts.id;
  };
  const links: Record<string, string> = {
    "@id": href(paginated ? page.page : null),
    "@type": `${prefix}PartialCollectionView`,
  };
  if (!paginated) return links;
  if (!partial) {
    links[`${prefix}first`] = href(1);
    links[`${prefix}last`] = href(lastPage);
  }
  if (page.page !== 1) links[`${prefix}previous`] = href(page.page - 1);
  const full =
    page.itemsPerPage > 0 && (opts.itemsOnPage ?? opts.members.length) >= page.itemsPerPage;
  if (partial ? full : page.page < lastPage) links[`${prefix}next`] = href(page.page + 1);
  return links;
}

/**
 * The request's query as API Platform re-encodes it (RequestParser::parseRequestParams, then
 * http_build_query with PHP_QUERY_RFC3986): keys and values percent-encoded as rawurlencode does
 * (a space is %20, not +), a repeated plain key keeps its first place and its last value, `a[]` and
 * `a[0]` keys stay a list (`a%5B%5D`).
 */
function queryParameters(search: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  let listIndex = 0;
  for (const [rawKey, value] of search) {
    const key = rawKey.replace(/\[\d*\]$/, "[]");
    const encoded = rawUrlEncode(key);
    // A list keeps every element: distinct map keys that print the same.
    if (key.endsWith("[]")) out.set(`${encoded}\u0000${listIndex++}`, rawUrlEncode(value));
    else out.set(encoded, rawUrlEncode(value));
  }
  return out;
}

/** PHP's rawurlencode (RFC 3986): everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
export function rawUrlEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export const MALFORMED_JSON = "Syntax error";
export const NOT_AN_OBJECT = "The input data is misformatted.";

/**
 * A JSON object body, or a form body (Lexik and Gesdinet clients may send either); {} when empty.
 * A resource's text holding a control character is a 422 at its field (control-characters.ts).
 * Anything else is a 400, as API Platform answers it: JSON that does not parse ("Syntax error"),
 * and JSON that is not an object (`[]`, `null`, `"str"`, `1`: "The input data is misformatted.").
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const body = await parsedBody(c);
  // The resources' texts, which are stored; the token calls' password is only compared (a
  // wrong one stays a 401, as the portal's login expects).
  if (c.req.path.startsWith(`${API_PREFIX}/`)) {
    const violations = controlCharacterViolations(body);
    if (violations.length > 0) throw new ValidationError(violations);
  }
  return body;
}

async function parsedBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("Content-Type") ?? "";
  if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) {
    return (await c.req.parseBody()) as Record<string, unknown>;
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(MALFORMED_JSON);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest(NOT_AN_OBJECT);
  }
  return value as Record<string, unknown>;
}
