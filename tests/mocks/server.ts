// The mocked upstream for portal unit tests. Each test file calls `startMockUpstream()` once and
// adds the handlers of the resources it needs; a request nobody mocks fails the test loudly.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, onTestFinished } from "vitest";
import { upstreamExtensions } from "../../app/.server/upstream/extensions";

export const server = setupServer();

// msw hands its listeners a tee'd clone of every mocked response; while that clone is unread,
// `response.body.cancel()` never settles (mswjs/interceptors#712, #799; fixed upstream in #833).
// The client cancels the body of a 401 before retrying, so drain the clone here. Real fetch is
// unaffected: the same code against a real HTTP server settles at once.
server.events.on("response:mocked", ({ response }) => {
  void response.arrayBuffer().catch(() => undefined);
});

export function startMockUpstream() {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    // What one test's upstream lacked is no other test's upstream (extensions are per process).
    upstreamExtensions.forget();
  });
  afterAll(() => server.close());
}

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The Bearer token sent, if any. */
  token: string | undefined;
};

/** Every upstream request made during the current test, in order. */
export function recordRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    requests.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      token: request.headers.get("Authorization")?.replace(/^Bearer /, ""),
    });
  };
  server.events.on("request:start", listener);
  onTestFinished(() => {
    server.events.removeListener("request:start", listener);
  });
  return requests;
}
