// Closing waits for the requests being answered, and no longer than its bound.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ApiEnv } from "./context";
import { inFlightRequests } from "./in-flight";

function appWithGate() {
  const inFlight = inFlightRequests();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const app = new Hono<ApiEnv>();
  app.use("*", inFlight.middleware);
  app.get("/slow", async (c) => {
    await gate;
    return c.text("done");
  });
  app.get("/fast", (c) => c.text("done"));
  return { app, inFlight, open };
}

describe("inFlightRequests", () => {
  it("idle waits for the request being answered", async () => {
    const { app, inFlight, open } = appWithGate();
    const answer = app.request("/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inFlight.count).toBe(1);
    let idle = false;
    const closing = inFlight.idle(60_000).then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    open();
    await closing;
    expect(await (await answer).text()).toBe("done");
    expect(inFlight.count).toBe(0);
  });

  it("idle resolves at once with nothing in flight, and gives up after its bound", async () => {
    const { app, inFlight } = appWithGate();
    await app.request("/fast");
    await inFlight.idle(60_000);
    void app.request("/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    await inFlight.idle(30);
    expect(inFlight.count).toBe(1);
  });
});
