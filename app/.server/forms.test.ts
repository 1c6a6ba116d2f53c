// The input → confirm → submit pattern: violations beside fields, values kept, secrets sealed.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { initEnv } from "./env";
import { SAVE_FAILED_MESSAGE, handleConfirmForm, violationErrors } from "./forms";
import { UpstreamUnavailableError, UpstreamViolationError } from "./upstream/errors";

beforeAll(() => {
  initEnv({ NODE_ENV: "test", SESSION_SECRET: "forms-test-secret", DATA_DIR: "/tmp/unused" });
});

const schema = z.object({
  email: z.string({ required_error: "入力してください。" }).email(),
  password: z.string({ required_error: "入力してください。" }).min(8),
});
const fields = ["email", "password"];

function post(values: Record<string, string>) {
  return new Request("http://portal.test/form", {
    method: "POST",
    body: new URLSearchParams(values),
  });
}

type Reply = {
  phase: string;
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  sealed: Record<string, string>;
};

async function run(
  values: Record<string, string>,
  overrides: Partial<Parameters<typeof handleConfirmForm>[1]> = {},
) {
  const saved: unknown[] = [];
  const response = await handleConfirmForm(post(values), {
    schema,
    fields,
    secretFields: ["password"],
    validate: async () => undefined,
    save: async (value) => {
      saved.push(value);
      return new Response(null, { status: 302, headers: { Location: "/done" } });
    },
    ...overrides,
  });
  if (response instanceof Response) return { response, saved };
  const { data, init } = response as unknown as { data: Reply; init: { status: number } };
  return { reply: data, status: init.status, saved };
}

describe("handleConfirmForm", () => {
  it("next: a valid form reaches confirm with the password sealed, never echoed", async () => {
    const { reply, status } = await run({
      intent: "next",
      email: "a@example.com",
      password: "secret-pass",
    });
    expect(status).toBe(200);
    expect(reply!.phase).toBe("confirm");
    expect(reply!.result.initialValue).toEqual({ email: "a@example.com" });
    expect(JSON.stringify(reply)).not.toContain("secret-pass");
    expect(reply!.sealed.password).toBeTruthy();
  });

  it("next: upstream violations land on their fields, unknown paths become form errors", async () => {
    const { reply, status } = await run(
      { intent: "next", email: "a@example.com", password: "secret-pass" },
      {
        validate: async () => {
          throw new UpstreamViolationError("/validate", [
            { propertyPath: "email", message: "このメールアドレスは既に登録されています。" },
            { propertyPath: "owner", message: "不明なエラー" },
          ]);
        },
      },
    );
    expect(status).toBe(422);
    expect(reply!.phase).toBe("input");
    expect(reply!.result.error?.email).toEqual(["このメールアドレスは既に登録されています。"]);
    expect(reply!.result.error?.[""]).toEqual(["不明なエラー"]);
    expect(reply!.result.initialValue?.email).toBe("a@example.com");
  });

  it("back: returns to input with the values, and the sealed password still works on resubmit", async () => {
    const first = await run({ intent: "next", email: "a@example.com", password: "secret-pass" });
    const back = await run({
      intent: "back",
      email: "a@example.com",
      "sealed.password": first.reply!.sealed.password!,
    });
    expect(back.reply!.phase).toBe("input");
    expect(back.reply!.result.initialValue).toEqual({ email: "a@example.com" });
    const submitted = await run({
      intent: "submit",
      email: "a@example.com",
      password: "",
      "sealed.password": back.reply!.sealed.password!,
    });
    expect(submitted.response?.status).toBe(302);
    expect(submitted.saved).toEqual([{ email: "a@example.com", password: "secret-pass" }]);
  });

  it("submit: a failed save keeps the values and says 登録時にエラーが発生しました", async () => {
    const { reply, status } = await run(
      { intent: "submit", email: "a@example.com", password: "secret-pass" },
      {
        save: async () => {
          throw new UpstreamUnavailableError(503, "/save");
        },
      },
    );
    expect(status).toBe(502);
    expect(reply!.phase).toBe("confirm");
    expect(reply!.result.error?.[""]).toEqual([SAVE_FAILED_MESSAGE]);
    expect(reply!.result.initialValue?.email).toBe("a@example.com");
  });

  it("invalid input stays in input with zod's errors and a forged seal is ignored", async () => {
    const { reply, status } = await run({
      intent: "next",
      email: "not-an-email",
      "sealed.password": "forged",
    });
    expect(status).toBe(400);
    expect(reply!.phase).toBe("input");
    expect(reply!.result.error?.email).toBeTruthy();
    expect(reply!.result.error?.password).toEqual(["入力してください。"]);
  });
});

describe("violationErrors", () => {
  it("groups several messages per field", () => {
    expect(
      violationErrors(
        [
          { propertyPath: "email", message: "a" },
          { propertyPath: "email", message: "b" },
          { propertyPath: "", message: "c" },
        ],
        ["email"],
      ),
    ).toEqual({ fieldErrors: { email: ["a", "b"] }, formErrors: ["c"] });
  });
});
