// /api/adv/posts: the advertiser's ads (collection, item, validate and merge-patch update), and
// the publication actions of ADR 0010 (suspend, resume for the owner or an administrator; sync
// for administrators) with the API's rules and answers.
import { http, HttpResponse } from "msw";
import { endOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";
import type { VerifiedClaims } from "../fixtures/tokens";
import {
  api,
  authenticate,
  collection,
  constraintViolationList,
  hydraError,
  item,
  problemViolations,
  type CollectionStyle,
} from "./upstream";

export type PostFixture = Record<string, unknown> & {
  id: number;
  owner: string;
  title: string | null;
};

export function postFixture(id: number, overrides: Partial<PostFixture> = {}): PostFixture {
  return {
    "@context": "/api/contexts/Post",
    "@id": `/api/adv/posts/${id}`,
    "@type": "Post",
    id,
    formattedAdvertisementId: String(id).padStart(6, "0"),
    title: `秋の感謝祭 ${id}`,
    owner: "/api/adv/clients/1",
    publishmentOrder: {
      "@id": `/api/adv/publishment_orders/${id}`,
      id,
      region: { "@id": "/api/adv/publishment_regions/1", id: 1, name: "関東" },
      locality: { "@id": "/api/adv/publishment_localities/3", id: 3, name: "新宿" },
      publishesAt: "2026-12-01T00:00:00+09:00",
      unpublishesAt: "2026-12-31T00:00:00+09:00",
      publishmentStatus: "new",
      paymentStatus: "none",
    },
    publicAdvertisement: null,
    ...overrides,
  };
}

export const postFixtures: PostFixture[] = [
  postFixture(12),
  postFixture(11),
  postFixture(10, { publishmentOrder: null }),
];

export type PostsMockOptions = {
  posts?: PostFixture[];
  /** Collection key style: `hydra:member` (default) or `member`. */
  style?: CollectionStyle;
  /** How 422s are written: JSON-LD ConstraintViolationList (default) or problem+json. */
  violations?: "jsonld" | "problem";
  /** The API's clock for the suspend rule (the period not ended); default the real now. */
  now?: () => Date;
  /** What POST {ad}/sync achieves: ok, or the failure kept as syncError (default ok). */
  sync?: { ok: true } | { ok: false; error: string };
};

/** A public copy on the site, as the API serializes publicAdvertisement. */
export function publicCopy(
  postStatus: "public" | "suspended" | "not_synced",
  overrides: Record<string, unknown> = {},
) {
  return {
    postUrl: "/site/3/ads/12",
    postStatus,
    synchronizedAt: "2026-12-01T00:00:05+09:00",
    syncError: null,
    ...overrides,
  };
}

const isAdministrator = (user: VerifiedClaims) => user.roles.includes("ROLE_ADMINISTRATOR");

/** The owner or an administrator reaches an ad; anyone else is told it does not exist. */
const reaches = (user: VerifiedClaims, post: PostFixture) =>
  isAdministrator(user) || post.owner === `/api/adv/clients/${user.advertiser}`;

type Copy = { postStatus: string } & Record<string, unknown>;
type Period = { unpublishesAt?: string | null } | null | undefined;

export function postsHandlers({
  posts = postFixtures,
  style = "hydra",
  violations = "jsonld",
  now = () => new Date(),
  sync = { ok: true },
}: PostsMockOptions = {}) {
  const store = new Map(posts.map((p) => [p.id, structuredClone(p)]));
  const violationResponse = violations === "jsonld" ? constraintViolationList : problemViolations;

  return [
    http.get(api("/api/adv/posts"), async ({ request }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      const query = new URL(request.url).searchParams;
      const page = Number(query.get("page") ?? 1);
      const perPage = Number(query.get("itemsPerPage") ?? 30);
      const owner = query.get("owner");
      const mine = [...store.values()].filter(
        (p) => !owner || p.owner === `/api/adv/clients/${owner}`,
      );
      return collection("/api/adv/posts", mine.slice((page - 1) * perPage, page * perPage), {
        style,
        totalItems: mine.length,
      });
    }),

    http.get(api("/api/adv/posts/:id"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      const post = store.get(Number(params.id));
      return post ? item(post) : hydraError(404, "Not Found");
    }),

    http.post(api("/api/adv/posts/validate"), async ({ request }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      const body = (await request.json()) as { title?: string };
      if (!body.title) {
        return violationResponse([
          {
            propertyPath: "title",
            message: "タイトルを入力してください。",
            code: "c1051bb4-d103-4f74-8988-acbcafc7fdc3",
          },
        ]);
      }
      return new HttpResponse(null, { status: 204 });
    }),

    http.patch(api("/api/adv/posts/:id"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      // API Platform accepts only merge-patch on PATCH.
      if (!request.headers.get("Content-Type")?.startsWith("application/merge-patch+json")) {
        return hydraError(
          415,
          `The content-type "${request.headers.get("Content-Type")}" is not supported.`,
        );
      }
      const post = store.get(Number(params.id));
      if (!post) return hydraError(404, "Not Found");
      const updated = { ...post, ...((await request.json()) as object) };
      store.set(post.id, updated);
      return item(updated);
    }),

    http.post(api("/api/adv/posts/:id/suspend"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      const post = store.get(Number(params.id));
      if (!post || !reaches(user, post)) return hydraError(404, "Not Found");
      const copy = post.publicAdvertisement as Copy | null;
      const order = post.publishmentOrder as Period;
      const ended =
        order?.unpublishesAt && now() > endOfTokyoDay(tokyoDate(new Date(order.unpublishesAt)));
      if (copy?.postStatus !== "public" || !order || ended) {
        return hydraError(400, "この広告は掲載中ではないため、停止できません。");
      }
      post.publicAdvertisement = { ...copy, postStatus: "suspended" };
      return item(post);
    }),

    http.post(api("/api/adv/posts/:id/resume"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      const post = store.get(Number(params.id));
      if (!post || !reaches(user, post)) return hydraError(404, "Not Found");
      const copy = post.publicAdvertisement as Copy | null;
      if (copy?.postStatus !== "suspended") {
        return hydraError(400, "この広告は掲載停止中ではないため、再開できません。");
      }
      post.publicAdvertisement = { ...copy, postStatus: "public" };
      return item(post);
    }),

    http.post(api("/api/adv/posts/:id/sync"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      if (!isAdministrator(user)) return hydraError(403, "Access Denied.");
      const post = store.get(Number(params.id));
      if (!post) return hydraError(404, "Not Found");
      const copy = (post.publicAdvertisement as Copy | null) ?? publicCopy("not_synced");
      post.publicAdvertisement = sync.ok
        ? { ...copy, postStatus: "public", synchronizedAt: now().toISOString(), syncError: null }
        : { ...copy, postStatus: "not_synced", syncError: sync.error };
      return HttpResponse.json({ res: { ok: sync.ok } });
    }),
  ];
}
