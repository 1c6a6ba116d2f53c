// @vitest-environment node
import { z } from "zod";
import { describe, expect, test } from "vitest";
import { parseIdOrIri, readPage, violationList, violationsFromZod, ViolationCode } from "./hydra";

describe("violations", () => {
  test("the 422 body is API Platform's ConstraintViolationList", () => {
    expect(
      violationList([
        {
          propertyPath: "title",
          message: "50文字以内で入力してください。",
          code: ViolationCode.tooLong,
        },
        { propertyPath: "body1", message: "入力してください。" },
      ]),
    ).toEqual({
      "@context": "/api/contexts/ConstraintViolationList",
      "@type": "ConstraintViolationList",
      "hydra:title": "An error occurred",
      "hydra:description": "title: 50文字以内で入力してください。\nbody1: 入力してください。",
      violations: [
        {
          propertyPath: "title",
          message: "50文字以内で入力してください。",
          code: ViolationCode.tooLong,
        },
        { propertyPath: "body1", message: "入力してください。", code: null },
      ],
    });
  });

  test("zod issues become violations with nested property paths and Symfony codes", () => {
    const schema = z.object({
      advertisement: z.object({
        title: z.string().min(1, "入力してください。").max(5, "5文字以内で入力してください。"),
      }),
      email: z.string().email("メールアドレスの形式が正しくありません。"),
      taken: z.string().refine(() => false, {
        message: "既に登録されています。",
        params: { code: ViolationCode.notUnique },
      }),
    });
    const result = schema.safeParse({ advertisement: { title: "" }, email: "x", taken: "a" });
    expect(result.success).toBe(false);
    expect(violationsFromZod(result.error!)).toEqual([
      {
        propertyPath: "advertisement.title",
        message: "入力してください。",
        code: ViolationCode.notBlank,
      },
      {
        propertyPath: "email",
        message: "メールアドレスの形式が正しくありません。",
        code: ViolationCode.invalidEmail,
      },
      { propertyPath: "taken", message: "既に登録されています。", code: ViolationCode.notUnique },
    ]);
  });
});

test.each([
  ["12", 12],
  ["/api/adv/clients/12", 12],
  ["/api/adv/posts/12", null],
  ["0", null],
  ["-1", null],
  ["1e3", null],
  ["", null],
])("parseIdOrIri(%j, 'clients') = %s", (value, expected) => {
  expect(parseIdOrIri(value, "clients")).toBe(expected);
});

test.each([
  ["", { page: 1, itemsPerPage: 20, offset: 0 }],
  ["page=3&itemsPerPage=10", { page: 3, itemsPerPage: 10, offset: 20 }],
  ["page=2&itemsPerPage=1000", { page: 2, itemsPerPage: 300, offset: 300 }],
  // PHP's (int) cast, as API Platform reads them: " 2" is 2, "2abc" is 2, "abc" is 0.
  ["page=%202&itemsPerPage=3x", { page: 2, itemsPerPage: 3, offset: 3 }],
  ["itemsPerPage=abc", { page: 1, itemsPerPage: 0, offset: 0 }],
  ["itemsPerPage=0", { page: 1, itemsPerPage: 0, offset: 0 }],
])("readPage(%j)", (query, expected) => {
  expect(readPage(new URLSearchParams(query))).toEqual(expected);
});

// api-platform/core src/State/Pagination/Pagination.php: getPage(), getLimit(), getPagination().
test.each([
  ["page=0", "Page should not be less than 1"],
  ["page=-1", "Page should not be less than 1"],
  ["page=abc", "Page should not be less than 1"],
  ["itemsPerPage=-5", "Limit should not be less than 0"],
  ["itemsPerPage=0&page=2", "Page should not be greater than 1 if limit is equal to 0"],
  ["page=99999999999999999&itemsPerPage=300", "Page parameter is too large."],
])("readPage(%j) is a 400: %s", (query, message) => {
  expect(() => readPage(new URLSearchParams(query))).toThrow(message);
  try {
    readPage(new URLSearchParams(query));
  } catch (error) {
    expect((error as { status: number }).status).toBe(400);
  }
});
