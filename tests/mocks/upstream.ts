// What every mocked upstream resource shares: the base URL, the wire format of API Platform
// (collections, violations, errors) and the bearer-token check of LexikJWTAuthenticationBundle.
import { errors } from "jose";
import { HttpResponse } from "msw";
import { verifyToken, type VerifiedClaims } from "../fixtures/tokens";

export const UPSTREAM = "http://upstream.test";
export const api = (path: string) => `${UPSTREAM}${path}`;

const JSON_LD = { "Content-Type": "application/ld+json; charset=utf-8" };

/** `hydra:member` with the prefix (API Platform 2/3) or plain `member` (API Platform 4). */
export type CollectionStyle = "hydra" | "plain";

export function collection(
  id: string,
  members: unknown[],
  {
    style = "hydra",
    totalItems = members.length,
  }: { style?: CollectionStyle; totalItems?: number } = {},
) {
  const body =
    style === "hydra"
      ? {
          "@context": "/api/contexts/Post",
          "@id": id,
          "@type": "hydra:Collection",
          "hydra:member": members,
          "hydra:totalItems": totalItems,
          "hydra:view": { "@id": `${id}?page=1`, "@type": "hydra:PartialCollectionView" },
        }
      : {
          "@context": "/api/contexts/Post",
          "@id": id,
          "@type": "Collection",
          member: members,
          totalItems,
          view: { "@id": `${id}?page=1`, "@type": "PartialCollectionView" },
        };
  return HttpResponse.json(body, { headers: JSON_LD });
}

export type PagingOptions = {
  style?: CollectionStyle;
  /** API Platform's `maximum_items_per_page`: a larger `itemsPerPage` gets this many. */
  maxItemsPerPage?: number;
  /** Next links to another resource (the portal must not follow them). */
  foreignNext?: boolean;
};

/**
 * One page of `all` as API Platform pages a collection: `page` and `itemsPerPage` (30 by default,
 * capped at `maxItemsPerPage`) from the request, totalItems and a view whose next link repeats the
 * request's query with the next page.
 */
export function pagedCollection(
  request: Request,
  id: string,
  all: readonly unknown[],
  { style = "hydra", maxItemsPerPage = Infinity, foreignNext = false }: PagingOptions = {},
) {
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get("page") ?? "1"));
  const asked = Number(url.searchParams.get("itemsPerPage") ?? "30");
  const itemsPerPage = Math.min(maxItemsPerPage, asked);
  const members = all.slice((page - 1) * itemsPerPage, page * itemsPerPage);
  const href = (n: number) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(n));
    return `${foreignNext ? "/api/adv/elsewhere" : id}?${params.toString()}`;
  };
  const next = page * itemsPerPage < all.length ? href(page + 1) : undefined;
  return item(
    style === "hydra"
      ? {
          "@context": "/api/contexts/Post",
          "@id": id,
          "@type": "hydra:Collection",
          "hydra:member": members,
          "hydra:totalItems": all.length,
          "hydra:view": {
            "@id": href(page),
            "@type": "hydra:PartialCollectionView",
            ...(next ? { "hydra:next": next } : {}),
          },
        }
      : {
          "@id": id,
          "@type": "Collection",
          member: members,
          totalItems: all.length,
          view: { "@id": href(page), ...(next ? { next } : {}) },
        },
  );
}

export function item(body: Record<string, unknown>, status = 200) {
  return HttpResponse.json(body, { status, headers: JSON_LD });
}

export type WireViolation = { propertyPath: string; message: string; code?: string };

/** 422 as a JSON-LD ConstraintViolationList (ARCHITECTURE §5). */
export function constraintViolationList(violations: WireViolation[]) {
  return HttpResponse.json(
    {
      "@context": "/api/contexts/ConstraintViolationList",
      "@type": "ConstraintViolationList",
      "hydra:title": "An error occurred",
      "hydra:description": violations.map((v) => `${v.propertyPath}: ${v.message}`).join("\n"),
      violations,
    },
    { status: 422, headers: JSON_LD },
  );
}

/** 422 as RFC 7807 problem+json, as API Platform 3.2+ answers `Accept: application/json`. */
export function problemViolations(violations: WireViolation[]) {
  return HttpResponse.json(
    {
      type: "/validation_errors/c1051bb4-d103-4f74-8988-acbcafc7fdc3",
      title: "An error occurred",
      detail: violations.map((v) => `${v.propertyPath}: ${v.message}`).join("\n"),
      status: 422,
      violations,
    },
    { status: 422, headers: { "Content-Type": "application/problem+json; charset=utf-8" } },
  );
}

/** Any other error: `{"@type":"hydra:Error", …}`. */
export function hydraError(status: number, description: string) {
  return HttpResponse.json(
    {
      "@type": "hydra:Error",
      "hydra:title": "An error occurred",
      "hydra:description": description,
    },
    { status, headers: JSON_LD },
  );
}

/** LexikJWT's 401 body. */
export function jwtError(message: string) {
  return HttpResponse.json({ code: 401, message }, { status: 401 });
}

/**
 * Checks the bearer token the way the upstream does: a verified signature and an unexpired token.
 * Returns the claims, or the 401 response to send.
 */
export async function authenticate(request: Request): Promise<VerifiedClaims | Response> {
  const header = request.headers.get("Authorization");
  if (!header?.startsWith("Bearer ")) return jwtError("JWT Token not found");
  try {
    return await verifyToken(header.slice("Bearer ".length));
  } catch (error) {
    return jwtError(error instanceof errors.JWTExpired ? "Expired JWT Token" : "Invalid JWT Token");
  }
}
