import { beforeAll, describe, expect, it } from "vitest";
import {
  ROLE_ADMINISTRATOR,
  ROLE_ADVERTISER,
  ROLE_IMPERSONATOR,
  hasRoles,
  homePath,
  identityOf,
  isImpersonating,
  secondsLeft,
  type Identity,
} from "./identity";
import type { TokenPair } from "./session";
import {
  advertiserClaims,
  administratorClaims,
  makeToken,
  makeTokenPair,
} from "../../tests/fixtures/tokens";

let advertiser: TokenPair;
let administrator: TokenPair;
let impersonation: TokenPair;
beforeAll(async () => {
  advertiser = await makeTokenPair(
    advertiserClaims({ username: "shop@example.com", user_login_id: 2, advertiser: 7 }),
  );
  administrator = await makeTokenPair(
    administratorClaims({ username: "admin@example.com", user_login_id: 1, administrator: 3 }),
  );
  impersonation = await makeTokenPair(
    advertiserClaims({
      username: "shop@example.com",
      user_login_id: 2,
      advertiser: 7,
      impersonator: "admin@example.com",
    }),
  );
});

describe("identityOf", () => {
  it("reads an advertiser from the token", () => {
    expect(identityOf({ main: advertiser, impersonation: undefined })).toEqual({
      roles: [ROLE_ADVERTISER],
      userLoginId: 2,
      username: "shop@example.com",
      advertiserId: 7,
      administratorId: undefined,
    });
  });

  it("reads an administrator from the token", () => {
    expect(identityOf({ main: administrator, impersonation: undefined })).toEqual({
      roles: [ROLE_ADMINISTRATOR],
      userLoginId: 1,
      username: "admin@example.com",
      advertiserId: undefined,
      administratorId: 3,
    });
  });

  it("is the advertiser while impersonating, with ROLE_IMPERSONATOR and the administrator read from the main token", () => {
    expect(identityOf({ main: administrator, impersonation })).toEqual({
      roles: [ROLE_ADVERTISER, ROLE_IMPERSONATOR],
      userLoginId: 2,
      username: "shop@example.com",
      advertiserId: 7,
      administratorId: undefined,
      impersonator: { administratorId: 3, username: "admin@example.com", userLoginId: 1 },
    });
  });

  it("is anonymous without a token or with a token it cannot read", () => {
    expect(identityOf({ main: undefined, impersonation: undefined })).toBeUndefined();
    expect(
      identityOf({ main: { token: "garbage", refreshToken: "r" }, impersonation: undefined }),
    ).toBeUndefined();
    expect(
      identityOf({ main: { token: "a.b.c", refreshToken: "r" }, impersonation }),
    ).toBeUndefined();
  });

  it("is anonymous when the token lacks the claims of the wire format", async () => {
    const noRoles = await makeToken({ username: "shop@example.com", user_login_id: 2 } as never);

    expect(
      identityOf({ main: { token: noRoles, refreshToken: "r" }, impersonation: undefined }),
    ).toBeUndefined();
  });
});

describe("secondsLeft", () => {
  it("counts the seconds until exp, and is negative for an expired or unreadable token", async () => {
    const now = Date.now();
    const token = await makeToken(advertiserClaims(), {
      expiresIn: 120,
      iat: Math.floor(now / 1000),
    });

    expect(secondsLeft(token, now)).toBeGreaterThan(119);
    expect(secondsLeft(token, now)).toBeLessThanOrEqual(120);
    expect(secondsLeft(token, now + 121_000)).toBeLessThan(0);
    expect(secondsLeft("garbage", now)).toBeLessThan(0);
  });
});

describe("hasRoles", () => {
  const identity: Identity = {
    roles: [ROLE_ADVERTISER, ROLE_IMPERSONATOR],
    userLoginId: 2,
    username: "shop@example.com",
  };

  it("needs every listed role", () => {
    expect(hasRoles(identity, [ROLE_ADVERTISER])).toBe(true);
    expect(hasRoles(identity, [ROLE_ADVERTISER, ROLE_IMPERSONATOR])).toBe(true);
    expect(hasRoles(identity, [ROLE_ADVERTISER, ROLE_ADMINISTRATOR])).toBe(false);
  });

  it("grants nothing for an empty list or an anonymous visitor", () => {
    expect(hasRoles(identity, [])).toBe(false);
    expect(hasRoles(undefined, [ROLE_ADVERTISER])).toBe(false);
  });
});

describe("homePath", () => {
  it("sends each role home", () => {
    expect(homePath(identityOf({ main: advertiser, impersonation: undefined }))).toBe(
      "/advertiser",
    );
    expect(homePath(identityOf({ main: administrator, impersonation: undefined }))).toBe(
      "/administrator",
    );
    expect(homePath(identityOf({ main: administrator, impersonation }))).toBe("/advertiser");
    expect(homePath({ roles: [], userLoginId: 1, username: "x" })).toBeUndefined();
    expect(homePath(undefined)).toBeUndefined();
  });
});

describe("isImpersonating", () => {
  it("is true only with an impersonation token", () => {
    expect(isImpersonating(identityOf({ main: administrator, impersonation }))).toBe(true);
    expect(isImpersonating(identityOf({ main: administrator, impersonation: undefined }))).toBe(
      false,
    );
    expect(isImpersonating(undefined)).toBe(false);
  });
});
