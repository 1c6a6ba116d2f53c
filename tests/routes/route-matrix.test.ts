// Every route of the SPEC §2 table × {anonymous, advertiser, administrator, impersonating
// administrator}, through the real server: the guard runs in every loader and every action.
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable, type RouteEntry } from "../../app/domain/routes";
import type { SessionData } from "../../app/.server/session";
import { startStack, type Stack } from "./stack";

/**
 * Every module in app/routes: the screen of the table it builds, or what else it is (and where
 * its guard is proven). A new module must be listed here, so no route escapes the matrix.
 */
const MODULES: Record<string, string> = {
  // A route folder: route.tsx with login.server.ts (remix-auth's strategy) beside it.
  _index: "Login",
  "preview.$id.$token.tsx": "Preview",
  "advertiser.new.tsx": "AdvertiserNew",
  "advertiser.created.tsx": "AdvertiserCreated",
  // A route folder: route.tsx with home.server.ts (the ads table's data) beside it.
  "advertiser._index": "AdvertiserIndex",
  "advertiser.contact.tsx": "AdvertiserContact",
  "advertiser.contact_.complete.tsx": "AdvertiserContactComplete",
  "advertiser.edit.tsx": "AdvertiserEdit",
  "advertiser.edit_.complete.tsx": "AdvertiserEditComplete",
  "advertiser.email.tsx": "AdvertiserEmail",
  "advertiser.email_.complete.tsx": "AdvertiserEmailComplete",
  "advertiser.password.tsx": "AdvertiserPassword",
  "advertiser.password_.complete.tsx": "AdvertiserPasswordComplete",
  // A route folder: route.tsx with its published section beside it.
  "advertiser.advertisements.$id": "AdvertiserAdvertisementsDetail",
  "advertiser.advertisements.new.tsx": "AdvertiserAdvertisementsNew",
  "advertiser.advertisements.$id_.edit.tsx": "AdvertiserAdvertisementsEdit",
  "advertiser.advertisements.$id_.edit_.complete.tsx": "AdvertiserAdvertisementsComplete",
  // A route folder: route.tsx with publishment.server.ts (the application's rules) beside it.
  "advertiser.advertisements.$id_.publishment": "AdvertiserAdvertisementsPublishment",
  // A route folder: route.tsx with payment.server.ts and the payment client beside it.
  "advertiser.advertisements.$id_.publishment_.complete":
    "AdvertiserAdvertisementsPublishmentComplete",
  "administrator._index.tsx": "AdministratorIndex",
  "administrator.advertisements.$id_.edit": "AdministratorAdvertisementsEdit",
  "administrator.advertisements.$id_.edit_.complete.tsx": "AdministratorAdvertisementsEditComplete",
  // A route folder: route.tsx with its detail.server.ts and forms beside it.
  "administrator.advertisements.$id_.detail": "AdministratorAdvertisementsDetail",
  "administrator.advertisements._index": "AdministratorAdvertisementsIndex",
  "administrator.audit_logs.tsx": "AdministratorAuditLogs",
  // Route folders: route.tsx (and list.server.ts); the form is app/components/AreaForm.tsx.
  "administrator.areas._index": "AdministratorAreasIndex",
  "administrator.areas.new": "AdministratorAreasNew",
  "administrator.areas.$id_.edit": "AdministratorAreasEdit",
  "administrator.areas.$id_.edit_.complete.tsx": "AdministratorAreasComplete",
  // Route folders: route.tsx with its *.server.ts beside it.
  "administrator.advertisers._index": "AdministratorAdvertisersIndex",
  "administrator.advertisers.$id": "AdministratorAdvertisersDetail",
  "administrator.advertisers.$id_.edit": "AdministratorAdvertisersEdit",
  "administrator.advertisers.$id_.complete.tsx": "AdministratorAdvertisersComplete",
  // Route folders: route.tsx with the shared report components (and the URL form) beside it.
  "advertiser.advertisements.$id_.report": "AdvertiserAdvertisementsReport",
  "administrator.advertisements.$id_.report": "AdministratorAdvertisementsReport",
  "administrator.ad_report": "AdministratorAdReportIndex",
  // Route folders: the course list, and the new and edit forms (shared: app/.server/course-form.ts).
  "administrator.courses._index": "AdministratorCoursesIndex",
  "administrator.courses.new": "AdministratorCoursesNew",
  "administrator.courses.$id_.edit": "AdministratorCoursesEdit",
  "administrator.courses.$id_.edit_.complete.tsx": "AdministratorCoursesComplete",
  // A route folder: route.tsx with the sales table and sales.server.ts (also the CSV's) beside it.
  "administrator.sales": "AdministratorSalesIndex",
  // A route folder: route.tsx with trial.server.ts, drafts.server.ts (also read by trial.error)
  // and its texts beside it.
  "trial._index": "TrialIndex",
  "trial.error": "TrialError",
  "trial.complete.tsx": "TrialComplete",
  // Not screens of the table:
  "$.tsx": "(the table's guard and 404 for unbuilt screens: this file)",
  "administrator.tsx": "(layout of the administrator screens: this file)",
  // No loader, no guard (the public registration is under it): each screen's guard, proven above.
  "advertiser.tsx": "(layout of the advertiser screens: its error boundary only)",
  "logout.tsx": "(logout: this file)",
  "unimpersonate.tsx": "(unimpersonate: this file)",
  "uploads.tsx": "(instant image upload: tests/routes/ad-posts.test.ts)",
  "administrator.mails.tsx": "(the outbox viewer of demo mode: this file)",
  // Public, not screens of SPEC §2: the self-service password reset (an extension, issue 30).
  "password_reset._index.tsx": "(password reset: tests/routes/password-reset.test.ts)",
  "password_reset.sent.tsx": "(password reset: tests/routes/password-reset.test.ts)",
  "password_reset.$token.tsx": "(password reset: tests/routes/password-reset.test.ts)",
  "password_reset.complete.tsx": "(password reset: tests/routes/password-reset.test.ts)",
  "advertiser.advertisements.$id_.documents.ts":
    "(invoice and receipt downloads: tests/routes/order-documents.test.ts)",
  "administrator.advertisements.$id_.documents.ts":
    "(invoice and receipt downloads: tests/routes/order-documents.test.ts)",
  "advertiser.advertisements.$id_.report_.csv.ts": "(report CSV download: this file)",
  "administrator.advertisements.$id_.report_.csv.ts": "(report CSV download: this file)",
  "administrator.sales[.]csv.ts": "(sales CSV download: this file)",
  "postal-address.$zip.ts": "(郵便番号 → 住所, public: tests/routes/postal-address.test.ts)",
};

/** Screens built so far; the rest of the table answers 404 after its guard. */
const BUILT = new Set(Object.values(MODULES).filter((name) => !name.startsWith("(")));

/** Built screens whose forms post to their own action (Login is covered by the security tests). */
const WITH_ACTION = new Set([
  "AdvertiserNew",
  "TrialIndex",
  "AdvertiserContact",
  "AdvertiserEdit",
  "AdvertiserEmail",
  "AdvertiserPassword",
  "AdvertiserAdvertisementsDetail",
  "AdvertiserAdvertisementsNew",
  "AdvertiserAdvertisementsEdit",
  "AdvertiserAdvertisementsPublishment",
  "AdministratorAdvertisementsEdit",
  "AdministratorAdvertisementsDetail",
  "AdministratorAreasNew",
  "AdministratorAreasEdit",
  "AdministratorCoursesNew",
  "AdministratorCoursesEdit",
  "AdministratorAdvertisersDetail",
  "AdministratorAdvertisersEdit",
]);

type Role = "anonymous" | "advertiser" | "administrator" | "impersonating";
const roles: Role[] = ["anonymous", "advertiser", "administrator", "impersonating"];

let stack: Stack;
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  stack = await startStack();
  const shop = await stack.tokens("shop@example.com", "shop-password");
  const admin = await stack.tokens("admin@example.com", "admin-password");
  const impersonated = await stack.switchUser(admin, "shop@example.com");
  const sessions: Record<Exclude<Role, "anonymous">, SessionData> = {
    advertiser: { main: shop },
    administrator: { main: admin },
    impersonating: { main: admin, impersonation: impersonated },
  };
  for (const [role, data] of Object.entries(sessions))
    cookies[role as Role] = stack.cookieFor(data);
});

afterAll(async () => {
  await stack?.close();
});

/** Demo ad 1 is the advertiser's draft; ad 2 already has an order (for the completion page). */
function urlOf(route: RouteEntry) {
  const id = route.name === "AdvertiserAdvertisementsPublishmentComplete" ? "2" : "1";
  return route.path.replace(":id", id).replace(":token", "x".repeat(64));
}

function mayEnter(route: RouteEntry, role: Role) {
  if (route.access === "public") return true;
  if (route.access === "advertiser") return role === "advertiser" || role === "impersonating";
  return role === "administrator";
}

function expected(route: RouteEntry, role: Role): { status: number; location?: string } {
  if (route.name === "Login" && role !== "anonymous") {
    return { status: 302, location: role === "administrator" ? "/administrator" : "/advertiser" };
  }
  if (!mayEnter(route, role)) return { status: 302, location: "/" };
  // A logged-in advertiser has no use for the trial form: Login sends them to My Page.
  if (route.name === "TrialIndex" && (role === "advertiser" || role === "impersonating")) {
    return { status: 302, location: "/" };
  }
  // A made-up proof token shows the "check the URL" page, for everyone.
  if (route.name === "Preview") return { status: 404 };
  // An impersonating administrator may not change the advertiser's password (SPEC §6).
  if (route.name === "AdvertiserPassword" && role === "impersonating") {
    return { status: 302, location: "/advertiser" };
  }
  // Nor the e-mail: the page says so (403) instead of showing the form (issue 28).
  if (route.name === "AdvertiserEmail" && role === "impersonating") return { status: 403 };
  return { status: BUILT.has(route.name) ? 200 : 404 };
}

const headers = (role: Role, extra: Record<string, string> = {}) =>
  cookies[role] ? { Cookie: cookies[role]!, ...extra } : extra;

describe.each(routeTable.map((route) => [route.name, route] as const))("%s", (_name, route) => {
  it.each(roles)("GET as %s", async (role) => {
    const response = await stack.fetch(urlOf(route), { headers: headers(role) });
    const want = expected(route, role);
    expect(response.status).toBe(want.status);
    if (want.location)
      expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe(want.location);
  });

  if (!BUILT.has(route.name) || WITH_ACTION.has(route.name)) {
    it.each(roles)("POST as %s is guarded too", async (role) => {
      const response = await stack.fetch(urlOf(route), {
        method: "POST",
        headers: headers(role, {
          Origin: stack.base,
          "Content-Type": "application/x-www-form-urlencoded",
        }),
        body: "intent=submit",
      });
      // Past the guard an empty submission is refused by validation (400), an unknown intent
      // is not found (the detail's only intent issues a proof URL); unbuilt screens 404.
      const want = expected(route, role).status;
      const refused = route.name === "AdvertiserAdvertisementsDetail" ? 404 : 400;
      expect(response.status).toBe(want === 200 ? refused : want);
    });
  }
});

it("every route module is a screen of the table or listed with where its guard is proven", () => {
  expect(readdirSync("app/routes").sort()).toEqual(Object.keys(MODULES).sort());
  const names = new Set(routeTable.map((r) => r.name));
  for (const name of BUILT) expect(names, name).toContain(name);
});

describe("the outbox viewer of demo mode (/administrator/mails)", () => {
  it.each(roles.filter((r) => r !== "administrator"))(
    "GET as %s is sent to login",
    async (role) => {
      const response = await stack.fetch("/administrator/mails", { headers: headers(role) });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe("/");
    },
  );

  it("an administrator reads a queued mail: subject, address, time and body", async () => {
    const shop = await stack.tokens("shop@example.com", "shop-password");
    const posted = await fetch(`${stack.base}/api/adv/message_boxes`, {
      method: "POST",
      headers: { Authorization: `Bearer ${shop.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ body: "送信メール確認用の<お問い合わせ>です。" }),
    });
    expect(posted.status).toBe(201);
    const response = await stack.fetch("/administrator/mails", {
      headers: headers("administrator"),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("実際には送信されず");
    expect(html).toContain("【お店News】広告主からのお問い合わせ");
    expect(html).toContain("宛先: <!-- -->editor@example.com");
    expect(html).toContain("送信メール確認用の&lt;お問い合わせ&gt;です。");
    expect(html).toContain("未送信");
    const dashboard = await stack.fetch("/administrator", { headers: headers("administrator") });
    expect(await dashboard.text()).toContain('href="/administrator/mails"');
  });

  it("a page past the last shows the empty text", async () => {
    const response = await stack.fetch("/administrator/mails?page=999", {
      headers: headers("administrator"),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("メールはありません。");
  });

  it("when the API is not in demo mode (no outbox) the page says the feature is unavailable", async () => {
    stack.apiConfig.demo = false;
    try {
      const response = await stack.fetch("/administrator/mails", {
        headers: headers("administrator"),
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("この機能は接続先のAPIでは利用できません。");
      expect(html).toContain("デモモードでのみ利用できます。");
      expect(html).not.toContain("【お店News】");
    } finally {
      stack.apiConfig.demo = true;
    }
  });
});

describe("the report CSV downloads", () => {
  const csv = {
    advertiser: "/advertiser/advertisements/1/report/csv?month=2026-11",
    administrator: "/administrator/advertisements/1/report/csv?month=2026-11",
  } as const;

  it.each(
    roles.flatMap((role) =>
      (Object.keys(csv) as (keyof typeof csv)[]).map((access) => [access, role] as const),
    ),
  )("the %s CSV as %s: the file for its role, Login for the others", async (access, role) => {
    const response = await stack.fetch(csv[access], { headers: headers(role) });
    const allowed =
      access === "advertiser"
        ? role === "advertiser" || role === "impersonating"
        : role === "administrator";
    if (!allowed) {
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe("/");
      return;
    }
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=report-1-2026-11.csv",
    );
    // Response.text() would drop the BOM: read the bytes.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toMatch(/^日付,/);
  });
});

describe("the sales CSV download", () => {
  it.each(roles)(
    "as %s: the Shift_JIS file for administrators, Login for the others",
    async (role) => {
      const response = await stack.fetch("/administrator/sales.csv?month=2026-11", {
        headers: headers(role),
      });
      if (role !== "administrator") {
        expect(response.status).toBe(302);
        expect(new URL(response.headers.get("location")!, stack.base).pathname).toBe("/");
        return;
      }
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=Shift_JIS");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="sales-2026-11.csv"',
      );
      const text = new TextDecoder("shift_jis", { fatal: true }).decode(
        await response.arrayBuffer(),
      );
      expect(text).toMatch(/^"売上ID","計上日",/);
    },
  );
});

describe("impersonation and logout", () => {
  const post = (path: string, role: Role) =>
    stack.fetch(path, { method: "POST", headers: headers(role, { Origin: stack.base }) });
  /** Unimpersonate and logout end sessions upstream: those tests get sessions of their own. */
  async function freshImpersonation() {
    const admin = await stack.tokens("admin@example.com", "admin-password");
    const impersonation = await stack.switchUser(admin, "shop@example.com");
    return stack.cookieFor({ main: admin, impersonation });
  }
  const postWith = (path: string, cookie: string) =>
    stack.fetch(path, { method: "POST", headers: { Cookie: cookie, Origin: stack.base } });

  it("an impersonating administrator returns to AdministratorIndex with the admin session", async () => {
    const impersonating = await freshImpersonation();
    const response = await postWith("/unimpersonate", impersonating);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/administrator");
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const home = await stack.fetch("/administrator", { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain("管理者画面に戻る");
    // The impersonated session ended upstream: a saved copy of the old cookie shows no shop.
    const replayed = await stack.fetch("/advertiser", { headers: { Cookie: impersonating } });
    expect(replayed.status).toBe(302);
  });

  it("only an impersonating session can unimpersonate, and never by GET", async () => {
    expect((await post("/unimpersonate", "advertiser")).headers.get("location")).toBe("/");
    const get = await stack.fetch("/unimpersonate", { headers: headers("impersonating") });
    expect(get.status).toBe(302);
    expect(get.headers.get("set-cookie")).toBeNull();
  });

  it("the impersonation banner shows and logout is hidden while impersonating", async () => {
    const html = await (
      await stack.fetch("/advertiser", { headers: headers("impersonating") })
    ).text();
    expect(html).toContain("管理者画面に戻る");
    expect(html).not.toContain("ログアウト");
    const own = await (await stack.fetch("/advertiser", { headers: headers("advertiser") })).text();
    expect(own).toContain("ログアウト");
    expect(own).not.toContain("管理者画面に戻る");
  });

  it("logout clears the session cookie", async () => {
    const response = await postWith("/logout", await freshImpersonation());
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toMatch(
      /__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
  });
});
