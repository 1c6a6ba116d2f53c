import { describe, expect, it } from "vitest";
import { ROLE_ADMINISTRATOR, ROLE_ADVERTISER, type Identity } from "./identity";
import { afterLoginPath, loginPath, pagePathOf, sameSitePath } from "./redirect-to";

const advertiser = { roles: [ROLE_ADVERTISER] } as unknown as Identity;
const administrator = { roles: [ROLE_ADMINISTRATOR] } as unknown as Identity;

describe("sameSitePath", () => {
  it("keeps a relative path with its query", () => {
    expect(sameSitePath("/advertiser/contact?advertisement=5")).toBe(
      "/advertiser/contact?advertisement=5",
    );
    expect(sameSitePath("/advertiser/advertisements/3/edit")).toBe(
      "/advertiser/advertisements/3/edit",
    );
  });

  it.each([
    ["protocol-relative", "//evil.example/advertiser"],
    ["backslash host", "/\\evil.example"],
    ["backslash later", "/advertiser\\..\\x"],
    ["absolute URL", "https://evil.example/advertiser"],
    ["javascript: URL", "javascript:alert(1)"],
    ["relative without slash", "advertiser"],
    ["tab that browsers drop", "/\t/evil.example"],
    ["newline", "/\n/evil.example"],
    ["empty", ""],
    ["too long", `/advertiser?q=${"a".repeat(2100)}`],
  ])("refuses %s", (_name, raw) => {
    expect(sameSitePath(raw)).toBeUndefined();
  });

  it("refuses what is not a string", () => {
    expect(sameSitePath(null)).toBeUndefined();
    expect(sameSitePath(undefined)).toBeUndefined();
    expect(sameSitePath(new File([], "x"))).toBeUndefined();
  });
});

describe("loginPath", () => {
  it("carries the page in redirectTo", () => {
    expect(loginPath("/advertiser/contact?advertisement=5")).toBe(
      "/?redirectTo=%2Fadvertiser%2Fcontact%3Fadvertisement%3D5",
    );
  });

  it("is plain Login for Login itself, nothing, or an unsafe path", () => {
    expect(loginPath("/")).toBe("/");
    expect(loginPath("/?redirectTo=%2Fadvertiser")).toBe("/");
    expect(loginPath(undefined)).toBe("/");
    expect(loginPath("//evil.example")).toBe("/");
  });
});

describe("afterLoginPath", () => {
  it("returns an advertiser to the advertiser page they were going to", () => {
    expect(afterLoginPath("/advertiser/contact?advertisement=5", advertiser)).toBe(
      "/advertiser/contact?advertisement=5",
    );
    expect(afterLoginPath("/advertiser/advertisements/12/report?month=2025-01", advertiser)).toBe(
      "/advertiser/advertisements/12/report?month=2025-01",
    );
  });

  it("returns an administrator to an administrator page", () => {
    expect(afterLoginPath("/administrator/advertisers/3", administrator)).toBe(
      "/administrator/advertisers/3",
    );
  });

  it("sends a role to its home instead of the other role's pages", () => {
    expect(afterLoginPath("/administrator/advertisers", advertiser)).toBe("/advertiser");
    expect(afterLoginPath("/advertiser/contact", administrator)).toBe("/administrator");
  });

  it("sends home for unsafe, unknown or missing targets and for Login itself", () => {
    expect(afterLoginPath("//evil.example/advertiser", advertiser)).toBe("/advertiser");
    expect(afterLoginPath("https://evil.example/", advertiser)).toBe("/advertiser");
    expect(afterLoginPath("/\\evil.example", administrator)).toBe("/administrator");
    expect(afterLoginPath("/logout", advertiser)).toBe("/advertiser");
    expect(afterLoginPath("/no/such/page", advertiser)).toBe("/advertiser");
    expect(afterLoginPath("/", advertiser)).toBe("/advertiser");
    expect(afterLoginPath(null, advertiser)).toBe("/advertiser");
  });

  it("lets public pages through", () => {
    expect(afterLoginPath("/advertiser/new", advertiser)).toBe("/advertiser/new");
  });

  it("is Login when nobody is logged in", () => {
    expect(afterLoginPath("/advertiser", undefined)).toBe("/");
  });
});

describe("pagePathOf", () => {
  it("is the page of a document request", () => {
    expect(pagePathOf("/advertiser/contact?advertisement=5")).toBe(
      "/advertiser/contact?advertisement=5",
    );
  });

  it("names the page of a single-fetch data request", () => {
    expect(
      pagePathOf("/advertiser/contact.data?advertisement=5&_routes=routes%2Fadvertiser.contact"),
    ).toBe("/advertiser/contact?advertisement=5");
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/advertiser/contact?index&advertisement=5")).toBe(
      "/advertiser/contact?advertisement=5",
    );
  });

  it("refuses what is not a path of this site", () => {
    expect(pagePathOf("//evil.example/x")).toBeUndefined();
  });
});
