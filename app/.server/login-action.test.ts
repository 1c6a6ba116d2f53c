// The login page's action (routes/_index/route.tsx): the form is read once, by the login's strategy
// (remix-auth), and the reply keeps the errors beside the fields and the typed address.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createPortalContext } from "./context";
import { RequestSession } from "./session";
import { action } from "~/routes/_index/route";
import { createAuthenticationMock } from "../../tests/mocks/authentication";
import { clientsHandlers } from "../../tests/mocks/clients";
import { server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM } from "../../tests/mocks/upstream";

startMockUpstream();
beforeEach(() => {
  server.use(...createAuthenticationMock().handlers, ...clientsHandlers());
});

function post(fields: Record<string, string>) {
  const request = new Request("http://portal.test/?index", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const session = new RequestSession({}, { secrets: ["s"], secure: false });
  const context = createPortalContext({ nonce: "n", session, upstreamUrl: UPSTREAM });
  return action({ request, context, params: {}, url: new URL(request.url), pattern: "/" }).catch(
    (thrown: unknown) => thrown,
  );
}

describe("the login action", () => {
  it("reads the posted form once, and logs in on it", async () => {
    const formData = vi.spyOn(Request.prototype, "formData");

    const answer = await post({ email: "shop@example.com", password: "shop-password" });

    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/advertiser");
    expect(formData).toHaveBeenCalledTimes(1);
    formData.mockRestore();
  });

  it("answers an invalid form with 400, the errors beside the fields and the address kept", async () => {
    const formData = vi.spyOn(Request.prototype, "formData");

    const answer = (await post({ email: "shop@", password: "" })) as {
      init: { status: number };
      data: { result: { initialValue: object; error: object } };
    };

    expect(answer.init.status).toBe(400);
    expect(answer.data.result.initialValue).toEqual({ email: "shop@" });
    expect(answer.data.result.error).toEqual({
      email: ["メールアドレスの形式が正しくありません。"],
      password: ["パスワードを入力してください。"],
    });
    expect(formData).toHaveBeenCalledTimes(1);
    formData.mockRestore();
  });
});
