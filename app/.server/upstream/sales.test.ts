// The sales page's reader without zod per row (issue 32): it must read every member exactly as
// saleSchema does (the CSV's bytes depend on it), and leave to zod whatever it does not take.
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { saleFixture } from "../../../tests/mocks/sales";
import { isBareReference } from "./relations";
import { parseSalesPage, saleSchema } from "./sales";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, spoiled at will
type Wire = Record<string, any>;
const embedded = () => JSON.parse(JSON.stringify(saleFixture({ id: 9 }))) as Wire;

/** Members as the wire may send them: embedded, with extra keys, fields left out, bare IRIs. */
const members: Record<string, () => unknown> = {
  embedded,
  "with keys the portal does not read": () => {
    const sale = embedded();
    sale["@id"] = "/api/adv/sales/9";
    sale.publishmentOrder["@type"] = "PublishmentOrder";
    sale.publishmentOrder.advertisement.owner.email = "x@example.com";
    return sale;
  },
  "without recordedAt, saleIndexLabel null": () => {
    const { recordedAt: _, ...sale } = embedded();
    return { ...sale, saleIndexLabel: null };
  },
  "an order given as a bare IRI": () => ({
    ...embedded(),
    publishmentOrder: "/api/adv/publishment_orders/12",
  }),
  "an owner given as a bare IRI": () => {
    const sale = embedded();
    sale.publishmentOrder.advertisement.owner = "/api/adv/clients/7";
    return sale;
  },
  "a region without its id (only @id)": () => {
    const sale = embedded();
    sale.publishmentOrder.region = { "@id": "/api/adv/publishment_regions/1", name: "東京都" };
    return sale;
  },
};

describe("parseSalesPage", () => {
  it.each(Object.keys(members))("reads a member %s as saleSchema does", (name) => {
    const member = members[name]!();
    const expected = saleSchema.parse(member);
    for (const key of ["hydra:member", "member"]) {
      const page = parseSalesPage({ [key]: [embedded(), member] });
      const read = (page as Record<string, unknown>)[key] as unknown[];
      expect(read[1]).toStrictEqual(expected);
      const order = (read[1] as { publishmentOrder: object }).publishmentOrder;
      expect(isBareReference(order)).toBe(name === "an order given as a bare IRI");
    }
  });

  it.each([
    ["an amount as a string", (s: Wire) => (s.net = "30000")],
    ["a title missing", (s: Wire) => delete s.publishmentOrder.advertisement.title],
    ["a course name as a number", (s: Wire) => (s.publishmentOrder.course.name = 1)],
  ])("refuses %s as zod does, naming the field", (_, spoil) => {
    const sale = embedded();
    spoil(sale);
    const thrown = (() => {
      try {
        parseSalesPage({ "hydra:member": [embedded(), sale] });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ZodError);
    expect((thrown as ZodError).issues[0]!.path.slice(0, 2)).toEqual(["hydra:member", 1]);
  });

  it("keeps the next link", () => {
    const page = parseSalesPage({
      "hydra:member": [embedded()],
      "hydra:view": { "@id": "/api/adv/sales?page=1", "hydra:next": "/api/adv/sales?page=2" },
    });
    expect(page["hydra:view"]?.["hydra:next"]).toBe("/api/adv/sales?page=2");
  });
});
