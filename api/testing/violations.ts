// The error answers API tests expect (SPEC §7: ConstraintViolationList and hydra:Error), written
// once instead of spelled out in every file.
import { expect } from "vitest";
import { body } from "./http";

type Violation = { propertyPath: string; message: string };

/** Expects a 422 and answers its violations as [propertyPath, message] pairs, in order. */
export async function violationsOf(response: Response): Promise<[string, string][]> {
  expect(response.status).toBe(422);
  const json = await body(response);
  return json.violations.map((v: Violation) => [v.propertyPath, v.message]);
}

/** Expects a 422 ConstraintViolationList and answers its messages by propertyPath. */
export async function violationMap(response: Response): Promise<Record<string, string>> {
  expect(response.status).toBe(422);
  const list = await body(response);
  expect(list["@type"]).toBe("ConstraintViolationList");
  return Object.fromEntries(list.violations.map((v: Violation) => [v.propertyPath, v.message]));
}

/** The violations of contact details (SPEC §3: registration and the client edit) sent empty. */
export const CONTACT_DETAILS_REQUIRED = {
  companyName: "入力してください。",
  personInCharge: "入力してください。",
  tel: "入力してください。",
  zipCode: "入力してください。",
  prefecture: "選択してください。",
  city: "入力してください。",
  address: "入力してください。",
};

/** API Platform 3's hydra:Error body with `description` (a 404's is "Not Found"). */
export const hydraError = (description: string) => ({
  "@context": "/api/contexts/Error",
  "@type": "hydra:Error",
  "hydra:title": "An error occurred",
  "hydra:description": description,
});
