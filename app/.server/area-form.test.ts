// The area form's action: the WordPress password is sent upstream only when typed, travels sealed
// between phases (never echoed into a reply), and the edit's validate names the locality.
import { http } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { administratorClaims, makeToken } from "../../tests/fixtures/tokens";
import { areaWriteHandlers } from "../../tests/mocks/areas";
import { localityFixtures, publishmentAreasHandlers } from "../../tests/mocks/publishment-areas";
import { server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM, api, collection } from "../../tests/mocks/upstream";
import { handleAreaForm } from "./area-form";
import { initEnv } from "./env";
import { clearReferenceData, publishmentChoices } from "./reference-data";
import { createUpstreamClient } from "./upstream/client";

startMockUpstream();

const SECRET = "abcd efgh ijkl";
let token: string;
beforeAll(async () => {
  initEnv({ NODE_ENV: "test", SESSION_SECRET: "area-form-test-secret", DATA_DIR: "/tmp/unused" });
  token = await makeToken(administratorClaims());
});

const viaMsw: typeof fetch = (input, init) => fetch(input, init);
const client = () =>
  createUpstreamClient({
    baseUrl: UPSTREAM,
    tokens: { current: async () => token, renew: async () => token },
    fetch: viaMsw,
    log: () => undefined,
  });

const form = {
  region: "/api/adv/publishment_regions/1",
  name: "テスト区",
  blogUrl: "https://test.example.jp/",
  wpRestUrl: "https://wp.example.jp/",
  wpRestUser: "editor",
  wpRestPassword: "",
  gaAccount: "",
  gaProperty: "",
  gaProfile: "",
};

type Reply = { phase: string; sealed: Record<string, string>; result: { error?: object } };

async function act(values: Record<string, string>, id?: number) {
  const request = new Request("http://portal.test/administrator/areas/new", {
    method: "POST",
    body: new URLSearchParams(values),
  });
  const response = await handleAreaForm(request, { context: {}, api: client(), id });
  if (response instanceof Response) return { response };
  const { data, init } = response as unknown as { data: Reply; init: { status: number } };
  return { reply: data, status: init.status };
}

describe("handleAreaForm", () => {
  it("next → submit of a new area: the typed password travels sealed and reaches the POST", async () => {
    const { handlers, received } = areaWriteHandlers();
    server.use(...handlers);
    const next = await act({ ...form, intent: "next", wpRestPassword: SECRET });
    expect(next.reply?.phase).toBe("confirm");
    expect(JSON.stringify(next.reply)).not.toContain(SECRET);
    expect(next.reply?.sealed.wpRestPassword).toBeTruthy();
    expect(received[0]).toEqual({
      call: "validate",
      body: { ...form, wpRestPassword: SECRET },
    });

    const submit = await act({
      ...form,
      intent: "submit",
      "sealed.wpRestPassword": next.reply!.sealed.wpRestPassword!,
    });
    expect(submit.response?.status).toBe(302);
    expect(submit.response?.headers.get("Location")).toBe("/administrator/areas/42/edit/complete");
    expect(received[1]).toEqual({ call: "create", body: { ...form, wpRestPassword: SECRET } });
  });

  it("an edit left blank sends no password (the stored one stays) and names the locality to validate", async () => {
    const { handlers, received } = areaWriteHandlers();
    server.use(...handlers);
    const next = await act({ ...form, intent: "next" }, 7);
    expect(next.reply?.phase).toBe("confirm");
    expect(next.reply?.sealed).toEqual({});
    const { wpRestPassword: _blank, ...withoutPassword } = form;
    expect(received[0]).toEqual({ call: "validate", body: { ...withoutPassword, id: 7 } });

    const submit = await act({ ...form, intent: "submit" }, 7);
    expect(submit.response?.headers.get("Location")).toBe("/administrator/areas/7/edit/complete");
    expect(received[1]).toEqual({ call: "update 7", body: withoutPassword });
  });

  it("upstream violations come back beside the fields; the password is not echoed", async () => {
    const { handlers } = areaWriteHandlers({
      violations: [{ propertyPath: "wpRestUser", message: "ユーザー名も入力してください。" }],
    });
    server.use(...handlers);
    const { reply, status } = await act({ ...form, intent: "next", wpRestPassword: SECRET });
    expect(status).toBe(422);
    expect(reply?.phase).toBe("input");
    expect(reply?.result.error).toMatchObject({ wpRestUser: ["ユーザー名も入力してください。"] });
    expect(JSON.stringify(reply)).not.toContain(SECRET);
  });

  it('a region left unchosen is not sent (never "", which API Platform answers 400 Invalid IRI)', async () => {
    const { handlers, received } = areaWriteHandlers();
    server.use(...handlers);
    const { reply, status } = await act({ ...form, region: "", intent: "next" });
    expect(status).toBe(400);
    expect(reply?.result.error).toMatchObject({ region: ["選択してください。"] });
    // The other fields are still checked upstream in the same round, without a region.
    expect(received[0]?.call).toBe("validate");
    expect(received[0]?.body).not.toHaveProperty("region");
  });

  it("a saved locality is at once among the publishment application's choices (the cache is emptied)", async () => {
    const { handlers } = areaWriteHandlers();
    const localities = [...localityFixtures];
    const localitiesPath = "/api/adv/publishment_localities";
    server.use(
      ...handlers,
      http.get(api(localitiesPath), () => collection(localitiesPath, localities)),
      ...publishmentAreasHandlers(),
    );
    clearReferenceData();
    const before = await publishmentChoices(client(), UPSTREAM);
    expect(before.regions.map((r) => r.label)).toEqual(["東京"]);

    // The upstream now holds the administrator's new locality in 大阪, saved through the form.
    localities.push({
      "@id": "/api/adv/publishment_localities/7",
      id: 7,
      name: "テスト区",
      region: "/api/adv/publishment_regions/2",
    });
    const submit = await act({ ...form, intent: "submit" }, 7);
    expect(submit.response?.status).toBe(302);

    const after = await publishmentChoices(client(), UPSTREAM);
    expect(after.regions).toContainEqual({
      value: "/api/adv/publishment_regions/2",
      label: "大阪",
      localities: [{ value: "/api/adv/publishment_localities/7", label: "テスト区" }],
    });
  });
});
