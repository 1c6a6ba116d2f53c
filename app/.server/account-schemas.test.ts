// The account forms' rules: every violation in one parse, cross-field checks included.
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
  REQUIRED,
  passwordChangeSchema,
  registrationSchema,
} from "./account-schemas";

function parse(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  fields: Record<string, string>,
) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return parseWithZod(formData, { schema }) as {
    status?: string;
    value?: Record<string, unknown>;
    error?: Record<string, string[] | null> | null;
  };
}

describe("the password confirmation", () => {
  it("reports the mismatch together with the length and the other fields' errors", () => {
    const submission = parse(registrationSchema, {
      email: "",
      newPassword: "short",
      newPasswordConfirm: "different",
    });
    expect(submission.error?.newPassword).toEqual([PASSWORD_TOO_SHORT]);
    expect(submission.error?.newPasswordConfirm).toEqual([PASSWORD_MISMATCH]);
    expect(submission.error?.email).toEqual([REQUIRED]);
    expect(submission.error?.companyName).toEqual([REQUIRED]);
  });

  it("says nothing about a match while the confirmation is empty", () => {
    const submission = parse(passwordChangeSchema, {
      oldPassword: "x",
      newPassword: "long-enough",
    });
    expect(submission.error?.newPasswordConfirm).toEqual([REQUIRED]);
  });

  it("a valid change parses to the form's values only", () => {
    const submission = parse(passwordChangeSchema, {
      oldPassword: "old-password",
      newPassword: "long-enough",
      newPasswordConfirm: "long-enough",
    });
    expect(submission.status).toBe("success");
    expect(submission.value).toEqual({
      oldPassword: "old-password",
      newPassword: "long-enough",
      newPasswordConfirm: "long-enough",
    });
  });
});
