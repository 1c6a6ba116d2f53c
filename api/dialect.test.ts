// @vitest-environment node
// API_FORMAT (api/hydra.ts `serializers`): the same calls in API Platform 3's dialect (apip3,
// `hydra:` prefixed keys, hydra:Error) and API Platform 4's (apip4, unprefixed keys, problem+json).
// Sources quoted are api-platform/core at v4.2.9 unless said otherwise.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi } from "./testing/db";
import { body, get, loginShop, patchJson } from "./testing/http";
import { hydraError } from "./testing/violations";

type Api = Awaited<ReturnType<typeof createTestApi>>;
const apis: Record<"apip3" | "apip4", { api: Api; shop: string }> = {} as never;

beforeAll(async () => {
  for (const format of ["apip3", "apip4"] as const) {
    const api = await createTestApi({ env: { API_FORMAT: format } });
    apis[format] = { api, shop: (await loginShop(api.app)).token };
  }
});
afterAll(async () => {
  for (const { api } of Object.values(apis)) await api.close();
});

const call = (format: "apip3" | "apip4", path: string) =>
  get(apis[format].api.app, path, apis[format].shop);

// Key names per dialect. API Platform 4: src/Hydra/Serializer/CollectionNormalizer.php
// "$data['@type'] = $hydraPrefix.'Collection';", "$data = [$hydraPrefix.'member' => []];",
// "$data[$hydraPrefix.'totalItems'] = $object->getTotalItems();"; the prefix is 'hydra:' only
// with serializer.hydra_prefix true (3.x's only format), '' by default in 4.x.
const keys = {
  apip3: { p: "hydra:" },
  apip4: { p: "" },
} as const;

describe.each(["apip3", "apip4"] as const)("%s", (format) => {
  const { p } = keys[format];

  test("a collection: @type, member and totalItems in the dialect, items unchanged", async () => {
    const response = await call(format, "/api/adv/posts?itemsPerPage=4");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
    const page = await body(response);
    expect(page["@context"]).toBe("/api/contexts/Post");
    expect(page["@id"]).toBe("/api/adv/posts");
    expect(page["@type"]).toBe(`${p}Collection`);
    expect(page[`${p}totalItems`]).toBe(13);
    expect(page[`${p}member`]).toHaveLength(4);
    const other = format === "apip3" ? "" : "hydra:";
    expect(page[`${other}member`]).toBeUndefined();
    expect(page[`${p}view`]).toEqual({
      "@id": "/api/adv/posts?itemsPerPage=4&page=1",
      "@type": `${p}PartialCollectionView`,
      [`${p}first`]: "/api/adv/posts?itemsPerPage=4&page=1",
      [`${p}last`]: "/api/adv/posts?itemsPerPage=4&page=4",
      [`${p}next`]: "/api/adv/posts?itemsPerPage=4&page=2",
    });
  });

  test("an item is the same in both dialects", async () => {
    const post = await body(await call(format, "/api/adv/posts/1"));
    expect(post["@id"]).toBe("/api/adv/posts/1");
    expect(post["@type"]).toBe("Post");
    expect(post.id).toBe(1);
  });

  // PartialCollectionViewNormalizer.php: "if (!$appliedFilters && !$paginated) { return $data; }"
  test("one unfiltered page that is the whole collection has no view", async () => {
    const all = await body(await call(format, "/api/adv/prefectures"));
    expect(all[`${p}member`]).toHaveLength(47);
    expect(all).not.toHaveProperty(`${p}view`);
    // `page` is no filter: IriHelper::parseIri "// Remove existing page parameter".
    const posts = await body(await call(format, "/api/adv/posts?page=1"));
    expect(posts[`${p}totalItems`]).toBe(13);
    expect(posts).not.toHaveProperty(`${p}view`);
  });

  // PaginationHelperTrait.php: "if (!$paginated && $appliedFilters) { return new
  // PartialCollectionView($id); }", the @id built with "$paginated ? $currentPage : null".
  // IriHelper::createIri: "http_build_query($parameters, '', self::QUERY_SEPARATOR,
  // \PHP_QUERY_RFC3986)": a space is %20, never +.
  test("a filtered single page has a view of @id and @type only, encoded as RFC 3986", async () => {
    const page = await body(
      await call(format, `/api/adv/posts?owner.companyName=${encodeURIComponent("無い 会社")}`),
    );
    expect(page[`${p}totalItems`]).toBe(0);
    expect(page[`${p}view`]).toEqual({
      "@id": "/api/adv/posts?owner.companyName=%E7%84%A1%E3%81%84%20%E4%BC%9A%E7%A4%BE",
      "@type": `${p}PartialCollectionView`,
    });
  });

  // PaginationHelperTrait.php: "if (1. !== $currentPage) { $previous = ...($currentPage - 1.) }";
  // next only "if (null !== $lastPage && $currentPage < $lastPage)".
  test("page 99 of 4 has previous 98 and no next", async () => {
    const page = await body(await call(format, "/api/adv/posts?itemsPerPage=4&page=99"));
    expect(page[`${p}member`]).toEqual([]);
    expect(page[`${p}view`]).toEqual({
      "@id": "/api/adv/posts?itemsPerPage=4&page=99",
      "@type": `${p}PartialCollectionView`,
      [`${p}first`]: "/api/adv/posts?itemsPerPage=4&page=1",
      [`${p}last`]: "/api/adv/posts?itemsPerPage=4&page=4",
      [`${p}previous`]: "/api/adv/posts?itemsPerPage=4&page=98",
    });
  });

  test("view links keep the filters in order, page last, brackets and spaces encoded", async () => {
    const page = await body(
      await call(format, "/api/adv/posts?order%5Bid%5D=asc&itemsPerPage=4&page=2&x=a+b"),
    );
    expect(page[`${p}view`][`${p}next`]).toBe(
      "/api/adv/posts?order%5Bid%5D=asc&itemsPerPage=4&x=a%20b&page=3",
    );
  });
});

describe("errors", () => {
  // apip3: API Platform 3's legacy hydra:Error (the portal's reference until now).
  test("apip3: a 404 and a 403 are hydra:Error in JSON-LD", async () => {
    const missing = await call("apip3", "/api/adv/posts/9999");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
    expect(await body(missing)).toEqual(hydraError("Not Found"));
    const denied = await call("apip3", "/api/adv/clients");
    expect(denied.status).toBe(403);
    expect((await body(denied))["hydra:description"]).toBe("Access Denied.");
  });

  // src/State/ApiResource/Error.php: "uriTemplate: '/errors/{status}{._format}'",
  // createFromException: "new self('An error occurred', $exception->getMessage(), $status, ...,
  // type: \"/errors/$status\", ...)", getDescription() "#[Groups(['jsonld'])]" returns the detail;
  // features/hydra/error.feature: 'the header "Content-Type" should be equal to
  // "application/problem+json; charset=utf-8"' and the Link to http://www.w3.org/ns/hydra/error.
  test("apip4: a 404 and a 403 are problem+json with type, title, detail, status", async () => {
    const missing = await call("apip4", "/api/adv/posts/9999");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toBe("application/problem+json; charset=utf-8");
    expect(missing.headers.get("Link")).toBe(
      '<http://www.w3.org/ns/hydra/error>; rel="http://www.w3.org/ns/json-ld#error"',
    );
    expect(await body(missing)).toEqual({
      "@context": "/api/contexts/Error",
      "@id": "/api/errors/404",
      "@type": "Error",
      title: "An error occurred",
      detail: "Not Found",
      status: 404,
      type: "/errors/404",
      description: "Not Found",
    });
    const denied = await call("apip4", "/api/adv/clients");
    expect(denied.status).toBe(403);
    expect(await body(denied)).toMatchObject({
      "@type": "Error",
      status: 403,
      type: "/errors/403",
      detail: "Access Denied.",
    });
    // An unknown path too (app.notFound).
    const nowhere = await call("apip4", "/api/adv/nowhere");
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers.get("Content-Type")).toBe("application/problem+json; charset=utf-8");
  });

  const invalid = (format: "apip3" | "apip4") =>
    patchJson(apis[format].api.app, "/api/adv/clients/1", { tel: "" }, apis[format].shop);

  test("apip3: a 422 is a ConstraintViolationList with hydra:title and hydra:description", async () => {
    const response = await invalid("apip3");
    expect(response.status).toBe(422);
    expect(response.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
    const list = await body(response);
    expect(list["@type"]).toBe("ConstraintViolationList");
    expect(list["hydra:title"]).toBe("An error occurred");
    expect(list.violations[0]).toMatchObject({ propertyPath: "tel" });
  });

  // src/Validator/Exception/ValidationException.php: "shortName: 'ConstraintViolation'",
  // "uriTemplate: '/validation_errors/{id}'", getId() is the violations' codes, getType()
  // "'/validation_errors/'.$this->getId()", "private int $status = 422;", detail and description
  // are __toString(): "$propertyPath: " . message, lines joined by "\n";
  // features/hydra/error.feature "Get validation constraint violations" (the prefixed twin).
  test("apip4: a 422 is a ConstraintViolation problem with violations, detail and status", async () => {
    const response = await invalid("apip4");
    expect(response.status).toBe(422);
    expect(response.headers.get("Content-Type")).toBe("application/problem+json; charset=utf-8");
    const problem = await body(response);
    const [first] = problem.violations;
    expect(first).toMatchObject({ propertyPath: "tel" });
    expect(problem).toEqual({
      "@context": "/api/contexts/ConstraintViolation",
      "@id": `/api/validation_errors/${first.code}`,
      "@type": "ConstraintViolation",
      status: 422,
      violations: [{ propertyPath: "tel", message: first.message, code: first.code }],
      detail: `tel: ${first.message}`,
      description: `tel: ${first.message}`,
      type: `/validation_errors/${first.code}`,
      title: "An error occurred",
    });
  });

  test("login errors keep LexikJWT's shape in apip4", async () => {
    const response = await apis.apip4.api.app.request("/api/authentication_token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong" }),
    });
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ code: 401, message: expect.any(String) });
  });
});
