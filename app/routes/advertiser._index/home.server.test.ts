// My Page's ad table against a mocked upstream (issue 29): the area sort (SPEC §7 "region id and
// locality id") goes out as the posts collection declares it in hydra:search, and is not offered
// when it declares none; a link asking for it then shows the default order with a note.
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockedClient } from "../../../tests/mocks/client";
import { postFixture } from "../../../tests/mocks/posts";
import { withSearch } from "../../../tests/mocks/search";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { api } from "../../../tests/mocks/upstream";
import { AREA_SORT_UNAVAILABLE_NOTE, loadAdvertisementPage } from "./home.server";

startMockUpstream();

/** The posts collection, declaring `variables` (no template when undefined). */
function upstream(variables?: string[]) {
  server.use(
    http.get(api("/api/adv/posts"), () =>
      HttpResponse.json({
        "hydra:member": [postFixture(12)],
        "hydra:totalItems": 1,
        ...(variables ? withSearch(variables, "plain") : {}),
      }),
    ),
  );
  return recordRequests();
}

const load = (sort: "area" | "id", order: "asc" | "desc" = "asc") =>
  loadAdvertisementPage(
    mockedClient(() => "token"),
    1,
    { sort, order, page: 1 },
  );

const orders = (query: URLSearchParams) => [...query].filter(([key]) => key.startsWith("order["));

describe("My Page's area sort", () => {
  it("sends region id then locality id when the upstream declares those sorts", async () => {
    const requests = upstream([
      "owner",
      "order[id]",
      "order[publishmentOrder.region]",
      "order[publishmentOrder.locality]",
    ]);
    const page = await load("area", "desc");
    expect(page).toMatchObject({ areaSortable: true, sortNote: null, state: { sort: "area" } });
    // The page shown is read with the declared sorts (the first try asks for order[area]).
    expect(orders(requests.at(-1)!.query)).toEqual([
      ["order[publishmentOrder.region]", "desc"],
      ["order[publishmentOrder.locality]", "desc"],
    ]);
    expect(requests.at(-1)!.query.get("owner")).toBe("1");
  });

  it("is not offered without a declared area sort; a link asking for it shows the default order", async () => {
    upstream();
    expect(await load("id")).toMatchObject({ areaSortable: false, sortNote: null });

    const requests = upstream(["owner", "order[id]"]);
    const page = await load("area");
    expect(page).toMatchObject({
      areaSortable: false,
      sortNote: AREA_SORT_UNAVAILABLE_NOTE,
      state: { sort: "id", order: "desc" },
      rows: [expect.objectContaining({ title: "秋の感謝祭 12" })],
    });
    expect(orders(requests.at(-1)!.query)).toEqual([["order[id]", "desc"]]);
  });
});
