// Server render with the per-request CSP nonce (STACK-NOTES pitfall 3); bots get the full document.
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { log } from "./.server/logger";
import { withoutNulBytes } from "./.server/nul-bytes";
import { NonceProvider } from "./components/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // Not a bare PassThrough: react-dom 18 may pad its chunks with NUL bytes (nul-bytes.ts).
          const body = withoutNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A client that leaves mid-page closes the stream ("The destination stream closed
          // early"): not the portal's error, so no error line.
          if (shellRendered && !request.signal.aborted) logError(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** One line per real error: its name and message, never a stack trace or request headers. */
function logError(error: unknown) {
  if (error instanceof Error) log.error(`${error.name}: ${error.message}`);
  else log.error("non-error thrown");
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logError(error);
}
