// Forwards the browser's /api/, /media/, /site/ and /sandbox-pay/ requests to the embedded API's
// worker on loopback, streaming both ways, as if the browser had reached the API itself.
import http, { type IncomingHttpHeaders } from "node:http";
import type { RequestHandler } from "express";

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1). */
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
];

export function apiProxy(port: () => number): RequestHandler {
  const agent = new http.Agent({ keepAlive: true });
  return (req, res) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: port(),
        method: req.method,
        path: req.originalUrl,
        headers: forwardedHeaders(req.headers, req.socket.remoteAddress),
        agent,
      },
      (answer) => {
        // The API closes a connection whose body it refused unread (413): the browser's must
        // close too, or its next request would follow the rest of that body on the same socket.
        if (/\bclose\b/i.test(String(answer.headers.connection ?? ""))) res.shouldKeepAlive = false;
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (res.headersSent) res.destroy();
      else res.status(502).type("text/plain").end("Bad Gateway");
    });
    // A browser that goes away stops the API's work on its request too.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}

/**
 * The browser's headers with Host kept (the API builds absolute URLs from it) and the peer's
 * address appended to X-Forwarded-For: the API trusts loopback (API_TRUSTED_PROXIES), so it walks
 * on to the browser's address, and through any proxy it trusts, exactly as it did in-process.
 */
export function forwardedHeaders(
  headers: IncomingHttpHeaders,
  peer: string | undefined,
): IncomingHttpHeaders {
  const result = withoutHopByHop(headers);
  if (peer) {
    const prior = headers["x-forwarded-for"];
    result["x-forwarded-for"] = prior ? `${String(prior)}, ${peer}` : peer;
  }
  return result;
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const result = { ...headers };
  const named = String(headers.connection ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());
  for (const name of [...HOP_BY_HOP, ...named]) delete result[name];
  return result;
}
