// Where the API may send a request whose URL an administrator typed (a locality's WordPress):
// anywhere on the internet, but not to this machine or its private network (SSRF), unless the
// operator names the host in WP_ALLOWED_HOSTS. Every address a host resolves to is checked, and
// checked again when the connection is made (a custom DNS lookup in an undici Agent), so a name
// that resolves to a public address at the check and to 127.0.0.1 a moment later (DNS rebinding)
// still cannot reach loopback. Redirects are followed by hand, each hop checked the same way, and
// credentials never go to an origin other than the one the request started at.
import { promises as dns, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";

/** A host name's addresses (all of them), as `dns.lookup` with `all: true` gives them. */
export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

/** An entry of WP_ALLOWED_HOSTS: a host, on any port or on one. */
export interface AllowedHost {
  /** Lowercase, as the URL parser writes it; IPv6 without brackets. */
  hostname: string;
  /** null = every port. */
  port: number | null;
}

/** A request the guard refused: the host and why (for the server log, not for editors). */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`outbound request to ${host} refused: ${reason}`);
  }
}

type Range = readonly [base: bigint, bits: number, label: string];

const v4 = (text: string): bigint =>
  text.split(".").reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);

/** Never a WordPress on the internet: this host, its networks, and addresses nobody routes. */
const BLOCKED_V4: readonly Range[] = [
  [v4("0.0.0.0"), 8, "this network"],
  [v4("10.0.0.0"), 8, "private"],
  [v4("100.64.0.0"), 10, "shared (CGNAT)"],
  [v4("127.0.0.0"), 8, "loopback"],
  [v4("169.254.0.0"), 16, "link-local"],
  [v4("172.16.0.0"), 12, "private"],
  [v4("192.0.0.0"), 24, "IETF protocol assignments"],
  [v4("192.168.0.0"), 16, "private"],
  [v4("198.18.0.0"), 15, "benchmarking"],
  [v4("224.0.0.0"), 4, "multicast"],
  // Reserved, and 255.255.255.255 (broadcast).
  [v4("240.0.0.0"), 4, "reserved"],
];

/** Parses an IPv6 address (a trailing dotted quad and a zone allowed) as a 128-bit number. */
function v6(text: string): bigint {
  let address = text.replace(/%.*$/, "");
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (quad) {
    const n = v4(quad[1]!);
    address = `${address.slice(0, -quad[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = address.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const BLOCKED_V6: readonly Range[] = [
  [v6("::"), 128, "unspecified"],
  [v6("::1"), 128, "loopback"],
  [v6("64:ff9b:1::"), 48, "local-use NAT64"],
  [v6("fc00::"), 7, "unique local"],
  [v6("fe80::"), 10, "link-local"],
  [v6("fec0::"), 10, "site-local"],
  [v6("ff00::"), 8, "multicast"],
];

/** IPv6 forms that carry an IPv4 address: it is checked as IPv4 (::ffff:127.0.0.1 is loopback). */
const EMBEDDING_V4: readonly (readonly [base: bigint, bits: number, shift: bigint])[] = [
  [v6("::ffff:0:0"), 96, 0n], // IPv4-mapped
  [v6("::"), 96, 0n], // IPv4-compatible (deprecated)
  [v6("64:ff9b::"), 96, 0n], // NAT64
  [v6("2002::"), 16, 80n], // 6to4: the IPv4 address follows the prefix
];

const inRange = (value: bigint, width: number, base: bigint, bits: number) =>
  value >> BigInt(width - bits) === base >> BigInt(width - bits);

const blockedIn = (value: bigint, width: number, ranges: readonly Range[]) =>
  ranges.find(([base, bits]) => inRange(value, width, base, bits))?.[2] ?? null;

/** Why an IP address may not be requested (e.g. "loopback"), or null when it may. */
export function refusedAddress(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, "");
  const family = isIP(plain.replace(/%.*$/, ""));
  if (family === 4) return blockedIn(v4(plain), 32, BLOCKED_V4);
  if (family !== 6) return "not an IP address";
  const value = v6(plain);
  const own = blockedIn(value, 128, BLOCKED_V6);
  if (own) return own;
  for (const [base, bits, shift] of EMBEDDING_V4) {
    if (inRange(value, 128, base, bits) && value !== 0n && value !== 1n) {
      const embedded = blockedIn((value >> shift) & 0xffffffffn, 32, BLOCKED_V4);
      if (embedded) return `${embedded} (IPv4 in IPv6)`;
    }
  }
  return null;
}

/**
 * WP_ALLOWED_HOSTS: comma-separated `host` or `host:port` (IPv6 as `[::1]:8080`), hosts the
 * guard lets through even on a private or loopback address. Throws on an entry that is no host.
 */
export function parseAllowedHosts(value: string | undefined): AllowedHost[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
      let hostname = "";
      try {
        hostname = match ? new URL(`http://${match[1]}/`).hostname : "";
      } catch {
        // Reported below.
      }
      const port = match?.[2] ? Number(match[2]) : null;
      if (!hostname || (port !== null && (port < 1 || port > 65535))) {
        throw new Error(`not a host or host:port: ${entry}`);
      }
      return { hostname: unbracket(hostname), port };
    });
}

const unbracket = (hostname: string) => hostname.replace(/^\[|\]$/g, "").toLowerCase();

const defaultPort = (protocol: string) => (protocol === "https:" ? 443 : 80);

const defaultLookup: HostLookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** A fetch as the guard calls it: the WHATWG signature plus undici's `dispatcher`. */
export type GuardedFetch = (
  url: string,
  init: RequestInit & { dispatcher?: Agent },
) => Promise<Response>;

export interface OutboundGuardOptions {
  allowedHosts?: readonly AllowedHost[];
  /** Tests inject a resolver; `dns.lookup` by default. */
  lookup?: HostLookup;
}

export interface GuardedFetchOptions {
  /** Another fetch (tests: the one msw intercepts); undici's own fetch by default. */
  fetch?: GuardedFetch;
  /** Hops followed before the redirect itself is answered; 3 by default. */
  maxRedirects?: number;
}

export interface OutboundGuard {
  /** Whether the operator allowed the URL's host (and port): then no address is checked. */
  isAllowed(url: URL): boolean;
  /**
   * Throws OutboundRefused when the URL's host is, or resolves to, a refused address (any of its
   * addresses). A failed DNS lookup throws the lookup's own error.
   */
  check(url: URL): Promise<void>;
  /**
   * fetch with the checks before every hop and at connect time. Redirects are followed by hand
   * (303, and 301/302 of a POST, become a GET without body); the Authorization, Cookie and
   * Proxy-Authorization headers are dropped once a hop leaves the first URL's origin. The body
   * must be one that can be sent twice (a string or a Blob). Answers the last response and its URL.
   */
  fetch(
    url: string,
    init: RequestInit,
    options?: GuardedFetchOptions,
  ): Promise<{ response: Response; url: URL }>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIALS = ["authorization", "cookie", "proxy-authorization"];

export function createOutboundGuard(options: OutboundGuardOptions = {}): OutboundGuard {
  const allowed = options.allowedHosts ?? [];
  const lookup = options.lookup ?? defaultLookup;

  const isAllowedHost = (hostname: string, port: number) => {
    const host = unbracket(hostname);
    return allowed.some((entry) => entry.hostname === host && (entry.port ?? port) === port);
  };

  /** The addresses to check: an IP literal itself, a localhost name as loopback, else DNS's. */
  const addressesOf = async (hostname: string): Promise<LookupAddress[]> => {
    const host = unbracket(hostname);
    const family = isIP(host);
    if (family) return [{ address: host, family }];
    const name = host.replace(/\.$/, "");
    if (name === "localhost" || name.endsWith(".localhost")) {
      throw new OutboundRefused(host, "loopback (localhost)");
    }
    return lookup(host);
  };

  const checkedAddresses = async (hostname: string) => {
    const addresses = await addressesOf(hostname);
    for (const { address } of addresses) {
      const reason = refusedAddress(address);
      if (reason) throw new OutboundRefused(unbracket(hostname), `${reason} address ${address}`);
    }
    return addresses;
  };

  /** net.connect's lookup: the same check at the moment the socket is opened. */
  const connectLookup = (
    hostname: string,
    opts: LookupOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    checkedAddresses(hostname).then(
      (all) => {
        const wanted = opts.family === 4 || opts.family === 6 ? opts.family : 0;
        const usable = wanted ? all.filter((a) => a.family === wanted) : all;
        if (usable.length === 0) {
          const error = Object.assign(new Error(`no address for ${hostname}`), {
            code: "ENOTFOUND",
          });
          callback(error, []);
        } else if (opts.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, []),
    );
  };

  let agent: Agent | null = null;
  /** One pool for every guarded request, made on first use. */
  const dispatcher = () => {
    if (agent) return agent;
    const plain = buildConnector({});
    const checked = buildConnector({ lookup: connectLookup });
    agent = new Agent({
      connect: (connectOptions, callback) => {
        const { hostname, protocol } = connectOptions;
        const port = Number(connectOptions.port) || defaultPort(protocol);
        if (isAllowedHost(hostname, port)) return plain(connectOptions, callback);
        // An IP literal is connected to without any lookup: checked here.
        const reason = isIP(hostname) ? refusedAddress(hostname) : null;
        if (reason) return callback(new OutboundRefused(hostname, `${reason} address`), null);
        return checked(connectOptions, callback);
      },
    });
    return agent;
  };

  const guard: OutboundGuard = {
    isAllowed: (url) => isAllowedHost(url.hostname, Number(url.port) || defaultPort(url.protocol)),

    async check(url) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new OutboundRefused(url.protocol, "not http(s)");
      }
      if (guard.isAllowed(url)) return;
      await checkedAddresses(url.hostname);
    },

    async fetch(url, init, fetchOptions = {}) {
      const send = fetchOptions.fetch ?? (undiciFetch as unknown as GuardedFetch);
      const maxRedirects = fetchOptions.maxRedirects ?? 3;
      const origin = new URL(url).origin;
      const headers = new Headers(init.headers);
      let method = (init.method ?? "GET").toUpperCase();
      let body = init.body;
      let current = new URL(url);
      for (let hop = 0; ; hop += 1) {
        await guard.check(current);
        let response: Response;
        try {
          response = await send(current.href, {
            ...init,
            method,
            headers,
            body,
            redirect: "manual",
            dispatcher: dispatcher(),
          });
        } catch (error) {
          // undici wraps the connector's error: "fetch failed" caused by the refusal.
          const cause = (error as { cause?: unknown }).cause;
          throw cause instanceof OutboundRefused ? cause : error;
        }
        const location = response.headers.get("location");
        if (!REDIRECTS.has(response.status) || !location || hop >= maxRedirects) {
          return { response, url: current };
        }
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return { response, url: current };
        }
        if (next.protocol !== "http:" && next.protocol !== "https:")
          return { response, url: current };
        // Not awaited: the connection is released either way (and some bodies never settle).
        void response.body?.cancel().catch(() => undefined);
        if (response.status === 303 || (response.status <= 302 && method === "POST")) {
          method = method === "HEAD" ? "HEAD" : "GET";
          body = undefined;
          for (const name of ["content-type", "content-length", "content-disposition"]) {
            headers.delete(name);
          }
        }
        if (next.origin !== origin) for (const name of CREDENTIALS) headers.delete(name);
        current = next;
      }
    },
  };
  return guard;
}
