// The upstream of the public trial form (ADR 0012): anonymous uploads under X-Trial-Key, the three
// checks, create_trial, and the public reference data the page reads. `state` says how the mock
// answers and records what it was sent.
import { http, HttpResponse } from "msw";
import {
  api,
  collection,
  constraintViolationList,
  hydraError,
  item,
  jwtError,
  type WireViolation,
} from "./upstream";

const TRIAL_KEY = /^[A-Za-z0-9_-]{43}$/;

export type TrialMockState = {
  /** Answers of the two validate_trial calls (unprefixed paths, as the API sends them). */
  postViolations: WireViolation[];
  entryViolations: WireViolation[];
  /** validate_email: 204, 422 notUnique (taken), or another status. */
  email: "free" | "taken" | number;
  /** create_trial: the created id (null: the API's honeypot answer), violations, or a status. */
  create: { id: number | null } | { violations: WireViolation[] } | { status: number };
  /** Every body and trial key the mock was sent, by path. */
  sent: { path: string; trialKey: string | null; body: unknown }[];
  uploads: { trialKey: string | null; forwardedFor: string | null; filename: string }[];
};

export function trialState(overrides: Partial<TrialMockState> = {}): TrialMockState {
  return {
    postViolations: [],
    entryViolations: [],
    email: "free",
    create: { id: 41 },
    sent: [],
    uploads: [],
    ...overrides,
  };
}

const PREFECTURES = [
  { "@id": "/api/adv/prefectures/13", "@type": "Prefecture", id: 13, name: "東京都" },
  { "@id": "/api/adv/prefectures/14", "@type": "Prefecture", id: 14, name: "神奈川県" },
];

export const localityFixture = {
  "@id": "/api/adv/publishment_localities/4",
  id: 4,
  name: "横浜市西区",
  region: { "@id": "/api/adv/publishment_regions/2", id: 2, name: "神奈川" },
};

export const courseFixtures = [
  {
    "@id": "/api/adv/publishment_courses/3",
    id: 3,
    name: "1ヶ月プラン",
    price: 30000,
    isActive: true,
    periodType: "month",
    months: 1,
  },
  {
    "@id": "/api/adv/publishment_courses/9",
    id: 9,
    name: "終了したプラン",
    price: 10000,
    isActive: false,
    periodType: "day",
    days: 14,
  },
];

export function trialHandlers(state: TrialMockState) {
  const record = async (request: Request, path: string) => {
    state.sent.push({
      path,
      trialKey: request.headers.get("X-Trial-Key"),
      body: await request.json(),
    });
  };
  const check = (violations: WireViolation[]) =>
    violations.length
      ? constraintViolationList(violations)
      : new HttpResponse(null, { status: 204 });
  return [
    http.get(api("/api/adv/prefectures"), () => collection("/api/adv/prefectures", PREFECTURES)),
    http.get(api("/api/adv/publishment_localities/:id"), ({ params }) =>
      params.id === "4" ? item(localityFixture) : hydraError(404, "Not Found"),
    ),
    http.get(api("/api/adv/publishment_courses/:id"), ({ params }) => {
      const course = courseFixtures.find((c) => String(c.id) === params.id);
      return course ? item(course) : hydraError(404, "Not Found");
    }),
    http.post(api("/api/adv/media_objects"), async ({ request }) => {
      const trialKey = request.headers.get("X-Trial-Key");
      // ADR 0012: without a token, only a well-formed key may upload.
      if (!trialKey || !TRIAL_KEY.test(trialKey)) return jwtError("JWT Token not found");
      const file = (await request.formData()).get("file") as File;
      state.uploads.push({
        trialKey,
        forwardedFor: request.headers.get("X-Forwarded-For"),
        filename: file.name,
      });
      const n = 100 + state.uploads.length;
      return item(
        { "@id": `/api/adv/media_objects/${n}`, contentUrl: `/media/quarantine-${n}.png` },
        201,
      );
    }),
    http.post(api("/api/adv/posts/validate_trial"), async ({ request }) => {
      await record(request, "posts/validate_trial");
      return check(state.postViolations);
    }),
    http.post(api("/api/adv/advertiser_entries/validate_trial"), async ({ request }) => {
      await record(request, "advertiser_entries/validate_trial");
      return check(state.entryViolations);
    }),
    http.post(api("/api/adv/advertiser_entries/validate_email"), async ({ request }) => {
      await record(request, "advertiser_entries/validate_email");
      if (state.email === "free") return new HttpResponse(null, { status: 204 });
      if (state.email === "taken")
        return constraintViolationList([
          {
            propertyPath: "email",
            message: "このメールアドレスはすでに登録されています。",
            code: "notUnique",
          },
        ]);
      return hydraError(state.email, "Refused");
    }),
    http.post(api("/api/adv/posts/create_trial"), async ({ request }) => {
      await record(request, "posts/create_trial");
      const answer = state.create;
      if ("violations" in answer) return constraintViolationList(answer.violations);
      if ("status" in answer) {
        return answer.status === 429
          ? HttpResponse.json({ code: 429 }, { status: 429, headers: { "Retry-After": "60" } })
          : hydraError(answer.status, "Refused");
      }
      return item(
        { "@id": answer.id === null ? null : `/api/adv/posts/${answer.id}`, id: answer.id },
        201,
      );
    }),
  ];
}
