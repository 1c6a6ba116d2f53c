// The reference-data cache never shares one caller's load: a token that cannot be refreshed
// sends only its own user to Login (finding 12); loaded data is shared.
import { redirect } from "@remix-run/node";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { advertiserClaims, makeToken } from "../../tests/fixtures/tokens";
import { publishmentAreasHandlers } from "../../tests/mocks/publishment-areas";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM } from "../../tests/mocks/upstream";
import { clearReferenceData, publicationChoices } from "./reference-data";
import { createUpstreamClient, type TokenSource } from "./upstream/client";

startMockUpstream();

let goodToken: string;
beforeAll(async () => {
  goodToken = await makeToken(advertiserClaims({ username: "second@example.com" }));
});
beforeEach(() => {
  clearReferenceData();
  server.use(...publishmentAreasHandlers());
});

// msw patches the global fetch once it listens: look it up per call.
const viaMsw: typeof fetch = (input, init) => fetch(input, init);

/** A user whose token the upstream refuses and whose refresh fails: the guard's redirect. */
function expiredUser(): TokenSource {
  return {
    current: async () => "expired-token",
    renew: async () => {
      throw redirect("/?expired=first-user");
    },
  };
}
const validUser = (): TokenSource => ({
  current: async () => goodToken,
  renew: async () => {
    throw new Error("a valid token needs no renewal");
  },
});
const clientOf = (tokens: TokenSource) =>
  createUpstreamClient({ baseUrl: UPSTREAM, tokens, fetch: viaMsw, log: () => undefined });

describe("publicationChoices", () => {
  it("a second caller waiting at the same time gets data with its own token, not the first's redirect", async () => {
    const requests = recordRequests();
    const [first, second] = await Promise.allSettled([
      publicationChoices(clientOf(expiredUser()), UPSTREAM),
      publicationChoices(clientOf(validUser()), UPSTREAM),
    ]);

    expect(first.status).toBe("rejected");
    const thrown = (first as PromiseRejectedResult).reason as Response;
    expect(thrown.headers.get("Location")).toBe("/?expired=first-user");

    expect(second.status).toBe("fulfilled");
    const choices = (
      second as PromiseFulfilledResult<Awaited<ReturnType<typeof publicationChoices>>>
    ).value;
    expect(choices.regions.map((r) => r.label)).toEqual(["東京"]);
    expect(choices.courses.map((c) => c.name)).toEqual(["1ヶ月コース"]);
    // The second user's data came with the second user's token.
    expect(requests.filter((r) => r.token === goodToken)).toHaveLength(3);
  });

  it("a failed load is not kept: the next caller loads afresh", async () => {
    await expect(publicationChoices(clientOf(expiredUser()), UPSTREAM)).rejects.toBeInstanceOf(
      Response,
    );
    const requests = recordRequests();
    await expect(publicationChoices(clientOf(validUser()), UPSTREAM)).resolves.toBeTruthy();
    expect(requests.map((r) => r.token)).toEqual([goodToken, goodToken, goodToken]);
  });

  it("loaded data is shared for a while, without asking the upstream again", async () => {
    await publicationChoices(clientOf(validUser()), UPSTREAM);
    const requests = recordRequests();
    const again = await publicationChoices(clientOf(expiredUser()), UPSTREAM);
    expect(again.regions).toHaveLength(1);
    expect(requests).toHaveLength(0);
  });
});
