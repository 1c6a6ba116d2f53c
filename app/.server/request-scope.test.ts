// The request id: a load balancer's sane one is kept, anything else replaced by a UUID; the scope
// follows every await of the request.
import { describe, expect, it } from "vitest";
import { currentRequestScope, requestIdFrom, runInRequestScope } from "./request-scope";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdFrom", () => {
  it.each(["abc", "0f3b7c2a9d8e4f1a0b2c3d4e5f607182", "a.b_c:d-e", "x".repeat(64)])(
    "keeps %s",
    (id) => expect(requestIdFrom(id)).toBe(id),
  );

  it.each([undefined, "", "x".repeat(65), "a b", "a\r\nSet-Cookie: x=1", "<script>", "日本"])(
    "replaces %j with a fresh UUID",
    (id) => expect(requestIdFrom(id)).toMatch(UUID),
  );
});

it("the scope is seen after awaits and timers inside it, and not outside", async () => {
  const seen = await runInRequestScope({ requestId: "r-1" }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return currentRequestScope()?.requestId;
  });
  expect(seen).toBe("r-1");
  expect(currentRequestScope()).toBeUndefined();
});
