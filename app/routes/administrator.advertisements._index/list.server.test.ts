// The editors' ad list against a mocked upstream (issue 29): the 承認待ち count is the site
// summary's, and the status filter and the area sort go upstream (and are offered) only when the
// posts collection declares them in hydra:search; a link asking for them is shown without them.
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockedClient } from "../../../tests/mocks/client";
import { clientFixture } from "../../../tests/mocks/clients";
import { postFixture } from "../../../tests/mocks/posts";
import { withSearch } from "../../../tests/mocks/search";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { api, collection } from "../../../tests/mocks/upstream";
import {
  DISTRIBUTION_VARIABLE,
  SECTION7_VARIABLES,
  STATUS_VARIABLE,
} from "~/.server/upstream/search";
import { loadAdminAdvertisementList, UNDECLARED_NOTE } from "./list.server";

startMockUpstream();

const client = () => mockedClient(() => "token");
const AREA_PAIR = ["order[publishmentOrder.region]", "order[publishmentOrder.locality]"];

/** The upstream: posts declaring `variables` (no template when undefined), a site summary. */
function upstream(variables?: string[]) {
  server.use(
    http.get(api("/api/adv/posts"), () =>
      HttpResponse.json({
        "hydra:member": [postFixture(12)],
        "hydra:totalItems": 1,
        ...(variables ? withSearch(variables) : {}),
      }),
    ),
  );
  return upstreamRest();
}

/** Everything the list reads besides the posts. */
function upstreamRest() {
  server.use(
    http.get(api("/api/adv/site_summary"), () =>
      HttpResponse.json({
        waiting_for_confirmation: 7,
        publishing_advertisments: 3,
        advertisers: 2,
      }),
    ),
    http.get(api("/api/adv/clients/1"), () => HttpResponse.json(clientFixture(1))),
    ...["publishment_regions", "publishment_localities", "publishment_courses"].map((name) =>
      http.get(api(`/api/adv/${name}`), () => collection(`/api/adv/${name}`, [])),
    ),
  );
  return recordRequests();
}

let cacheKey = 0;
const load = (search: string) =>
  loadAdminAdvertisementList(
    client(),
    `http://list-test-${cacheKey++}`,
    new URLSearchParams(search),
    new Date("2026-11-24T03:00:00Z"),
  );

const postsCalls = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.path === "/api/adv/posts").map((r) => r.query);

describe("the editors' ad list against the upstream's declarations", () => {
  it("counts 承認待ち from the site summary, with no undeclared filter sent", async () => {
    const requests = upstream();
    const data = await load("");
    expect(data.needsActionCount).toBe(7);
    const calls = postsCalls(requests);
    expect(calls).toHaveLength(1);
    for (const key of calls[0]!.keys()) {
      expect(key.startsWith("order[") || SECTION7_VARIABLES.adminPosts.includes(key as never)).toBe(
        true,
      );
    }
    expect(calls[0]!.has("isDeleted")).toBe(false);
  });

  it("without a template: no status filter, no area sort, and a shared link shown without them", async () => {
    upstream();
    const plain = await load("");
    expect(plain).toMatchObject({ statusFilter: false, areaSortable: false, note: null });

    const requests = upstream();
    const data = await load("status=needs_action&sort=area&order=asc");
    expect(data.filters.status).toBe("");
    expect(data.state).toMatchObject({ sort: "id", order: "desc" });
    expect(data.note).toBe(UNDECLARED_NOTE);
    // The list shown is the one read without them.
    const last = postsCalls(requests).at(-1)!;
    expect(last.has(STATUS_VARIABLE)).toBe(false);
    expect([...last.keys()].filter((k) => k.startsWith("order["))).toEqual([
      "order[priority]",
      "order[id]",
    ]);
  });

  it("with the status filter declared: offered, and sent in one call", async () => {
    const requests = upstream([...SECTION7_VARIABLES.adminPosts, STATUS_VARIABLE, "order[id]"]);
    const data = await load("status=needs_action");
    expect(data).toMatchObject({
      statusFilter: true,
      note: null,
      filters: { status: "needs_action" },
    });
    const calls = postsCalls(requests);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.getAll(STATUS_VARIABLE)).toEqual(["new", "reapplying"]);
  });

  it("the 配信状況 filter (the dashboard's 掲載中): offered and sent only when declared", async () => {
    let requests = upstream([...SECTION7_VARIABLES.adminPosts, DISTRIBUTION_VARIABLE]);
    let data = await load("distribution=publishing");
    expect(data).toMatchObject({
      distributionFilter: true,
      note: null,
      filters: { distribution: "publishing" },
    });
    expect(postsCalls(requests)[0]!.get(DISTRIBUTION_VARIABLE)).toBe("publishing");

    requests = upstream();
    data = await load("distribution=publishing");
    expect(data).toMatchObject({
      distributionFilter: false,
      note: UNDECLARED_NOTE,
      filters: { distribution: "" },
    });
    expect(postsCalls(requests).at(-1)!.has(DISTRIBUTION_VARIABLE)).toBe(false);
  });

  it("shows each row's priority (the list sorts by it first) and no 要対応 on a deleted ad", async () => {
    server.use(
      http.get(api("/api/adv/posts"), () =>
        HttpResponse.json({
          "hydra:member": [
            { ...postFixture(12), priority: 5, isDeleted: true },
            { ...postFixture(13), priority: 0 },
          ],
          "hydra:totalItems": 2,
        }),
      ),
    );
    upstreamRest();
    const rows = (await load("")).rows;
    expect(rows.map((r) => r.priority)).toEqual([5, 0]);
    expect(rows[0]!.kind).toBeNull();
  });

  it("sorts by area as declared: order[area], else region then locality", async () => {
    let requests = upstream(["order[area]"]);
    expect((await load("sort=area&order=desc")).areaSortable).toBe(true);
    expect(postsCalls(requests)[0]!.get("order[area]")).toBe("desc");

    requests = upstream(AREA_PAIR);
    const data = await load("sort=area&order=asc");
    expect(data).toMatchObject({ areaSortable: true, note: null, state: { sort: "area" } });
    const last = postsCalls(requests).at(-1)!;
    expect(last.get(AREA_PAIR[0]!)).toBe("asc");
    expect(last.get(AREA_PAIR[1]!)).toBe("asc");
    expect(last.has("order[area]")).toBe(false);
  });
});
