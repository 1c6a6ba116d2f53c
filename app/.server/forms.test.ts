// The input → confirm → submit pattern: violations beside fields, values kept, secrets sealed.
import { delay, http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startMockUpstream, server } from "../../tests/mocks/server";
import { UPSTREAM, api } from "../../tests/mocks/upstream";
import {
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
  passwordChangeSchema,
  passwordFields,
  registrationFields,
  registrationSchema,
} from "./account-schemas";
import { initEnv } from "./env";
import {
  CHECK_FAILED_MESSAGE,
  RATE_LIMITED_MESSAGE,
  SAVE_FAILED_MESSAGE,
  handleConfirmForm,
  keptSeals,
  loadFormPage,
  parsedFields,
  preload,
  violationErrors,
} from "./forms";
import { createUpstreamClient, type UpstreamClient } from "./upstream/client";
import { UpstreamUnavailableError, UpstreamViolationError } from "./upstream/errors";

startMockUpstream();

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
  notices?: Record<string, string>;
};

async function run(
  values: Record<string, string>,
  overrides: Partial<Parameters<typeof handleConfirmForm>[1]> = {},
) {
  const saved: unknown[] = [];
  const response = await handleConfirmForm(post(values), {
    context: {},
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

  it("next: upstream violations land on their fields, unknown paths become labelled form errors", async () => {
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
    expect(reply!.result.error?.[""]).toEqual(["広告主：不明なエラー"]);
    expect(reply!.result.initialValue?.email).toBe("a@example.com");
  });

  it("notices (a cropped image) hold a valid form in input once, checked, with a 200 (issue 30)", async () => {
    const notices = { email: ["切り抜きました。"] };
    const valid = { email: "a@example.com", password: "secret-pass" };
    let validated = 0;
    const validate = async () => void validated++;
    for (const intent of ["next", "submit"]) {
      const { reply, status, saved } = await run({ intent, ...valid }, { notices, validate });
      expect(status).toBe(200);
      expect(reply!.phase).toBe("input");
      expect((reply as Reply & { notices: unknown }).notices).toEqual(notices);
      expect(reply!.result.initialValue?.email).toBe("a@example.com");
      expect(saved).toEqual([]);
    }
    expect(validated).toBe(2);
    // With an error in the round, the error's status; without notices, on as usual.
    const invalid = await run({ intent: "next", email: "a@example.com" }, { notices });
    expect(invalid.status).toBe(400);
    expect((await run({ intent: "submit", ...valid }, { notices: {} })).saved).toHaveLength(1);
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
    expect(status).toBe(503);
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

  // Without JS the address is filled from the 郵便番号 on 次へ (issue 30): the person checks it.
  const autofill = async (formData: FormData) => {
    if (formData.get("email")) return null;
    formData.set("email", "filled@example.com");
    return { password: ["入力しました。"] };
  };

  it("autofill: a round that filled a field comes back to input with its notice, values kept", async () => {
    const { reply, status } = await run({ intent: "next", password: "secret-pass" }, { autofill });
    expect(status).toBe(200);
    expect(reply!.phase).toBe("input");
    expect(reply!.notices).toEqual({ password: ["入力しました。"] });
    expect(reply!.result.initialValue).toEqual({ email: "filled@example.com" });
    expect(reply!.sealed.password).toBeTruthy();
  });

  it("autofill: nothing is saved in a round that filled something; nothing to fill goes on", async () => {
    const filled = await run({ intent: "submit", password: "secret-pass" }, { autofill });
    expect(filled.reply!.phase).toBe("input");
    expect(filled.saved).toEqual([]);
    const complete = await run(
      { intent: "next", email: "a@example.com", password: "secret-pass" },
      { autofill },
    );
    expect(complete.reply!.phase).toBe("confirm");
    expect(complete.reply!.notices).toBeUndefined();
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

describe("an upstream outage keeps the form (msw upstream, the real client)", () => {
  // msw patches the global fetch once the server listens: look it up per call.
  const viaMsw: typeof fetch = (input, init) => fetch(input, init);
  const client = createUpstreamClient({ baseUrl: UPSTREAM, fetch: viaMsw, log: () => undefined });
  /** Gives up after 100 ms: only for the upstream that never answers. */
  const impatient = createUpstreamClient({
    baseUrl: UPSTREAM,
    fetch: viaMsw,
    timeoutMs: 100,
    log: () => undefined,
  });
  const outages = {
    "a network error": { client, answer: () => HttpResponse.error() },
    "a 503": {
      client,
      answer: () => HttpResponse.json({ "hydra:description": "down" }, { status: 503 }),
    },
    "a timeout": {
      client: impatient,
      answer: async () => {
        await delay("infinite");
        return HttpResponse.json({});
      },
    },
  };
  const typed = { email: "typed@example.com", password: "secret-pass" };

  /** The form's options with validate and save calling the upstream through the real client. */
  const upstreamForm = (context: object, { client }: { client: UpstreamClient }) => ({
    context,
    validate: (value: unknown) =>
      client.send("POST", "/api/adv/entries/validate", value, z.unknown()),
    save: async (value: unknown) => {
      await client.send("POST", "/api/adv/entries", value, z.unknown());
      return new Response(null, { status: 302, headers: { Location: "/done" } });
    },
  });

  describe.each(Object.entries(outages))("%s", (_name, outage) => {
    const { answer } = outage;
    it("on 次へ: back in input, every value but the password kept, the upstream-down banner", async () => {
      server.use(http.post(api("/api/adv/entries/validate"), answer));
      const { reply, status } = await run({ intent: "next", ...typed }, upstreamForm({}, outage));
      expect(status).toBe(503);
      expect(reply!.phase).toBe("input");
      expect(reply!.result.error?.[""]).toEqual([CHECK_FAILED_MESSAGE]);
      expect(reply!.result.initialValue).toEqual({ email: "typed@example.com" });
      expect(JSON.stringify(reply)).not.toContain("secret-pass");
      // The password travels sealed, so a retry needs no retyping.
      expect(reply!.sealed.password).toBeTruthy();
    });

    it("on 送信: still in confirm, values kept, 登録時にエラーが発生しました", async () => {
      server.use(http.post(api("/api/adv/entries"), answer));
      const { reply, status, response } = await run(
        { intent: "submit", ...typed },
        upstreamForm({}, outage),
      );
      expect(response).toBeUndefined();
      expect(status).toBe(503);
      expect(reply!.phase).toBe("confirm");
      expect(reply!.result.error?.[""]).toEqual([SAVE_FAILED_MESSAGE]);
      expect(reply!.result.initialValue).toEqual({ email: "typed@example.com" });
      expect(JSON.stringify(reply)).not.toContain("secret-pass");
    });

    it("while preparing (the ad being edited): the form comes back the same way", async () => {
      server.use(http.get(api("/api/adv/posts/7"), answer));
      const context = {};
      const { reply, status } = await run(
        { intent: "next", ...typed },
        {
          ...upstreamForm(context, outage),
          prepare: await preload(outage.client.get("/api/adv/posts/7", z.unknown())),
        },
      );
      expect(status).toBe(503);
      expect(reply!.phase).toBe("input");
      expect(reply!.result.error?.[""]).toEqual([CHECK_FAILED_MESSAGE]);
      expect(reply!.result.initialValue).toEqual({ email: "typed@example.com" });
    });
  });

  it("a foreign ad is still a 404 page, not a form banner", async () => {
    server.use(http.get(api("/api/adv/posts/8"), () => HttpResponse.json({}, { status: 404 })));
    const thrown = await preload(client.get("/api/adv/posts/8", z.unknown())).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("the page's loaders fall back after their own request's outage, and only then", async () => {
    server.use(
      http.post(api("/api/adv/entries/validate"), () => HttpResponse.error()),
      http.get(api("/api/adv/prefectures"), () => HttpResponse.error()),
    );
    const load = () => client.get("/api/adv/prefectures", z.unknown());
    const context = {};
    await run({ intent: "next", ...typed }, upstreamForm(context, { client }));
    await expect(loadFormPage(context, load, () => "fallback")).resolves.toBe("fallback");

    // Any other request (a plain page view) shows the 503 page as before.
    const thrown = await loadFormPage({}, load, () => "fallback").catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(503);
  });

  it("a 4xx without violations keeps the values with the save-failure text (502)", async () => {
    server.use(http.post(api("/api/adv/entries"), () => HttpResponse.json({}, { status: 409 })));
    const { reply, status } = await run(
      { intent: "submit", ...typed },
      upstreamForm({}, { client }),
    );
    expect(status).toBe(502);
    expect(reply!.phase).toBe("confirm");
    expect(reply!.result.error?.[""]).toEqual([SAVE_FAILED_MESSAGE]);
  });

  it("the upstream's rate limit (429) keeps the values and says to wait", async () => {
    server.use(
      http.post(api("/api/adv/entries/validate"), () =>
        HttpResponse.json({}, { status: 429, headers: { "Retry-After": "120" } }),
      ),
    );
    const { reply, status } = await run({ intent: "next", ...typed }, upstreamForm({}, { client }));
    expect(status).toBe(429);
    expect(reply!.phase).toBe("input");
    expect(reply!.result.initialValue).toMatchObject({ email: "typed@example.com" });
    expect(reply!.result.error?.[""]).toEqual([RATE_LIMITED_MESSAGE]);
  });
});

describe("a body that is not a readable form", () => {
  it.each([
    ["broken multipart", "multipart/form-data; boundary=xyz", "--abc\r\nnonsense"],
    ["no Content-Type", "", "email=a"],
  ])("%s: a 400 response, not an exception", async (_name, type, body) => {
    const request = new Request("http://portal.test/form", {
      method: "POST",
      headers: type ? { "Content-Type": type } : {},
      body: new Blob([body]),
    });
    const thrown = await handleConfirmForm(request, {
      context: {},
      schema,
      fields,
      validate: async () => undefined,
      save: async () => new Response(null),
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});

describe("every error in the first round", () => {
  const EMAIL_TAKEN = "このメールアドレスは既に登録されています。";
  const REGISTRATION = {
    intent: "next",
    email: "taken@example.com",
    newPassword: "short",
    newPasswordConfirm: "different",
    companyName: "テスト商店",
    personInCharge: "山田",
    tel: "03-1234-5678",
    zipCode: "1500001",
    prefecture: "/api/adv/prefectures/13",
    city: "渋谷区",
    address: "1-2-3",
  };
  const register = (
    values: Record<string, string>,
    validate: (value: Record<string, unknown>) => Promise<unknown>,
  ) =>
    run(values, {
      schema: registrationSchema,
      fields: registrationFields,
      secretFields: ["newPassword", "newPasswordConfirm"],
      validate: validate as never,
    });

  it("a short, mismatched password and a taken e-mail come together; the upstream gets what parses", async () => {
    const asked: Record<string, unknown>[] = [];
    const { reply, status } = await register(REGISTRATION, async (value) => {
      asked.push(value);
      // The real validate also finds the blank passwords it was not sent: the schema's stand.
      throw new UpstreamViolationError("/validate", [
        { propertyPath: "email", message: EMAIL_TAKEN },
        { propertyPath: "newPassword", message: "入力してください。" },
        { propertyPath: "newPasswordConfirm", message: "入力してください。" },
      ]);
    });
    expect(status).toBe(400);
    expect(reply!.phase).toBe("input");
    expect(reply!.result.error?.newPassword).toEqual([PASSWORD_TOO_SHORT]);
    expect(reply!.result.error?.newPasswordConfirm).toEqual([PASSWORD_MISMATCH]);
    expect(reply!.result.error?.email).toEqual([EMAIL_TAKEN]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ email: "taken@example.com", companyName: "テスト商店" });
    expect(asked[0]).not.toHaveProperty("newPassword");
    expect(asked[0]).not.toHaveProperty("newPasswordConfirm");
    // Rejected secrets are not carried: both fields come back empty and required.
    expect(reply!.sealed).toEqual({});
    expect(JSON.stringify(reply)).not.toContain("short");
  });

  it("an upstream message is not repeated where the schema already said it", async () => {
    const { reply } = await register({ ...REGISTRATION, email: "" }, async () => {
      throw new UpstreamViolationError("/validate", [
        { propertyPath: "email", message: "入力してください。" },
        { propertyPath: "city", message: "市区町村が正しくありません。" },
      ]);
    });
    expect(reply!.result.error?.email).toEqual(["入力してください。"]);
    expect(reply!.result.error?.city).toEqual(["市区町村が正しくありません。"]);
  });

  it("a valid password stays sealed when only the e-mail is refused", async () => {
    const { reply } = await register(
      { ...REGISTRATION, newPassword: "long-enough", newPasswordConfirm: "long-enough" },
      async () => {
        throw new UpstreamViolationError("/validate", [
          { propertyPath: "email", message: EMAIL_TAKEN },
        ]);
      },
    );
    expect(reply!.result.error?.email).toEqual([EMAIL_TAKEN]);
    expect(Object.keys(reply!.sealed).sort()).toEqual(["newPassword", "newPasswordConfirm"]);
  });

  it("a wrong current password is not carried; the new one is", async () => {
    const { reply, status } = await run(
      {
        intent: "next",
        oldPassword: "wrong-password",
        newPassword: "long-enough",
        newPasswordConfirm: "long-enough",
      },
      {
        schema: passwordChangeSchema,
        fields: passwordFields,
        secretFields: passwordFields,
        validate: async () => {
          throw new UpstreamViolationError("/validate", [
            { propertyPath: "oldPassword", message: "現在のパスワードが正しくありません。" },
          ]);
        },
      },
    );
    expect(status).toBe(422);
    expect(reply!.result.error?.oldPassword).toEqual(["現在のパスワードが正しくありません。"]);
    expect(Object.keys(reply!.sealed).sort()).toEqual(["newPassword", "newPasswordConfirm"]);
  });

  it("a dependent upstream check waits for the field it depends on", async () => {
    const { reply } = await run(
      { intent: "next", email: "a@example.com" },
      {
        dependsOn: { email: ["password"] },
        validate: async () => {
          throw new UpstreamViolationError("/validate", [
            { propertyPath: "email", message: "依存するエラー" },
          ]);
        },
      },
    );
    expect(reply!.result.error?.password).toEqual(["入力してください。"]);
    expect(reply!.result.error?.email).toBeUndefined();
  });

  it("upload errors come with the schema's and the upstream's", async () => {
    const { reply } = await run(
      { intent: "next", email: "a@example.com" },
      {
        presetErrors: { photo: ["画像を読み取れませんでした。"] },
        fields: ["email", "password", "photo"],
        validate: async () => {
          throw new UpstreamViolationError("/validate", [
            { propertyPath: "email", message: EMAIL_TAKEN },
          ]);
        },
      },
    );
    expect(reply!.result.error?.photo).toEqual(["画像を読み取れませんでした。"]);
    expect(reply!.result.error?.password).toEqual(["入力してください。"]);
    expect(reply!.result.error?.email).toEqual([EMAIL_TAKEN]);
  });

  it("an outage during the check keeps the schema's errors and says the check failed", async () => {
    const { reply, status } = await run(
      { intent: "next", email: "a@example.com" },
      {
        validate: async () => {
          throw new UpstreamUnavailableError(503, "/validate");
        },
      },
    );
    expect(status).toBe(503);
    expect(reply!.result.error?.password).toEqual(["入力してください。"]);
    expect(reply!.result.error?.[""]).toEqual([CHECK_FAILED_MESSAGE]);
  });

  it("nothing parses: the upstream is not asked", async () => {
    let asked = false;
    await run(
      { intent: "next", email: "bad" },
      {
        validate: async () => {
          asked = true;
        },
      },
    );
    expect(asked).toBe(false);
  });
});

describe("parsedFields and keptSeals", () => {
  it("parses each field without an error on its own, an empty input as absent", () => {
    expect(
      parsedFields(
        registrationSchema,
        { email: "a@example.com", tel: "０３－１２３４－５６７８", city: "", newPassword: "x" },
        new Set(["newPassword"]),
      ),
    ).toEqual({ email: "a@example.com", tel: "03-1234-5678" });
  });

  it("drops a rejected secret and its confirmation, keeps the others", () => {
    const sealed = { oldPassword: "o", newPassword: "n", newPasswordConfirm: "c" };
    expect(keptSeals(sealed, { newPassword: ["短い"] })).toEqual({ oldPassword: "o" });
    expect(keptSeals(sealed, { newPasswordConfirm: ["不一致"] })).toEqual({ oldPassword: "o" });
    expect(keptSeals(sealed, { oldPassword: ["違う"], email: ["x"] })).toEqual({
      newPassword: "n",
      newPasswordConfirm: "c",
    });
  });
});
