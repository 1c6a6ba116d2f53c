// @vitest-environment node
// Access sweep (ARCHITECTURE §6): every route of the API, enumerated from the Hono app itself, is
// called with advertiser B's ids as an anonymous caller, as advertiser A and as an administrator
// impersonating A. None of them may reach or change B's data; a route the sweep cannot fill fails it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isPublicRoute, requireAdministrator } from "./auth";
import { mediaObjects } from "./db/schema";
import { createTestApi } from "./testing/db";
import { tinyPng } from "./testing/images";
import { claimsOf, demo, get, login, loginAdmin, postJson } from "./testing/http";

// Made at collection time so that every route becomes its own test below.
const mediaDir = await mkdtemp(path.join(tmpdir(), "access-sweep-"));
const api = await createTestApi({ env: { MEDIA_DIR: mediaDir } });
afterAll(async () => {
  await api.close();
  await rm(mediaDir, { recursive: true, force: true });
});

// --- The routes, from the app ---------------------------------------------------------------------

type Route = { method: string; path: string; key: string; adminOnly: boolean };

/** Middleware registrations (`app.use`) that appear in `app.routes` but are not routes. */
const MIDDLEWARE = ["ALL /*", "ALL /api/*", "ALL /api/adv/*"];

/**
 * Routes outside /api, public by design and not guarded by the API's authentication: /media/*
 * serves uploaded files under unguessable random names (as a CDN would), and /site/preview renders
 * the posted form fields and reads nothing from the database. The sandbox payment provider's pages
 * (/sandbox-pay/*, ADR 0009) stand for VeriTrans4G's: the unguessable payment key in the URL is the
 * capability, as with POP. The news site's pages (/site/{locality}…, ADR 0010) are public by
 * nature and show only live ads. /readyz (the readiness probe) answers whether `select 1` runs,
 * and nothing else. They are listed, so a new one shows.
 */
const OUTSIDE_API = [
  "GET /media/*",
  "GET /readyz",
  "GET /site/preview",
  "POST /site/preview",
  "GET /site/:localityId{[0-9]+}",
  "GET /site/:localityId{[0-9]+}/ads/:adId{[0-9]+}",
  "GET /site/:localityId{[0-9]+}/ads/:adId{[0-9]+}/click",
  "GET /site/:localityId{[0-9]+}/ads/:adId{[0-9]+}/links/:n{[1-3]}",
  "GET /sandbox-pay/pop.js",
  "GET /sandbox-pay/frame.js",
  "GET /sandbox-pay/pay/:key",
  "POST /sandbox-pay/pay/:key/card",
  "GET /sandbox-pay/pay/:key/3ds",
  "POST /sandbox-pay/pay/:key/3ds",
  "POST /sandbox-pay/pay/:key/cvs",
  "POST /sandbox-pay/pay/:key/repush",
  "GET /sandbox-pay/slips/:key",
  "POST /sandbox-pay/slips/:key/simulate",
  "POST /sandbox-pay/slips/:key/repush",
];

/** Routes only administrators may call; pinned so that losing or adding the guard shows here. */
const ADMIN_ONLY = [
  "POST /api/adv/switch_user",
  "GET /api/adv/administrators/:id",
  "GET /api/adv/site_summary",
  "GET /api/adv/mail_outbox",
  "PATCH /api/adv/publishment_orders/:id/confirm",
  "PATCH /api/adv/publishment_orders/:id/remand",
  "PATCH /api/adv/publishment_orders/:id/publishes_at",
  "PATCH /api/adv/publishment_orders/:id/payment",
  "POST /api/adv/posts/:id/contact",
  "DELETE /api/adv/posts/:id",
  "POST /api/adv/posts/:id/sync",
  "GET /api/adv/audit_logs",
  "GET /api/adv/reports",
  "GET /api/adv/sales",
  "GET /api/adv/sales_totals/:month",
  "GET /api/adv/payment_refunds",
  "POST /api/adv/publishment_localities/validate",
  "POST /api/adv/publishment_localities",
  "PUT /api/adv/publishment_localities/:id",
  "POST /api/adv/publishment_courses/validate",
  "POST /api/adv/publishment_courses",
  "PUT /api/adv/publishment_courses/:id",
  "GET /api/adv/clients",
  "PUT /api/adv/clients/:id/auto_confirmable",
  "DELETE /api/adv/clients/:id/auto_confirmable",
  "DELETE /api/adv/clients/:id",
];

/** The anonymous calls (api/auth.ts PUBLIC_ROUTES), pinned so that a new public route shows here. */
const PUBLIC = [
  "POST /api/authentication_token",
  "POST /api/authentication_token/refresh",
  "POST /api/token/invalidate",
  "POST /api/adv/advertiser_entries/validate",
  "POST /api/adv/advertiser_entries/validate_trial",
  "POST /api/adv/advertiser_entries/validate_email",
  "POST /api/adv/advertiser_entries",
  "POST /api/adv/posts/validate_trial",
  "POST /api/adv/posts/create_trial",
  "GET /api/adv/prefectures",
  "GET /api/adv/prefectures/:id",
  "GET /api/adv/publishment_regions",
  "GET /api/adv/publishment_regions/:id",
  "GET /api/adv/publishment_localities",
  "GET /api/adv/publishment_localities/:id",
  "GET /api/adv/publishment_courses",
  "GET /api/adv/publishment_courses/:id",
  "GET /api/adv/posts/:id/preview/:token",
  "POST /api/adv/password_resets",
  "POST /api/adv/password_resets/check",
  "POST /api/adv/password_resets/reset",
  "POST /api/adv/payment_push",
  // The API's own OpenAPI document (api/api-docs.ts): route names, no data.
  "GET /api/docs.jsonopenapi",
  "GET /api/docs.json",
];

function enumerateRoutes(): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of api.app.routes) {
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { method: r.method, path: r.path, key, adminOnly: false };
    // A route's handlers are listed one by one; the guard is one of them.
    if (r.handler === requireAdministrator) route.adminOnly = true;
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

const allRoutes = enumerateRoutes();
const apiRoutes = allRoutes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL");

/** `/api/adv/<collection>/…` → collection; the token endpoints are their own collection. */
const collectionOf = (routePath: string) =>
  routePath.startsWith("/api/adv/") ? routePath.split("/")[3]! : routePath.split("/")[2]!;

const paramsOf = (routePath: string) =>
  routePath
    .split("/")
    .filter((s) => s.startsWith(":"))
    .map((s) => s.slice(1).replace(/\{.*\}$/, ""));

// --- The data: advertisers A and B, an administrator ------------------------------------------------

type Refs = { media: string; advertisement: string; client: string };

interface Fixtures {
  tokens: { anonymous: undefined; a: string; impersonatedA: string; b: string; admin: string };
  a: { clientId: number; postIds: number[]; previewToken: string; refs: Refs };
  b: {
    clientId: number;
    userLoginId: number;
    refreshToken: string;
    postIds: number[];
    /** B's ad that has the preview token below (and an order). */
    previewPostId: number;
    previewToken: string;
    orderIds: number[];
    messageIds: number[];
    mediaIds: number[];
    refs: Refs;
    /** Strings only B's data contains; none may appear in a response to A or to anyone else. */
    markers: RegExp[];
  };
  adminId: number;
  area: {
    region: string;
    locality: string;
    course: string;
    regionId: number;
    localityId: number;
    courseId: number;
  };
}

let f: Fixtures;
let mediaOfBInAdsOfA: number[] = [];

const A_PREVIEW_TOKEN = "a".repeat(32) + "A".repeat(32);
const B_PREVIEW_TOKEN = "b".repeat(32) + "B".repeat(32);
const UNKNOWN_PREVIEW_TOKEN = "z".repeat(64);
const B_DRAFT_TITLE = "B社だけの下書き広告";

/** A body every write validator accepts (post, order, message, contact details, email, password). */
function validBody(refs: Refs, area: Fixtures["area"]) {
  return {
    title: "掃引テストの広告",
    body1: "本文です。",
    storeName: "掃引テスト店",
    storeAddress: "東京都渋谷区神宮前1-1-1",
    storeTel: "03-1111-2222",
    image1: refs.media,
    eyeCatch: refs.media,
    advertisement: refs.advertisement,
    region: area.region,
    locality: area.locality,
    course: area.course,
    publishesAt: "2025-08-01",
    paymentType: "none",
    body: "掃引テストのお問い合わせです。",
    owner: refs.client,
    client: refs.client,
    companyName: "株式会社掃引テスト",
    personInCharge: "掃引 太郎",
    tel: "03-3333-4444",
    zipCode: "1500001",
    prefecture: "/api/adv/prefectures/13",
    city: "渋谷区",
    address: "神宮前9-9-9",
    newEmail: "sweep-hijack@example.com",
    oldPassword: demo.other.password,
    newPassword: "Sweep-hijack-password-1",
    newPasswordConfirm: "Sweep-hijack-password-1",
    previewToken: "c".repeat(64),
  };
}

function upload(bytes: Uint8Array, token: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "b.png", { type: "image/png" }));
  return api.app.request("/api/adv/media_objects", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
}

function call(method: string, url: string, token?: string, json?: unknown) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  let payload: string | undefined;
  if (method !== "GET" && method !== "HEAD") {
    headers["Content-Type"] =
      method === "PATCH" ? "application/merge-patch+json" : "application/json";
    payload = JSON.stringify(json ?? {});
  }
  return api.app.request(url, { method, headers, body: payload });
}

async function ok<T = Json>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await response;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Response bodies as the tests read them (like `body()` in testing/http.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
const members = (page: Json): Json[] => page["hydra:member"];

beforeAll(async () => {
  const admin = (await loginAdmin(api.app)).token;
  const a = (await login(api.app, demo.shop.email, demo.shop.password)).token;
  const bPair = await login(api.app, demo.other.email, demo.other.password);
  const b = bPair.token;
  const impersonation = await ok<{ token: string }>(
    postJson(api.app, `/api/adv/switch_user?to=${encodeURIComponent(demo.shop.email)}`, {}, admin),
  );
  const impersonatedA = impersonation.token;
  const aClaims = claimsOf(a);
  const bClaims = claimsOf(b);
  expect(claimsOf(impersonatedA)).toMatchObject({
    advertiser: aClaims.advertiser,
    impersonator: demo.admin.email,
  });

  const localities = members(await ok(get(api.app, "/api/adv/publishment_localities", admin)));
  const locality = localities[0];
  const course = members(await ok(get(api.app, "/api/adv/publishment_courses", admin))).find(
    (c) => c.isActive,
  );
  const area = {
    region: locality.region["@id"],
    locality: locality["@id"],
    course: course["@id"],
    regionId: locality.region.id,
    localityId: locality.id,
    courseId: course.id,
  };

  // A: its ads, one with a preview token A knows, and its own media.
  const aPosts = members(await ok(get(api.app, "/api/adv/posts?itemsPerPage=100", a))).filter(
    (p) => p.owner.id === aClaims.advertiser,
  );
  // An ad of A's with an image and no order yet: a valid target of every write A may make.
  const aPostWithImage = aPosts.find((p) => p.image1 && !p.publishmentOrder);
  await ok(
    call("PUT", `/api/adv/posts/${aPostWithImage.id}/preview_token`, a, {
      previewToken: A_PREVIEW_TOKEN,
    }),
  );
  const aRefs = {
    media: aPostWithImage.image1["@id"],
    advertisement: aPostWithImage["@id"],
    client: `/api/adv/clients/${aClaims.advertiser}`,
  };

  // B: the demo ad with its order, plus a draft without one, a preview token and a message of B's own.
  // Filtered by owner, so that a visibility hole shows in the sweep rather than in this setup.
  const ownedBy = (clientId: number) => (p: Json) => p.owner.id === clientId;
  const bSeeded = members(await ok(get(api.app, "/api/adv/posts", b))).filter(
    ownedBy(bClaims.advertiser!),
  );
  const bOrdered = bSeeded.find((p) => p.publishmentOrder);
  expect(bOrdered, "the demo seed gives B an ad with an order").toBeDefined();
  // B's own upload (the seeded picture of B's is also used by one of A's demo ads, see below).
  const bMedia = (await ok(upload(tinyPng(40, 30), b), 201))["@id"] as string;
  const bClientIri = `/api/adv/clients/${bClaims.advertiser}`;
  const draft = await ok(
    call("POST", "/api/adv/posts", b, {
      ...validBody({ media: bMedia, advertisement: "", client: bClientIri }, area),
      title: B_DRAFT_TITLE,
    }),
    201,
  );
  await ok(
    call("PUT", `/api/adv/posts/${bOrdered.id}/preview_token`, b, {
      previewToken: B_PREVIEW_TOKEN,
    }),
  );
  await ok(
    call("POST", "/api/adv/message_boxes", b, {
      advertisement: draft["@id"],
      body: "B社から編集部へのお問い合わせ",
    }),
    201,
  );
  const bPosts = members(await ok(get(api.app, "/api/adv/posts?itemsPerPage=100", b))).filter(
    ownedBy(bClaims.advertiser!),
  );
  const bMessages = members(
    await ok(get(api.app, "/api/adv/message_boxes?itemsPerPage=100", b)),
  ).filter((m) => m.client === `/api/adv/clients/${bClaims.advertiser}`);
  const aMediaIds = new Set(
    aPosts.flatMap((p) =>
      ["image1", "image2", "image3", "image4", "image5", "eyeCatch"].flatMap((k) =>
        p[k] ? [p[k].id as number] : [],
      ),
    ),
  );
  const bAllMedia = await api.db
    .select({ id: mediaObjects.id, filePath: mediaObjects.filePath })
    .from(mediaObjects)
    .where(eq(mediaObjects.clientId, bClaims.advertiser!));
  // B's media that the demo seed put into A's ads are not markers (A's own list shows them);
  // the test "A's ads use only A's media" below names them.
  const bMedia2 = bAllMedia.filter((m) => !aMediaIds.has(m.id));
  mediaOfBInAdsOfA = bAllMedia.filter((m) => aMediaIds.has(m.id)).map((m) => m.id);

  const iriPattern = (collection: string, id: number) =>
    new RegExp(`/api/adv/${collection}/${id}(?![0-9])`);
  const markers = [
    iriPattern("clients", bClaims.advertiser!),
    iriPattern("user_logins", bClaims.user_login_id),
    ...bPosts.map((p) => iriPattern("posts", p.id)),
    ...bPosts
      .filter((p) => p.publishmentOrder)
      .map((p) => iriPattern("publishment_orders", p.publishmentOrder.id)),
    ...bMessages.map((m) => iriPattern("message_boxes", m.id)),
    ...bMedia2.map((m) => iriPattern("media_objects", m.id)),
    ...bMedia2.map((m) => literal(m.filePath)),
    ...bPosts.map((p) => literal(p.title)),
    literal(demo.other.email),
    literal(demo.other.companyName),
    literal(B_PREVIEW_TOKEN),
  ];

  f = {
    tokens: { anonymous: undefined, a, impersonatedA, b, admin },
    a: {
      clientId: aClaims.advertiser!,
      postIds: aPosts.map((p) => p.id),
      previewToken: A_PREVIEW_TOKEN,
      refs: aRefs,
    },
    b: {
      clientId: bClaims.advertiser!,
      userLoginId: bClaims.user_login_id,
      refreshToken: bPair.refresh_token,
      postIds: bPosts.map((p) => p.id),
      previewPostId: bOrdered.id,
      previewToken: B_PREVIEW_TOKEN,
      orderIds: bPosts.filter((p) => p.publishmentOrder).map((p) => p.publishmentOrder.id),
      messageIds: bMessages.map((m) => m.id),
      mediaIds: bMedia2.map((m) => m.id),
      refs: { media: bMedia, advertisement: draft["@id"], client: bClientIri },
      markers,
    },
    adminId: claimsOf(admin).administrator!,
    area,
  };
  expect(f.b.postIds).toHaveLength(2);
  expect(f.b.orderIds).toHaveLength(1);
  expect(f.b.messageIds.length).toBeGreaterThanOrEqual(2);
  expect(f.b.mediaIds.length).toBeGreaterThanOrEqual(1);
  expect(f.a.postIds).not.toEqual(expect.arrayContaining([f.b.postIds[0]]));
  snapshotBefore = await snapshotOfB();
});

// --- Filling path parameters ------------------------------------------------------------------------

/**
 * b: B's private resource; secret: a credential in the path (the probes are ones A knows or
 * guesses); staff: administrators' records; reference: shared data every logged-in user reads.
 */
type ParamKind = "b" | "secret" | "staff" | "reference";
type ParamFill = { kind: ParamKind; probes: Array<string | number>; control: string | number };

const bOwned = (ids: number[], control = ids[0]!): ParamFill => ({
  kind: "b",
  probes: ids,
  control,
});
const reference = (id: number): ParamFill => ({ kind: "reference", probes: [id], control: id });

/** `<collection>:<parameter>` → the values to put there. A route with a parameter not here fails. */
const PARAMS: Record<string, (fx: Fixtures) => ParamFill> = {
  "user_logins:id": (fx) => bOwned([fx.b.userLoginId]),
  "clients:id": (fx) => bOwned([fx.b.clientId]),
  "posts:id": (fx) => bOwned(fx.b.postIds, fx.b.previewPostId),
  "posts:token": (fx) => ({
    kind: "secret",
    probes: [fx.a.previewToken, UNKNOWN_PREVIEW_TOKEN],
    control: fx.b.previewToken,
  }),
  "message_boxes:id": (fx) => bOwned(fx.b.messageIds),
  "publishment_orders:id": (fx) => bOwned(fx.b.orderIds),
  "issue_payment_key:orderId": (fx) => bOwned(fx.b.orderIds),
  "administrators:id": (fx) => ({ kind: "staff", probes: [fx.adminId], control: fx.adminId }),
  // Every advertiser's sales summed: the administrators' figures, as their records are.
  "sales_totals:month": () => ({ kind: "staff", probes: ["2025-06"], control: "2025-06" }),
  "prefectures:id": () => reference(13),
  "publishment_regions:id": (fx) => reference(fx.area.regionId),
  "publishment_localities:id": (fx) => reference(fx.area.localityId),
  "publishment_courses:id": (fx) => reference(fx.area.courseId),
};

type Filled = { kinds: Set<ParamKind>; probes: string[]; control: string };

function fill(route: Route): Filled {
  const collection = collectionOf(route.path);
  const fills = new Map<string, ParamFill>();
  for (const param of paramsOf(route.path)) {
    const filler = PARAMS[`${collection}:${param}`];
    if (!filler) {
      throw new Error(
        `${route.key}: the sweep cannot fill :${param} of "${collection}"; add it to PARAMS`,
      );
    }
    fills.set(param, filler(f));
  }
  const substitute = (values: (p: ParamFill) => Array<string | number>) => {
    let paths = [route.path];
    for (const [param, fillValue] of fills) {
      const segment = new RegExp(`:${param}(\\{[^}]*\\})?(?=/|$)`);
      paths = paths.flatMap((p) => values(fillValue).map((v) => p.replace(segment, String(v))));
    }
    return paths;
  };
  return {
    kinds: new Set([...fills.values()].map((x) => x.kind)),
    probes: substitute((x) => x.probes),
    control: substitute((x) => [x.control])[0]!,
  };
}

// --- What a response may contain ------------------------------------------------------------------

/**
 * Fails when a response carries any of B's markers (ids, IRIs, email, titles, files, token).
 * API Platform's `Item not found for "<IRI>".` only repeats the IRI the caller sent, in the same
 * words for B's item and a missing one (hydra.ts readRelation), so that echo is not a leak.
 */
function expectNoLeak(what: string, text: string) {
  const rest = text.replace(/Item not found for \\"[^"\\]*\\"\./g, "");
  const found = f.b.markers.filter((m) => m.test(rest)).map(String);
  expect(found, `${what} leaks B's data`).toEqual([]);
}

/** Credentials of the publishing targets are for administrators only. */
function expectNoSecrets(what: string, text: string) {
  expect(text, `${what} shows publishing credentials`).not.toMatch(
    /"(wpRest\w*|ga(Account|Property|Profile)|password\w*|refresh_?[tT]oken|token)"\s*:/,
  );
}

const REFUSED = [401, 403, 404];

/** A hostile listing query: every filter names B; filters may only narrow what the caller sees. */
const hostileQuery = () =>
  new URLSearchParams({
    owner: String(f.b.clientId),
    client: f.b.refs.client,
    post: String(f.b.postIds[0]),
    advertisement: f.b.refs.advertisement,
    "owner.companyName": "サンプル",
    itemsPerPage: "100",
  }).toString();

type Role = "anonymous" | "a" | "impersonatedA";

async function sweep(route: Route, role: Role) {
  const token = f.tokens[role];
  const filled = fill(route);
  const restricted = filled.kinds.has("b") || filled.kinds.has("secret");
  const staff = filled.kinds.has("staff");
  const hasParams = filled.kinds.size > 0;
  const write = route.method !== "GET";
  // On B's resources A sends a body valid in itself (with A's own media and ads), so only the
  // ownership check can refuse it; without path ids the body names B's media, ad and client.
  const payload = hasParams ? validBody(f.a.refs, f.area) : validBody(f.b.refs, f.area);
  const urls = hasParams ? filled.probes : [route.path];
  if (!hasParams && !write) urls.push(`${route.path}?${hostileQuery()}`);
  const query =
    route.key === "POST /api/adv/switch_user"
      ? `?to=${encodeURIComponent(demo.other.email)}`
      : route.key === "GET /api/adv/posts/:id/report"
        ? "?month=2025-06"
        : "";

  for (const url of urls) {
    const response = await call(route.method, url + query, token, payload);
    const text = await response.text();
    const what = `${role} ${route.method} ${url}`;
    expect(response.status, `${what}: ${text}`).toBeLessThan(500);
    expectNoLeak(what, text);

    if (role === "anonymous") {
      if (!isPublicRoute(route.method, url.split("?")[0]!)) {
        expect(response.status, `${what} is not public`).toBe(401);
      } else if (restricted) {
        expect(REFUSED, `${what}: ${response.status} ${text}`).toContain(response.status);
      }
      continue;
    }

    if (ADMIN_ONLY.includes(route.key)) {
      expect(response.status, `${what} is for administrators only: ${text}`).toBe(403);
    } else if (restricted || staff) {
      expect(REFUSED, `${what} reached B's resource: ${response.status} ${text}`).toContain(
        response.status,
      );
    } else if (hasParams) {
      // Shared reference data: readable, never writable, never with credentials.
      if (write) expect([...REFUSED, 405]).toContain(response.status);
      else expect(response.status, `${what}: ${text}`).toBe(200);
      expectNoSecrets(what, text);
    } else if (write) {
      expect(response.status, `${what} accepted B's references: ${text}`).toBeGreaterThanOrEqual(
        400,
      );
    } else {
      expect(response.status, `${what}: ${text}`).toBe(200);
      const json = JSON.parse(text);
      if (json["hydra:member"]) {
        const ids = members(json).map((m) => m["@id"]);
        expect(ids.filter((id) => f.b.markers.some((m) => m.test(id)))).toEqual([]);
      }
    }
  }

  // Controls: the probes are real (an administrator, or the token's holder, reaches B's record),
  // and a write's body without B in it passes validation, so the refusals above are ownership.
  if (role === "a" && hasParams && !write) {
    const response = await call("GET", filled.control + query, f.tokens.admin);
    const text = await response.text();
    expect(response.status, `control GET ${filled.control}: ${text}`).toBe(200);
    if (restricted)
      expect(
        f.b.markers.some((m) => m.test(text)),
        "the markers see B",
      ).toBe(true);
  }
  if (
    role === "a" &&
    !hasParams &&
    write &&
    route.path.endsWith("/validate") &&
    !ADMIN_ONLY.includes(route.key) &&
    !isPublicRoute(route.method, route.path)
  ) {
    const response = await call(route.method, route.path, token, validBody(f.a.refs, f.area));
    expect(
      response.status,
      `control ${route.key} with A's own refs: ${await response.text()}`,
    ).toBe(204);
  }
}

// --- B's data before and after --------------------------------------------------------------------

let snapshotBefore: unknown;

async function snapshotOfB() {
  const b = f.tokens.b;
  // Status and body, never a throw: a broken read shows as a difference after the sweep.
  const read = async (url: string) => {
    const response = await get(api.app, url, b);
    return { status: response.status, body: await response.text() };
  };
  return {
    posts: await read("/api/adv/posts?itemsPerPage=100"),
    items: await Promise.all(f.b.postIds.map((id) => read(`/api/adv/posts/${id}`))),
    orders: await Promise.all(f.b.orderIds.map((id) => read(`/api/adv/publishment_orders/${id}`))),
    messages: await read("/api/adv/message_boxes?itemsPerPage=100"),
    client: await read(`/api/adv/clients/${f.b.clientId}`),
    login: await read(`/api/adv/user_logins/${f.b.userLoginId}`),
    media: await api.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.clientId, f.b.clientId))
      .orderBy(mediaObjects.id),
  };
}

// --- The tests ------------------------------------------------------------------------------------

describe("enumeration", () => {
  test("every route is swept or named here; the guards and the public list are as pinned", () => {
    const keys = allRoutes.map((r) => r.key);
    const unknown = allRoutes.filter(
      (r) =>
        !(r.path.startsWith("/api/") && r.method !== "ALL") &&
        !MIDDLEWARE.includes(r.key) &&
        !OUTSIDE_API.includes(r.key),
    );
    expect(
      unknown.map((r) => r.key),
      "routes neither swept nor listed as skipped",
    ).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining([...MIDDLEWARE, ...OUTSIDE_API]));
    expect(apiRoutes.length).toBeGreaterThan(30);
    expect(
      apiRoutes
        .filter((r) => r.adminOnly)
        .map((r) => r.key)
        .sort(),
    ).toEqual([...ADMIN_ONLY].sort());
    // Path parameters as the app declares them (":id" → any number) stand for every value.
    const publicKeys = apiRoutes
      .filter((r) => isPublicRoute(r.method, r.path.replace(/:id/g, "1").replace(/:token/g, "t")))
      .map((r) => r.key);
    expect(publicKeys.sort()).toEqual([...PUBLIC].sort());
  });

  test("every path parameter of every route can be filled", () => {
    for (const route of apiRoutes) expect(() => fill(route), route.key).not.toThrow();
  });
});

describe.each(apiRoutes.map((r) => [r.key, r] as const))("%s", (_key, route) => {
  test("anonymous: 401 unless public; a public one shows nothing of B's", () =>
    sweep(route, "anonymous"));
  test("advertiser A: never B's resources, never admin-only", () => sweep(route, "a"));
  test("administrator impersonating A: the same as A", () => sweep(route, "impersonatedA"));
});

describe("demo seed", () => {
  // The seed once gave A's ad "draftYearEnd" B's picture, so A's list showed B's media.
  test("A's ads use only A's media", () => {
    expect(mediaOfBInAdsOfA).toEqual([]);
  });
});

describe("after the sweep", () => {
  test("B's data is unchanged and B can still log in and refresh", async () => {
    const reads = JSON.stringify(snapshotBefore).match(/"status":\d+/g) ?? [];
    expect(reads.length).toBeGreaterThan(5);
    expect(
      reads.every((r) => r === '"status":200'),
      "B could read its data before",
    ).toBe(true);
    expect(await snapshotOfB()).toEqual(snapshotBefore);
    const before = snapshotBefore as { posts: { body: string }; login: { body: string } };
    expect(before.posts.body).toContain(B_DRAFT_TITLE);
    expect(JSON.parse(before.login.body).email).toBe(demo.other.email);
    await login(api.app, demo.other.email, demo.other.password);
    await ok(
      postJson(api.app, "/api/authentication_token/refresh", { refresh_token: f.b.refreshToken }),
    );
  });
});
