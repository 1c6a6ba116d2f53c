// @vitest-environment node
// The outbound guard (SSRF): which addresses are refused, in every form the URL parser and DNS
// can give them; the operator's allow list; and, against real HTTP servers on 127.0.0.1, that a
// refused request never reaches them: not at the check, not at connect time when DNS changes its
// answer (rebinding), not through a redirect; credentials stay on the first origin.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createOutboundGuard,
  OutboundRefused,
  parseAllowedHosts,
  refusedAddress,
  type HostLookup,
} from "./outbound-guard";

const PUBLIC = "93.184.215.14";

/** A resolver of a fixed table; any other name fails as DNS does. */
const dnsOf =
  (table: Record<string, string[]>): HostLookup =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("refusedAddress", () => {
  test.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "shared (CGNAT)"],
    ["100.127.255.255", "shared (CGNAT)"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback (IPv4 in IPv6)"],
    ["::ffff:7f00:1", "loopback (IPv4 in IPv6)"],
    ["::ffff:10.0.0.1", "private (IPv4 in IPv6)"],
    ["::ffff:a9fe:a9fe", "link-local (IPv4 in IPv6)"],
    ["64:ff9b::a9fe:a9fe", "link-local (IPv4 in IPv6)"],
    ["2002:7f00:1::1", "loopback (IPv4 in IPv6)"],
  ])("%s is refused (%s)", (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  test.each([
    PUBLIC,
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "2002:808:808::1",
  ])("%s is a public address", (address) => {
    expect(refusedAddress(address)).toBeNull();
  });
});

describe("check", () => {
  // Any lookup here would be a mistake: these hosts are addresses or localhost names.
  const noDns: HostLookup = async (hostname) => {
    throw new Error(`looked up ${hostname}`);
  };
  const guard = createOutboundGuard({ lookup: noDns });

  test.each([
    "http://127.0.0.1/wp-json",
    "http://0x7f000001/", // the WHATWG URL parser makes these 127.0.0.1
    "http://2130706433/",
    "http://017700000001/",
    "http://127.1:8080/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://169.254.169.254/latest/meta-data/",
    "https://10.1.2.3/wp-json",
    "http://localhost/",
    "http://LOCALHOST.:3000/",
    "http://wp.localhost/",
  ])("%s is refused without asking DNS", async (url) => {
    expect(await refusal(guard.check(new URL(url)))).toBeInstanceOf(OutboundRefused);
  });

  test("a name is refused when any of its addresses is private", async () => {
    const dns = createOutboundGuard({
      lookup: dnsOf({ "wp.example.jp": [PUBLIC, "10.0.0.5"], "ok.example.jp": [PUBLIC] }),
    });
    const error = await refusal(dns.check(new URL("https://wp.example.jp/wp-json")));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as OutboundRefused).reason).toBe("private address 10.0.0.5");
    await expect(dns.check(new URL("https://ok.example.jp/wp-json"))).resolves.toBeUndefined();
  });

  test("a DNS failure is the lookup's own error, not a refusal", async () => {
    const error = await refusal(
      createOutboundGuard({ lookup: dnsOf({}) }).check(new URL("https://gone.example.jp/")),
    );
    expect(error).not.toBeInstanceOf(OutboundRefused);
    expect((error as { code?: string }).code).toBe("ENOTFOUND");
  });

  test("only http and https", async () => {
    expect(await refusal(guard.check(new URL("file:///etc/passwd")))).toBeInstanceOf(
      OutboundRefused,
    );
  });

  test("the operator's allow list lets named hosts (and ports) through", async () => {
    const allowedHosts = parseAllowedHosts(
      " wp.intranet , 127.0.0.1:8080,[::1]:9000, WP2.Example.JP ",
    );
    expect(allowedHosts).toEqual([
      { hostname: "wp.intranet", port: null },
      { hostname: "127.0.0.1", port: 8080 },
      { hostname: "::1", port: 9000 },
      { hostname: "wp2.example.jp", port: null },
    ]);
    const allowing = createOutboundGuard({
      allowedHosts,
      lookup: dnsOf({ "wp.intranet": ["10.0.0.5"], "wp3.intranet": ["10.0.0.6"] }),
    });
    for (const url of [
      "http://wp.intranet/wp-json",
      "https://wp.intranet:8443/wp-json",
      "http://127.0.0.1:8080/wp-json",
      "http://[::1]:9000/",
      "https://wp2.example.jp/",
    ]) {
      await expect(allowing.check(new URL(url)), url).resolves.toBeUndefined();
    }
    for (const url of [
      "http://127.0.0.1:8081/",
      "http://127.0.0.1/",
      "http://localhost:8080/",
      "http://wp3.intranet/",
    ]) {
      expect(await refusal(allowing.check(new URL(url))), url).toBeInstanceOf(OutboundRefused);
    }
  });

  test("an allow-list entry that is no host stops start-up", () => {
    expect(parseAllowedHosts("")).toEqual([]);
    expect(() => parseAllowedHosts("http://wp.intranet/")).toThrow(/not a host/);
    expect(() => parseAllowedHosts("wp.intranet:99999")).toThrow(/not a host/);
    expect(() => parseAllowedHosts("a:b:c")).toThrow(/not a host/);
  });
});

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A real HTTP server on 127.0.0.1 that records every request and answers with `answer`. */
async function recordingServer(
  answer: (seen: Seen) => { status: number; headers?: Record<string, string> } = () => ({
    status: 200,
  }),
) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const one = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(one);
      const { status, headers } = answer(one);
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("fetch, against real servers on 127.0.0.1", () => {
  let target: Awaited<ReturnType<typeof recordingServer>>;
  let other: Awaited<ReturnType<typeof recordingServer>>;
  beforeAll(async () => {
    target = await recordingServer(({ url }) => {
      if (url === "/same") return { status: 307, headers: { Location: "/landed" } };
      if (url === "/landed") return { status: 302, headers: { Location: `${other.origin}/x` } };
      if (url === "/to-private") return { status: 307, headers: { Location: `${other.origin}/` } };
      if (url === "/loop") return { status: 302, headers: { Location: "/loop" } };
      return { status: 200 };
    });
    other = await recordingServer();
  });
  afterAll(async () => {
    await target.close();
    await other.close();
  });

  const post = { method: "POST", headers: { Authorization: "Basic c2VjcmV0" }, body: "{}" };

  test("a loopback address is refused: no request reaches the server", async () => {
    const before = target.seen.length;
    const error = await refusal(createOutboundGuard().fetch(`${target.origin}/wp-json`, post));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(target.seen.length).toBe(before);
  });

  test("DNS rebinding: a public answer at the check and loopback at connect time is refused", async () => {
    let calls = 0;
    // The first answer (the check before the request) is public, every later one loopback.
    const rebinding: HostLookup = async () => {
      calls += 1;
      return [{ address: calls === 1 ? PUBLIC : "127.0.0.1", family: 4 }];
    };
    const before = target.seen.length;
    const error = await refusal(
      createOutboundGuard({ lookup: rebinding }).fetch(
        `http://rebind.example.jp:${target.port}/wp-json`,
        post,
      ),
    );
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(target.seen.length).toBe(before);
  });

  test("an allowed host is reached, with its credentials", async () => {
    const guard = createOutboundGuard({
      allowedHosts: parseAllowedHosts(`127.0.0.1:${target.port}`),
    });
    const { response, url } = await guard.fetch(`${target.origin}/wp-json`, post);
    expect(response.status).toBe(200);
    expect(url.href).toBe(`${target.origin}/wp-json`);
    expect(target.seen.at(-1)).toMatchObject({
      method: "POST",
      url: "/wp-json",
      headers: { authorization: "Basic c2VjcmV0" },
    });
  });

  test("a redirect from an allowed host to a private one is refused before it is followed", async () => {
    const guard = createOutboundGuard({
      allowedHosts: parseAllowedHosts(`127.0.0.1:${target.port}`),
    });
    const error = await refusal(guard.fetch(`${target.origin}/to-private`, post));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(target.seen.at(-1)!.url).toBe("/to-private");
    expect(other.seen).toHaveLength(0);
  });

  test("redirects: the password within the first origin only; a POST's 302 becomes a GET", async () => {
    const guard = createOutboundGuard({
      allowedHosts: parseAllowedHosts(`127.0.0.1:${target.port},127.0.0.1:${other.port}`),
    });
    const { response, url } = await guard.fetch(`${target.origin}/same`, {
      ...post,
      headers: { ...post.headers, "Content-Type": "application/json" },
    });
    expect(response.status).toBe(200);
    expect(url.href).toBe(`${other.origin}/x`);
    const [same, landed] = target.seen.slice(-2);
    // 307 keeps the method, the body and (same origin) the password.
    expect(same).toMatchObject({ method: "POST", url: "/same" });
    expect(landed).toMatchObject({ method: "POST", url: "/landed", body: "{}" });
    expect(landed!.headers.authorization).toBe("Basic c2VjcmV0");
    const away = other.seen.at(-1)!;
    expect(away).toMatchObject({ method: "GET", url: "/x", body: "" });
    expect(away.headers.authorization).toBeUndefined();
    expect(away.headers["content-type"]).toBeUndefined();
  });

  test("after three redirects the redirect itself is the answer", async () => {
    const guard = createOutboundGuard({
      allowedHosts: parseAllowedHosts(`127.0.0.1:${target.port}`),
    });
    const before = target.seen.length;
    const { response } = await guard.fetch(`${target.origin}/loop`, { method: "GET" });
    expect(response.status).toBe(302);
    expect(target.seen.length - before).toBe(4);
  });
});
