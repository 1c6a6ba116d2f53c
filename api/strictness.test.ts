// @vitest-environment node
// The reference API is as strict on requests as API Platform 3.4/4.x (issue 16): content
// negotiation (415/406), a wrong method on a known path (405), pagination parameters (400) and
// relations in bodies (IRIs only). Each case names the API Platform (or Symfony) source it copies.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { body, get } from "./testing/http";
import { openDemoApi, type TestApi } from "./testing/demo-api";

let api: TestApi;
let shop: string;
beforeAll(async () => {
  ({ api, shop } = await openDemoApi());
});
afterAll(() => api.close());

/** The error's message in either dialect (apip3 `hydra:description`, apip4 `detail`). */
const messageOf = async (response: Response) => {
  const json = await body(response);
  return json.detail ?? json["hydra:description"];
};

const call = (method: string, path: string, headers: Record<string, string>, raw?: string) =>
  api.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${shop}`, ...headers },
    body: raw,
  });

const CLIENT_PATCH = JSON.stringify({ city: "渋谷区" });

describe("content negotiation", () => {
  // api-platform/core src/State/Provider/ContentNegotiationProvider.php, getInputFormat():
  // 'The content-type "%s" is not supported. Supported MIME types are "%s".' (415)
  test.each(["application/ld+json", "application/json", "text/plain"])(
    "PATCH with %s is a 415 naming application/merge-patch+json",
    async (type) => {
      const response = await call(
        "PATCH",
        "/api/adv/clients/1",
        { "Content-Type": type },
        CLIENT_PATCH,
      );
      expect(response.status).toBe(415);
      expect(await messageOf(response)).toBe(
        `The content-type "${type}" is not supported. Supported MIME types are "application/merge-patch+json".`,
      );
    },
  );

  test("PATCH with application/merge-patch+json (with a charset) is accepted", async () => {
    const response = await call(
      "PATCH",
      "/api/adv/clients/1",
      { "Content-Type": "application/merge-patch+json; charset=utf-8" },
      CLIENT_PATCH,
    );
    expect(response.status).toBe(200);
  });

  test.each([
    ["POST", "/api/adv/message_boxes/validate"],
    ["PUT", "/api/adv/posts/1"],
  ])("%s %s with text/plain is a 415 naming the JSON-LD and JSON types", async (method, path) => {
    const response = await call(method, path, { "Content-Type": "text/plain" }, "{}");
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(
      'The content-type "text/plain" is not supported. Supported MIME types are "application/ld+json", "application/json".',
    );
  });

  test("a form body is a 415 on an API Platform operation, multipart only on the upload", async () => {
    const form = await call(
      "POST",
      "/api/adv/message_boxes/validate",
      { "Content-Type": "application/x-www-form-urlencoded" },
      "body=hello",
    );
    expect(form.status).toBe(415);
    const upload = await call(
      "POST",
      "/api/adv/media_objects",
      { "Content-Type": "application/json" },
      "{}",
    );
    expect(upload.status).toBe(415);
    expect(await messageOf(upload)).toBe(
      'The content-type "application/json" is not supported. Supported MIME types are "multipart/form-data".',
    );
  });

  // api-platform/core src/State/Provider/DeserializeProvider.php: 'The "Content-Type" header must exist.'
  test("a body without a Content-Type is a 415; a write without a body needs none", async () => {
    // Bytes, not a string: fetch would add "text/plain;charset=UTF-8" to a string body.
    const response = await api.app.request("/api/adv/message_boxes/validate", {
      method: "POST",
      headers: { Authorization: `Bearer ${shop}` },
      body: new TextEncoder().encode('{"body":"質問"}'),
    });
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe('The "Content-Type" header must exist.');
    // As before: PATCH …/reapply and POST …/duplicate are sent without a body.
    const validate = await call("POST", "/api/adv/message_boxes/validate", {});
    expect(validate.status).not.toBe(415);
  });

  test("DELETE and the login calls keep their own rules", async () => {
    const login = await api.app.request("/api/authentication_token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=shop%40example.com&password=shop-password",
    });
    expect(login.status).toBe(200);
  });

  // api-platform/core src/Metadata/Util/ContentNegotiationTrait.php, getRequestFormat():
  // 'Requested format "%s" is not supported. Supported MIME types are "%s".' (406)
  test("Accept: text/plain is a 406", async () => {
    const response = await call("GET", "/api/adv/clients/1", { Accept: "text/plain" });
    expect(response.status).toBe(406);
    expect(await messageOf(response)).toBe(
      'Requested format "text/plain" is not supported. Supported MIME types are "application/ld+json", "application/json".',
    );
  });

  test.each([
    "application/ld+json",
    "application/json",
    "*/*",
    "application/*",
    "text/html, application/xhtml+xml, */*;q=0.8",
    "",
  ])("Accept: %j is served", async (accept) => {
    const headers: Record<string, string> = accept ? { Accept: accept } : {};
    expect((await call("GET", "/api/adv/clients/1", headers)).status).toBe(200);
  });

  test("the documents keep their PDF: Accept application/pdf is not refused there", async () => {
    const response = await call("POST", "/api/adv/publishment_orders/1/invoice", {
      Accept: "application/pdf",
    });
    expect(response.status).not.toBe(406);
    const json = await call("GET", "/api/adv/clients/1", { Accept: "application/pdf" });
    expect(json.status).toBe(406);
  });
});

describe("a wrong method on a known path", () => {
  // symfony/http-kernel src/EventListener/RouterListener.php:
  // 'No route found for "%s %s": Method Not Allowed (Allow: %s)' with an Allow header (405).
  test.each([
    ["DELETE", "/api/adv/posts", "GET, POST"],
    ["PATCH", "/api/adv/posts/1", "GET, PUT, DELETE"],
    ["GET", "/api/adv/advertiser_entries", "POST"],
    ["POST", "/api/adv/prefectures", "GET"],
  ])("%s %s is a 405 with Allow: %s", async (method, path, allow) => {
    const response = await call(method, path, { "Content-Type": "application/ld+json" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe(allow);
    expect(await messageOf(response)).toBe(
      `No route found for "${method} http://localhost${path}": Method Not Allowed (Allow: ${allow})`,
    );
  });

  test("before authentication, as Symfony routes first; an unknown path is still a 404", async () => {
    const anonymous = await api.app.request("/api/adv/posts/1", { method: "PATCH" });
    expect(anonymous.status).toBe(405);
    expect((await get(api.app, "/api/adv/no_such_thing", shop)).status).toBe(404);
  });
});

describe("pagination parameters", () => {
  // api-platform/core src/State/Pagination/Pagination.php: getPage(), getLimit(), getPagination().
  test.each([
    ["page=0", "Page should not be less than 1"],
    ["page=-1", "Page should not be less than 1"],
    // (int) "abc" is 0 in PHP: the same message.
    ["page=abc", "Page should not be less than 1"],
    ["itemsPerPage=-5", "Limit should not be less than 0"],
    ["itemsPerPage=0&page=2", "Page should not be greater than 1 if limit is equal to 0"],
  ])("GET /api/adv/posts?%s is a 400: %s", async (query, message) => {
    const response = await get(api.app, `/api/adv/posts?${query}`, shop);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(message);
  });

  // api-platform/core features/hal/collection.feature, "Allow passing 0 to `itemsPerPage`":
  // 200, the total, no items.
  test("itemsPerPage=0 is no members, with the total", async () => {
    const response = await get(api.app, "/api/adv/posts?itemsPerPage=0", shop);
    expect(response.status).toBe(200);
    const json = await body(response);
    expect(json["hydra:member"] ?? json.member).toEqual([]);
    expect(json["hydra:totalItems"] ?? json.totalItems).toBeGreaterThan(0);
  });
});

describe("relations in bodies", () => {
  // api-platform/core src/Serializer/AbstractItemNormalizer.php, denormalizeRelation().
  const message = (advertisement: unknown) =>
    call(
      "POST",
      "/api/adv/message_boxes/validate",
      { "Content-Type": "application/ld+json" },
      JSON.stringify({ body: "質問です。", advertisement }),
    );

  test.each([
    ["a bare id", "1", 'Invalid IRI "1".'],
    [
      "an IRI that does not exist",
      "/api/adv/posts/999",
      'Item not found for "/api/adv/posts/999".',
    ],
    [
      "an embedded object",
      { "@id": "/api/adv/posts/1", title: "x" },
      'Nested documents for attribute "advertisement" are not allowed. Use IRIs instead.',
    ],
  ])("%s is a 400", async (_, advertisement, expected) => {
    const response = await message(advertisement);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(expected);
  });

  test("an IRI of one's own ad is accepted", async () => {
    expect((await message("/api/adv/posts/1")).status).toBe(204);
  });

  // denormalizeRelation hands every string to getResourceFromIri(); src/Symfony/Routing/
  // IriConverter.php finds no item route for "" or " " (`No route matches "%s".`, an
  // InvalidArgumentException) and the normalizer answers `Invalid IRI "%s".` (400).
  test.each(["", " "])("a blank string %j is an IRI that matches nothing: 400", async (blank) => {
    const response = await message(blank);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(`Invalid IRI "${blank}".`);
  });

  // createAndValidateAttributeValue(): `null === $value && $isNullable` returns null, so an
  // optional relation (the message's ad) may be null, as it may be left out.
  test.each([null, undefined])("%j is no relation", async (advertisement) => {
    expect((await message(advertisement)).status).toBe(204);
  });

  test("a required relation that is null or absent is the validator's 422, not a 400", async () => {
    const validate = (prefecture: unknown) =>
      call(
        "POST",
        "/api/adv/clients/1/validate",
        { "Content-Type": "application/ld+json" },
        JSON.stringify({ prefecture }),
      );
    for (const prefecture of [null, undefined]) {
      const response = await validate(prefecture);
      expect(response.status).toBe(422);
      expect(JSON.stringify(await body(response))).toContain("選択してください。");
    }
    expect((await validate("")).status).toBe(400);
  });
});
