// JSON-LD / Hydra wire format shared by every resource (ARCHITECTURE §5): IRIs, errors,
// constraint violations, paginated collections.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError, ZodIssue } from "zod";

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

/** A positive database id from a path or query parameter, or null. */
export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function jsonLd(c: Context, body: unknown, status: ContentfulStatusCode = 200) {
  return c.body(JSON.stringify(body), status, { "Content-Type": JSON_LD });
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

/** `page` is 1-based; out-of-range values fall back to the nearest sensible one. */
export function readPage(
  params: URLSearchParams,
  defaultItemsPerPage = DEFAULT_ITEMS_PER_PAGE,
  maxItemsPerPage = MAX_ITEMS_PER_PAGE,
): Page {
  const page = clampInt(params.get("page"), 1, 1_000_000, 1);
  const itemsPerPage = clampInt(
    params.get("itemsPerPage"),
    1,
    maxItemsPerPage,
    defaultItemsPerPage,
  );
  return { page, itemsPerPage, offset: (page - 1) * itemsPerPage };
}

function clampInt(raw: string | null, min: number, max: number, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  return Math.min(max, Math.max(min, Number(raw)));
}

/**
 * A hydra:Collection. The view links keep the request's other query parameters (filters,
 * order) and only change `page`, as API Platform does.
 */
export function collection(opts: {
  context: string;
  id: string;
  url: URL;
  members: unknown[];
  totalItems: number;
  page?: Page;
}) {
  const body: Record<string, unknown> = {
    "@context": opts.context,
    "@id": opts.id,
    "@type": "hydra:Collection",
    "hydra:totalItems": opts.totalItems,
    "hydra:member": opts.members,
  };
  if (opts.page) body["hydra:view"] = view(opts.id, opts.url, opts.page, opts.totalItems);
  return body;
}

function view(id: string, url: URL, page: Page, totalItems: number) {
  const last = Math.max(1, Math.ceil(totalItems / page.itemsPerPage));
  const href = (n: number) => {
    const params = new URLSearchParams(url.search);
    params.delete("page");
    params.append("page", String(n));
    return `${id}?${params.toString()}`;
  };
  const links: Record<string, string> = {
    "@id": href(page.page),
    "@type": "hydra:PartialCollectionView",
    "hydra:first": href(1),
    "hydra:last": href(last),
  };
  if (page.page > 1) links["hydra:previous"] = href(Math.min(page.page - 1, last));
  if (page.page < last) links["hydra:next"] = href(page.page + 1);
  return links;
}

export const MALFORMED_JSON = "Syntax error";
export const NOT_AN_OBJECT = "The input data is misformatted.";

/**
 * A JSON object body, or a form body (Lexik and Gesdinet clients may send either); {} when empty.
 * Anything else is a 400, as API Platform answers it: JSON that does not parse ("Syntax error"),
 * and JSON that is not an object (`[]`, `null`, `"str"`, `1`: "The input data is misformatted.").
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
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
