// The caller's address for rate limits: the TCP peer, or the X-Forwarded-For entry a trusted
// proxy (by default only loopback: the portal calling its embedded or separate API) vouches for.
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import proxyAddr from "proxy-addr";

export function clientAddressResolver(trustedProxies: string[]) {
  const trust = proxyAddr.compile(trustedProxies);
  return (c: Context): string => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    // In-process calls (tests, a host calling app.fetch itself) have no socket: a local peer.
    const remoteAddress = incoming?.socket.remoteAddress ?? "127.0.0.1";
    const forwarded = c.req.header("x-forwarded-for");
    const req = {
      socket: { remoteAddress },
      connection: { remoteAddress },
      headers: forwarded ? { "x-forwarded-for": forwarded } : {},
    } as unknown as IncomingMessage;
    return proxyAddr(req, trust);
  };
}
