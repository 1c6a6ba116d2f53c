// @vitest-environment node
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportPKCS8, exportSPKI, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isDemoMode, loadApiConfig, type ApiConfig } from "./config";
import { announceMailLinks } from "./index";

const sign = (config: ApiConfig) =>
  new SignJWT({ sub: "x" }).setProtectedHeader({ alg: "RS256" }).sign(config.jwt.privateKey);

describe("loadApiConfig", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "omise-config-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("defaults: one-hour tokens, 14-day idle refresh tokens in 30-day sessions, no media without a data directory", async () => {
    const config = await loadApiConfig({});
    expect(config.jwt.ttl).toBe(3600);
    expect(config.refreshTokenTtl).toBe(1_209_600);
    expect(config.sessionTtl).toBe(2_592_000);
    expect(config.mediaDir).toBeNull();
    expect(config.editorialEmail).toBe("editor@example.com");
    expect(config.loginUrl).toBeNull();
  });

  test("site counting: 60 counting requests a minute per address by default, a visitor key per secrets key", async () => {
    const none = await loadApiConfig({});
    expect(none.siteCounting.perMinute).toBe(60);
    expect((await loadApiConfig({ SITE_COUNTS_PER_MINUTE: "120" })).siteCounting.perMinute).toBe(
      120,
    );
    await expect(loadApiConfig({ SITE_COUNTS_PER_MINUTE: "0" })).rejects.toThrow(
      /SITE_COUNTS_PER_MINUTE/,
    );
    const key = "k".repeat(32);
    const a = await loadApiConfig({ SECRETS_KEY: key });
    const b = await loadApiConfig({ SECRETS_KEY: `${key},${"o".repeat(32)}` });
    const c = await loadApiConfig({ SECRETS_KEY: "n".repeat(32) });
    expect(a.siteCounting.visitorKey.equals(b.siteCounting.visitorKey)).toBe(true);
    expect(a.siteCounting.visitorKey.equals(c.siteCounting.visitorKey)).toBe(false);
  });

  test("API_FORMAT: apip3 by default, apip4 on request, anything else stops start-up", async () => {
    expect((await loadApiConfig({})).apiFormat).toBe("apip3");
    expect((await loadApiConfig({ API_FORMAT: "apip4" })).apiFormat).toBe("apip4");
    await expect(loadApiConfig({ API_FORMAT: "apip5" })).rejects.toThrow(/API_FORMAT/);
  });

  test("API_PROFILE: full by default, spec on request, anything else stops start-up", async () => {
    expect((await loadApiConfig({})).apiProfile).toBe("full");
    expect((await loadApiConfig({ API_PROFILE: "spec" })).apiProfile).toBe("spec");
    await expect(loadApiConfig({ API_PROFILE: "strict" })).rejects.toThrow(/API_PROFILE/);
  });

  test("invoice issuer and bank: sample defaults, T + 13 digits, 普通/当座, katakana holder", async () => {
    const none = await loadApiConfig({});
    expect(none.invoice.registrationNumber).toBe("T0000000000000");
    expect(none.invoice.issuerName).toContain("見本");
    expect(none.invoice.bank).toMatchObject({ accountType: "普通", accountNumber: "0000000" });
    expect(none.invoice.paymentDueDays).toBe(30);
    const set = await loadApiConfig({
      INVOICE_REGISTRATION_NUMBER: "T1234567890123",
      BANK_ACCOUNT_TYPE: "当座",
      BANK_ACCOUNT_HOLDER: "カ）オミセニュース",
      PAYMENT_DUE_DAYS: "14",
    });
    expect(set.invoice.registrationNumber).toBe("T1234567890123");
    expect(set.invoice.bank.accountType).toBe("当座");
    expect(set.invoice.bank.accountHolder).toBe("カ）オミセニュース");
    expect(set.invoice.paymentDueDays).toBe(14);
    for (const bad of ["1234567890123", "T123456789012", "T12345678901234"]) {
      await expect(loadApiConfig({ INVOICE_REGISTRATION_NUMBER: bad })).rejects.toThrow(
        /INVOICE_REGISTRATION_NUMBER/,
      );
    }
    await expect(loadApiConfig({ BANK_ACCOUNT_TYPE: "貯蓄" })).rejects.toThrow(/BANK_ACCOUNT_TYPE/);
    await expect(loadApiConfig({ BANK_ACCOUNT_HOLDER: "Omise News" })).rejects.toThrow(
      /BANK_ACCOUNT_HOLDER/,
    );
  });

  test("payments: the sandbox by default (random push secret per process), 60-minute keys", async () => {
    const a = await loadApiConfig({});
    const b = await loadApiConfig({});
    expect(a.payment.pop).toBeNull();
    expect(a.payment.keyExpiryMinutes).toBe(60);
    expect(a.payment.sandboxPushSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.payment.sandboxPushSecret).not.toBe(b.payment.sandboxPushSecret);
    const set = await loadApiConfig({
      SANDBOX_PUSH_SECRET: "a-fixed-secret-for-tests",
      PAYMENT_KEY_EXPIRY_MINUTES: "30",
    });
    expect(set.payment.sandboxPushSecret).toBe("a-fixed-secret-for-tests");
    expect(set.payment.keyExpiryMinutes).toBe(30);
    await expect(loadApiConfig({ PAYMENT_KEY_EXPIRY_MINUTES: "0" })).rejects.toThrow(
      /PAYMENT_KEY_EXPIRY_MINUTES/,
    );
  });

  test("payments: POP with both keys; its push URL from PUBLIC_ORIGIN unless POP_PUSH_URL", async () => {
    const pop = await loadApiConfig({
      POP_SERVER_KEY: "server-key",
      POP_CLIENT_KEY: "client-key",
      PUBLIC_ORIGIN: "https://ads.example.jp",
    });
    expect(pop.payment.pop).toEqual({
      serverKey: "server-key",
      clientKey: "client-key",
      apiUrl: "https://pay.veritrans.co.jp/pop/v1",
      pushUrl: "https://ads.example.jp/api/adv/payment_push",
    });
    const own = await loadApiConfig({
      POP_SERVER_KEY: "server-key",
      POP_CLIENT_KEY: "client-key",
      POP_API_URL: "https://pop.test.example/pop/v1/",
      POP_PUSH_URL: "https://hooks.example.jp/push",
    });
    expect(own.payment.pop).toMatchObject({
      apiUrl: "https://pop.test.example/pop/v1",
      pushUrl: "https://hooks.example.jp/push",
    });
  });

  test("payments: one POP key alone, or POP without a push URL, stops start-up", async () => {
    await expect(loadApiConfig({ POP_SERVER_KEY: "server-key" })).rejects.toThrow(
      /POP_SERVER_KEY and POP_CLIENT_KEY/,
    );
    await expect(loadApiConfig({ POP_CLIENT_KEY: "client-key" })).rejects.toThrow(
      /POP_SERVER_KEY and POP_CLIENT_KEY/,
    );
    await expect(
      loadApiConfig({ POP_SERVER_KEY: "server-key", POP_CLIENT_KEY: "client-key" }),
    ).rejects.toThrow(/POP_PUSH_URL/);
  });

  test("mails link the login page on the hosting portal's address when PUBLIC_ORIGIN is unset (issue 30 #9)", async () => {
    const embedded = await loadApiConfig({}, { portalOrigin: "http://localhost:3000" });
    expect(embedded.loginUrl).toBe("http://localhost:3000/");
    // The configured public address wins over the one the portal listens on.
    const behindProxy = await loadApiConfig(
      { PUBLIC_ORIGIN: "https://ads.example.jp" },
      { portalOrigin: "http://localhost:3000" },
    );
    expect(behindProxy.loginUrl).toBe("https://ads.example.jp/");
    // Neither is known: no link, and the start says so.
    const alone = await loadApiConfig({});
    const warnings: string[] = [];
    announceMailLinks(alone, (line) => warnings.push(line));
    expect(warnings).toEqual([expect.stringContaining("PUBLIC_ORIGIN is not set")]);
    expect(warnings[0]).toContain("{loginUrl}");
    announceMailLinks(embedded, (line) => warnings.push(line));
    expect(warnings).toHaveLength(1);
  });

  test("mail settings: the editorial address and the login page from PUBLIC_ORIGIN", async () => {
    const config = await loadApiConfig({
      EDITORIAL_EMAIL: "desk@news.example.jp",
      PUBLIC_ORIGIN: "https://ads.example.jp",
    });
    expect(config.editorialEmail).toBe("desk@news.example.jp");
    expect(config.loginUrl).toBe("https://ads.example.jp/");
    await expect(loadApiConfig({ EDITORIAL_EMAIL: "desk" })).rejects.toThrow(/EDITORIAL_EMAIL/);
    await expect(loadApiConfig({ PUBLIC_ORIGIN: "ads.example.jp" })).rejects.toThrow(
      /PUBLIC_ORIGIN/,
    );
  });

  test("mail delivery: SMTP_URL (smtp or smtps only), MAIL_FROM, the poll interval; demo from the environment", async () => {
    const none = await loadApiConfig({});
    expect(none.mail).toEqual({
      smtpUrl: null,
      from: "お店News 編集部 <no-reply@example.com>",
      pollIntervalSeconds: 10,
    });
    expect(none.demo).toBe(true);
    const set = await loadApiConfig(
      {
        SMTP_URL: "smtps://user:pass@mail.example.jp:465",
        MAIL_FROM: "編集部 <desk@news.example.jp>",
        MAIL_POLL_INTERVAL: "30",
        DATABASE_URL: "postgres://db/x",
      },
      {},
    );
    expect(set.mail).toEqual({
      smtpUrl: "smtps://user:pass@mail.example.jp:465",
      from: "編集部 <desk@news.example.jp>",
      pollIntervalSeconds: 30,
    });
    expect(set.demo).toBe(false);
    expect((await loadApiConfig({}, { demo: false })).demo).toBe(false);
    const refused = loadApiConfig({ SMTP_URL: "http://user:hunter22@mail.example.jp" });
    await expect(refused).rejects.toThrow(/SMTP_URL/);
    // The error names the setting, never its credentials.
    await expect(refused).rejects.not.toThrow(/hunter22/);
  });

  test("generated keys are kept in the data directory (0600) and reused at the next start", async () => {
    const first = await loadApiConfig({}, { dataDir: dir });
    const mode = (await stat(path.join(dir, "jwt", "private.pem"))).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(await readFile(path.join(dir, "jwt", "public.pem"), "utf8")).toContain(
      "BEGIN PUBLIC KEY",
    );
    const second = await loadApiConfig({}, { dataDir: dir });
    await expect(jwtVerify(await sign(first), second.jwt.publicKey)).resolves.toBeTruthy();
    expect(second.mediaDir).toBe(path.join(dir, "media"));
  });

  test("keys from the environment, PEM on one line with \\n, public half derived when absent", async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    const privatePem = (await exportPKCS8(pair.privateKey)).replace(/\n/g, "\\n");
    const both = await loadApiConfig({
      JWT_PRIVATE_KEY: privatePem,
      JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey),
    });
    await expect(jwtVerify(await sign(both), pair.publicKey)).resolves.toBeTruthy();
    const onlyPrivate = await loadApiConfig({
      JWT_PRIVATE_KEY: privatePem,
      JWT_TTL: "600",
      MEDIA_DIR: "/srv/media",
    });
    await expect(jwtVerify(await sign(onlyPrivate), pair.publicKey)).resolves.toBeTruthy();
    expect(onlyPrivate.jwt.ttl).toBe(600);
    expect(onlyPrivate.mediaDir).toBe(path.resolve("/srv/media"));
  });

  test("WP_ALLOWED_HOSTS: none by default; hosts or host:port; an entry that is no host stops start-up", async () => {
    expect((await loadApiConfig({})).wpAllowedHosts).toEqual([]);
    expect(
      (await loadApiConfig({ WP_ALLOWED_HOSTS: "wp.intranet, 127.0.0.1:8080" })).wpAllowedHosts,
    ).toEqual([
      { hostname: "wp.intranet", port: null },
      { hostname: "127.0.0.1", port: 8080 },
    ]);
    await expect(loadApiConfig({ WP_ALLOWED_HOSTS: "https://wp.intranet/" })).rejects.toThrow(
      /WP_ALLOWED_HOSTS: not a host or host:port: https:\/\/wp.intranet\//,
    );
  });

  test("invalid settings fail at start-up with the variable's name", async () => {
    await expect(loadApiConfig({ JWT_TTL: "soon" })).rejects.toThrow(/JWT_TTL/);
    await expect(loadApiConfig({ JWT_PUBLIC_KEY: "x" })).rejects.toThrow(/JWT_PRIVATE_KEY/);
  });
});

test.each([
  [{}, true],
  [{ DEMO: "false" }, false],
  [{ DEMO: "0" }, false],
  [{ DEMO: "true" }, true],
  [{ DATABASE_URL: "postgres://x/y" }, false],
])("isDemoMode(%j) = %s", (env, expected) => {
  expect(isDemoMode(env)).toBe(expected);
});
