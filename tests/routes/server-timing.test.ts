// SERVER_TIMING=1 makes a page report its upstream calls in a standard Server-Timing header
// (count and summed time, nothing that names a path or carries a token); unset, no header.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";

async function myPage(stack: Stack) {
  const pair = await stack.tokens("shop@example.com", "shop-password");
  const response = await stack.fetch("/advertiser", {
    headers: { Cookie: stack.cookieFor({ main: pair }) },
  });
  await response.arrayBuffer();
  return { response, token: pair.token };
}

describe("with SERVER_TIMING=1", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SERVER_TIMING: "1" });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("My Page reports how many upstream calls it made and how long they took", async () => {
    const { response, token } = await myPage(stack);
    expect(response.status).toBe(200);
    const header = response.headers.get("server-timing") ?? "";
    const match = /^upstream;dur=(\d+(?:\.\d+)?);desc="(\d+) calls"$/.exec(header);
    expect(match, header).not.toBeNull();
    expect(Number(match![2])).toBeGreaterThan(0);
    expect(header).not.toContain(token);
    expect(header).not.toContain("/api");
  });
});

describe("without SERVER_TIMING", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("no page carries a Server-Timing header", async () => {
    const { response } = await myPage(stack);
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toBeNull();
  });
});
