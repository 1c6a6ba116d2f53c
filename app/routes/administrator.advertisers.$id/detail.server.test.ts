// The advertiser detail's actions against the mocked upstream: auto-approval on/off, the reset
// (errors under each field), delete, and the refusals for a deleted advertiser.
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createUpstreamClient } from "~/.server/upstream/client";
import type { Flash } from "~/.server/session";
import { administratorClaims, makeToken } from "../../../tests/fixtures/tokens";
import { adminClientFixture, adminClientsHandlers } from "../../../tests/mocks/clients";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM } from "../../../tests/mocks/upstream";
import { ADVERTISER_TEXTS, handleAdvertiserAction, loadAdvertiser } from "./detail.server";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(administratorClaims());
});
const admin = () =>
  createUpstreamClient({
    baseUrl: UPSTREAM,
    tokens: { current: async () => token, renew: async () => token },
    log: vi.fn(),
  });

function context() {
  const flashes: Flash[] = [];
  const ctx = { session: { flash: (f: Flash) => flashes.push(f) } } as unknown as AppLoadContext;
  return { ctx, flashes };
}

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

function expectRedirect(answer: unknown, to: string) {
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).status).toBe(302);
  expect((answer as Response).headers.get("Location")).toBe(to);
}

describe("handleAdvertiserAction", () => {
  it("turns auto-approval on and off", async () => {
    const clients = [adminClientFixture(3)];
    server.use(...adminClientsHandlers(clients));
    const requests = recordRequests();
    const { ctx, flashes } = context();
    expectRedirect(
      await handleAdvertiserAction(admin(), ctx, 3, form({ intent: "auto_on" })),
      "/administrator/advertisers/3",
    );
    expect(clients[0]!.isAutoConfirmable).toBe(true);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(
      "PUT /api/adv/clients/3/auto_confirmable",
    );
    await handleAdvertiserAction(admin(), ctx, 3, form({ intent: "auto_off" }));
    expect(clients[0]!.isAutoConfirmable).toBe(false);
    expect(flashes.map((f) => f.message)).toEqual([
      ADVERTISER_TEXTS.autoOn,
      ADVERTISER_TEXTS.autoOff,
    ]);
  });

  it("resets the password of the client's login; refusals come back under each field", async () => {
    server.use(...adminClientsHandlers([adminClientFixture(3)]));
    const requests = recordRequests();
    const { ctx, flashes } = context();
    const refused = await handleAdvertiserAction(
      admin(),
      ctx,
      3,
      form({ intent: "reset_password", newPassword: "short", newPasswordConfirm: "other" }),
    );
    expect(refused).not.toBeInstanceOf(Response);
    const reply = refused as unknown as { init: { status: number }; data: unknown };
    expect(reply.init.status).toBe(422);
    expect(reply.data).toEqual({
      intent: "reset_password",
      fieldErrors: {
        newPassword: ["8文字以上で入力してください。"],
        newPasswordConfirm: ["パスワードが一致しません。"],
      },
      formErrors: [],
    });
    expect(flashes).toEqual([]);

    expectRedirect(
      await handleAdvertiserAction(
        admin(),
        ctx,
        3,
        form({
          intent: "reset_password",
          newPassword: "temporary-1",
          newPasswordConfirm: "temporary-1",
        }),
      ),
      "/administrator/advertisers/3",
    );
    expect(requests.filter((r) => r.method === "PATCH").map((r) => r.path)).toEqual([
      "/api/adv/user_logins/13/update_password",
      "/api/adv/user_logins/13/update_password",
    ]);
    expect(flashes).toEqual([{ kind: "info", message: ADVERTISER_TEXTS.reset }]);
  });

  it("deletes; a deleted advertiser then takes no action, 代理ログイン included", async () => {
    const clients = [adminClientFixture(3)];
    server.use(...adminClientsHandlers(clients));
    const { ctx, flashes } = context();
    await handleAdvertiserAction(admin(), ctx, 3, form({ intent: "delete" }));
    expect(clients[0]!.isDeleted).toBe(true);
    expect((await loadAdvertiser(admin(), 3)).isDeleted).toBe(true);
    const requests = recordRequests();
    await handleAdvertiserAction(admin(), ctx, 3, form({ intent: "impersonate" }));
    await handleAdvertiserAction(admin(), ctx, 3, form({ intent: "auto_on" }));
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET"]);
    expect(clients[0]!.isAutoConfirmable).toBe(false);
    expect(flashes).toEqual([
      { kind: "info", message: ADVERTISER_TEXTS.deleted },
      { kind: "error", message: ADVERTISER_TEXTS.impersonateRefused },
      { kind: "error", message: ADVERTISER_TEXTS.deletedRefused },
    ]);
  });

  it("an unknown intent is a 400; an unknown advertiser 404", async () => {
    server.use(...adminClientsHandlers([]));
    const { ctx } = context();
    await expect(
      handleAdvertiserAction(admin(), ctx, 3, form({ intent: "submit" })),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      handleAdvertiserAction(admin(), ctx, 3, form({ intent: "delete" })),
    ).rejects.toMatchObject({ status: 404 });
  });
});
