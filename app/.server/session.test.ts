import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_EXPIRED_MESSAGE } from "./auth";
import {
  COOKIE_LIMIT,
  RequestSession,
  SESSION_COOKIE,
  decodeSessionCookie,
  encodeSessionCookie,
  type SessionData,
  type TokenPair,
} from "./session";
import { oldSessionCookie } from "../../tests/fixtures/old-session-cookie";
import { advertiserClaims, administratorClaims, makeTokenPair } from "../../tests/fixtures/tokens";

const options = { secrets: ["current-secret"], secure: false };

/** The Cookie request header a browser sends back for a Set-Cookie header. */
const cookieFrom = (setCookie: string) => setCookie.split(";")[0]!;

let admin: TokenPair;
let impersonation: TokenPair;
beforeAll(async () => {
  admin = await makeTokenPair(administratorClaims());
  impersonation = await makeTokenPair(advertiserClaims({ impersonator: "admin@example.com" }));
});

describe("encoding", () => {
  it("reads back what it wrote", () => {
    const data: SessionData = {
      main: admin,
      impersonation,
      flash: { kind: "info", message: "保存しました。" },
    };

    expect(
      decodeSessionCookie(cookieFrom(encodeSessionCookie(data, options)), options.secrets),
    ).toEqual(data);
  });

  it("is encrypted: neither a token nor any part of one can be read from the cookie", () => {
    const value = decodeURIComponent(
      cookieFrom(encodeSessionCookie({ main: admin, impersonation }, options)).split("=")[1]!,
    );
    const decoded = Buffer.from(value, "base64url").toString("latin1");
    for (const pair of [admin, impersonation]) {
      for (const part of [...pair.token.split("."), pair.refreshToken]) {
        expect(value).not.toContain(part);
        expect(decoded).not.toContain(part);
      }
    }
    expect(decoded).not.toContain("refreshToken");
  });

  it("finds the session among the browser's other cookies", () => {
    const header = `_ga=GA1.1.123; ${cookieFrom(encodeSessionCookie({ main: admin }, options))}; theme=dark`;

    expect(decodeSessionCookie(header, options.secrets)).toEqual({ main: admin });
  });

  it("gives an empty session without a cookie", () => {
    expect(decodeSessionCookie(undefined, options.secrets)).toEqual({});
    expect(decodeSessionCookie("theme=dark", options.secrets)).toEqual({});
  });

  it("gives an empty session for a tampered cookie", () => {
    const cookie = cookieFrom(encodeSessionCookie({ main: admin }, options));
    const value = cookie.slice(SESSION_COOKIE.length + 1);
    // Flip one character of the signed payload (before the signature).
    const i = 10;
    const tampered = value.slice(0, i) + (value[i] === "A" ? "B" : "A") + value.slice(i + 1);

    expect(decodeSessionCookie(`${SESSION_COOKIE}=${tampered}`, options.secrets)).toEqual({});
  });

  it("reads a cookie sealed in the format before the JWE as logged out", () => {
    const old = oldSessionCookie({ main: admin }, options.secrets[0]!);

    const session = RequestSession.fromCookieHeader(old, options);
    expect(session.main).toBeUndefined();
    expect(session.setCookieHeader()).toBeUndefined();
  });

  it("gives an empty session for a cookie signed with another secret", () => {
    const cookie = cookieFrom(
      encodeSessionCookie({ main: admin }, { secrets: ["someone-else"], secure: false }),
    );

    expect(decodeSessionCookie(cookie, options.secrets)).toEqual({});
  });

  it("gives an empty session for a correctly signed cookie of the wrong shape", () => {
    const cookie = cookieFrom(
      encodeSessionCookie({ main: { token: 42 } } as unknown as SessionData, options),
    );

    expect(decodeSessionCookie(cookie, options.secrets)).toEqual({});
  });

  it("still reads a cookie signed with an old secret listed second, and re-signs with the first", () => {
    const old = cookieFrom(
      encodeSessionCookie({ main: admin }, { secrets: ["old-secret"], secure: false }),
    );
    const rotated = { secrets: ["new-secret", "old-secret"], secure: false };

    const session = RequestSession.fromCookieHeader(old, rotated);
    expect(session.main).toEqual(admin);

    session.setImpersonation(impersonation);
    const resigned = cookieFrom(session.setCookieHeader()!);
    expect(decodeSessionCookie(resigned, ["new-secret"])).toEqual({ main: admin, impersonation });
  });

  it("refuses to sign without a secret", () => {
    expect(() => encodeSessionCookie({ main: admin }, { secrets: [], secure: false })).toThrow();
  });
});

describe("Set-Cookie", () => {
  const attributesOf = (header: string) =>
    header
      .split(";")
      .slice(1)
      .map((part) => part.trim());

  it("is HttpOnly, SameSite=Lax, Path=/ and not Secure on plain http (the demo on localhost)", () => {
    const session = new RequestSession({}, options);
    session.login(admin);

    const attributes = attributesOf(session.setCookieHeader()!);

    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(attributes).not.toContain("Secure");
  });

  it("is Secure when the public origin is https", () => {
    const session = new RequestSession({}, { ...options, secure: true });
    session.login(admin);

    expect(attributesOf(session.setCookieHeader()!)).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", "Secure"]),
    );
  });

  it("stays under 4096 bytes with two RS256 pairs (main + impersonation) and a flash message", async () => {
    // The longest realistic claims: long e-mail addresses, six-digit ids.
    const main = await makeTokenPair(
      administratorClaims({
        username: "editorial-department.administrator@omise-news.example.co.jp",
        user_login_id: 123456,
        administrator: 999,
      }),
    );
    const impersonated = await makeTokenPair(
      advertiserClaims({
        username: "yamada.taro.shop-owner@kabushikigaisha-omise-news-shoten.example.co.jp",
        user_login_id: 234567,
        advertiser: 99999,
        impersonator: "editorial-department.administrator@omise-news.example.co.jp",
      }),
    );
    const session = new RequestSession({}, { ...options, secure: true });
    session.login(main);
    session.setImpersonation(impersonated);
    session.flash({ kind: "error", message: SESSION_EXPIRED_MESSAGE });

    const header = session.setCookieHeader()!;
    const bytes = Buffer.byteLength(header, "utf8");
    console.log(
      `Set-Cookie with two RS256 pairs and a flash: ${bytes} bytes (limit ${COOKIE_LIMIT})`,
    );

    expect(main.token.split(".")[2]).toHaveLength(342); // a 2048-bit RS256 signature
    expect(bytes).toBeLessThan(COOKIE_LIMIT);
    expect(decodeSessionCookie(cookieFrom(header), options.secrets)).toMatchObject({
      main,
      impersonation: impersonated,
    });
  });
});

describe("RequestSession", () => {
  it("sends no Set-Cookie when nothing changed", () => {
    const session = RequestSession.fromCookieHeader(
      cookieFrom(encodeSessionCookie({ main: admin }, options)),
      options,
    );

    expect(session.main).toEqual(admin);
    expect(session.takeFlash()).toBeUndefined();
    expect(session.setCookieHeader()).toBeUndefined();
  });

  it("returns the flash message once, and drops it from the cookie", () => {
    const session = new RequestSession(
      { main: admin, flash: { kind: "info", message: "保存しました。" } },
      options,
    );

    expect(session.takeFlash()).toEqual({ kind: "info", message: "保存しました。" });
    expect(session.takeFlash()).toBeUndefined();
    expect(decodeSessionCookie(cookieFrom(session.setCookieHeader()!), options.secrets)).toEqual({
      main: admin,
    });
  });

  it("expires the cookie once the last flash message is shown to an anonymous visitor", () => {
    const session = new RequestSession(
      { flash: { kind: "error", message: SESSION_EXPIRED_MESSAGE } },
      options,
    );

    session.takeFlash();

    expect(session.setCookieHeader()).toMatch(/^__session=;.*Max-Age=0/);
  });

  it("starts a fresh session on login: any impersonation and flash go", () => {
    const session = new RequestSession(
      { main: admin, impersonation, flash: { kind: "info", message: "x" } },
      options,
    );

    session.login(admin);

    expect(decodeSessionCookie(cookieFrom(session.setCookieHeader()!), options.secrets)).toEqual({
      main: admin,
    });
  });

  it("keeps a flash message across clear() so Login can show it", () => {
    const session = new RequestSession({ main: admin, impersonation }, options);

    session.clear({ kind: "error", message: SESSION_EXPIRED_MESSAGE });

    expect(decodeSessionCookie(cookieFrom(session.setCookieHeader()!), options.secrets)).toEqual({
      flash: { kind: "error", message: SESSION_EXPIRED_MESSAGE },
    });
  });
});
