// @vitest-environment node
// The WordPress publisher against a real WordPress (ADR 0010): Debian's `wordpress` package served
// by PHP's built-in server on a throw-away MariaDB and a throw-away copy of the site, installed
// without a browser, with an application password made through WordPress's own PHP API.
// Runs only where those are installed (see README "WordPress integration test"); skipped, with the
// missing pieces in its title, elsewhere (CI does not install them). The site is on loopback, so
// the outbound guard lets it through only as the operator's WP_ALLOWED_HOSTS would.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tinyPng } from "../testing/images";
import { createOutboundGuard, parseAllowedHosts } from "./outbound-guard";
import { PublishError, type PublishableAd } from "./publisher";
import { wordpressPublisher, type WordPressSettings } from "./publisher-wordpress";

const WORDPRESS = "/usr/share/wordpress";

function onPath(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function phpHasMysqli(): boolean {
  try {
    execFileSync("php", ["-r", "exit(extension_loaded('mysqli') ? 0 : 1);"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const missing = [
  existsSync(`${WORDPRESS}/wp-load.php`) ? null : `${WORDPRESS} (apt package wordpress)`,
  onPath("mariadbd") && onPath("mariadb-install-db")
    ? null
    : "mariadbd (apt package mariadb-server)",
  onPath("php") ? (phpHasMysqli() ? null : "PHP mysqli (php-mysql)") : "php (php-cli)",
].filter((item): item is string => item !== null);

const title =
  missing.length === 0
    ? "WordPress publisher against a real WordPress"
    : `WordPress publisher against a real WordPress (skipped: not installed: ${missing.join(", ")})`;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

async function waitFor(what: string, ready: () => Promise<boolean> | boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start in ${ms} ms`);
}

/** Stops a process this test started and waits for it to be gone. */
async function stop(child: ChildProcess | null) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

const php = (file: string, env: Record<string, string>) =>
  execFileSync("php", [file], { env: { ...process.env, ...env }, encoding: "utf8" }).trim();

describe.skipIf(missing.length > 0)(title, () => {
  let dir = "";
  let mariadb: ChildProcess | null = null;
  let server: ChildProcess | null = null;
  let origin = "";
  let host = "";
  let password = "";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "wp-it-"));
    const site = join(dir, "wp");
    const data = join(dir, "db");
    const socket = join(dir, "mysqld.sock");
    const asRoot = process.getuid?.() === 0 ? ["--user=root"] : [];
    // A copy, so the site's own wp-config.php (not Debian's /etc/wordpress lookup) and uploads.
    execFileSync("cp", ["-r", WORDPRESS, site]);
    execFileSync("mariadb-install-db", [
      "--no-defaults",
      `--datadir=${data}`,
      `--user=${userInfo().username}`,
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
    ]);
    mariadb = spawn(
      "mariadbd",
      [
        "--no-defaults",
        `--datadir=${data}`,
        `--socket=${socket}`,
        "--skip-networking",
        `--pid-file=${join(dir, "mysqld.pid")}`,
        `--log-error=${join(dir, "mysqld.err")}`,
        ...asRoot,
      ],
      { stdio: "ignore" },
    );
    const sql = (statement: string) =>
      execFileSync("mariadb", ["--no-defaults", `--socket=${socket}`, "-uroot", "-e", statement], {
        stdio: "ignore",
      });
    await waitFor("MariaDB", () => {
      try {
        sql("SELECT 1");
        return true;
      } catch {
        return false;
      }
    });
    sql("CREATE DATABASE wp CHARACTER SET utf8mb4");

    const port = await freePort();
    host = `127.0.0.1:${port}`;
    origin = `http://${host}`;
    writeFileSync(
      join(site, "wp-config.php"),
      `<?php
define('DB_NAME', 'wp');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
// Application passwords are offered over plain http only on a local environment.
define('WP_ENVIRONMENT_TYPE', 'local');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );
    writeFileSync(
      join(dir, "install.php"),
      `<?php
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = getenv('WP_HOST');
require getenv('WP_DIR') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
add_filter('pre_wp_mail', '__return_false'); // No "new site" mail (there is no sendmail).
wp_install('Test News', 'editor', 'editor@example.com', true, '', wp_generate_password(24));
update_option('siteurl', 'http://' . getenv('WP_HOST'));
update_option('home', 'http://' . getenv('WP_HOST'));
update_option('permalink_structure', '/%postname%/');
`,
    );
    writeFileSync(
      join(dir, "app-password.php"),
      `<?php
$_SERVER['HTTP_HOST'] = getenv('WP_HOST');
require getenv('WP_DIR') . '/wp-load.php';
$user = get_user_by('login', 'editor');
[$password] = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => 'ad-portal']);
echo $password;
`,
    );
    const env = { WP_HOST: host, WP_DIR: site };
    php(join(dir, "install.php"), env);
    password = php(join(dir, "app-password.php"), env);
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);

    server = spawn("php", ["-S", host, "-t", site], { stdio: "ignore" });
    await waitFor("php -S", async () => {
      try {
        return (await fetch(`${origin}/wp-json/`)).ok;
      } catch {
        return false;
      }
    });
  }, 120_000);

  afterAll(async () => {
    await stop(server);
    await stop(mariadb);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const eye = tinyPng(16, 16);
  const settings = (overrides: Partial<WordPressSettings> = {}): WordPressSettings => ({
    restUrl: `${origin}/wp-json`,
    user: "editor",
    password,
    guard: createOutboundGuard({ allowedHosts: parseAllowedHosts(host) }),
    log: () => undefined,
    readImage: async () => ({
      data: new Uint8Array(eye),
      contentType: "image/png",
      filename: "eye.png",
    }),
    ...overrides,
  });

  const ad = (overrides: Partial<PublishableAd>): PublishableAd => ({
    advertisementId: 12,
    localityId: 1,
    title: "春のセール",
    storeName: "喫茶さくら",
    storeAddress: "東京都千代田区1-2-3",
    storeTel: "03-1234-5678",
    businessHours: "10:00〜18:00",
    homepage: "https://sakura.example.jp/",
    mapParameters: "",
    images: [
      { url: "https://ads.example.jp/media/1.png", body: "一番人気のケーキ" },
      null,
      null,
      null,
      null,
    ],
    eyeCatchUrl: "https://ads.example.jp/media/eye.png",
    links: [{ title: "予約する", url: "https://sakura.example.jp/reserve" }, null, null],
    publishesAt: new Date(Date.now() + 2 * 86_400_000),
    unpublishesAt: new Date(Date.now() + 30 * 86_400_000),
    ...overrides,
  });

  /** The post as WordPress has it (edit context: raw title, any status). */
  async function post(id: string) {
    const auth = Buffer.from(`editor:${password}`).toString("base64");
    const response = await fetch(`${origin}/wp-json/wp/v2/posts/${id}?context=edit`, {
      headers: { Authorization: `Basic ${auth}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      status: string;
      featured_media: number;
      date_gmt: string;
      title: { raw: string };
      content: { raw: string };
    };
  }

  test("an ad starting later is scheduled with its eye-catch; a second publish updates it", async () => {
    const publisher = wordpressPublisher(settings());
    const future = ad({});
    const copy = await publisher.publish(future, null);
    const created = await post(copy.externalId);
    expect(created.status).toBe("future");
    expect(created.title.raw).toBe("春のセール【喫茶さくら】");
    expect(created.date_gmt).toBe(future.publishesAt.toISOString().slice(0, 19));
    expect(created.featured_media).toBe(Number(copy.externalMediaId));
    expect(created.content.raw).toContain("一番人気のケーキ");

    const media = await fetch(`${origin}/wp-json/wp/v2/media/${copy.externalMediaId}`);
    expect(((await media.json()) as { mime_type: string }).mime_type).toBe("image/png");

    const again = await publisher.publish({ ...future, title: "冬のセール" }, copy);
    expect(again.externalId).toBe(copy.externalId);
    expect(again.externalMediaId).toBe(copy.externalMediaId);
    expect((await post(copy.externalId)).title.raw).toBe("冬のセール【喫茶さくら】");
  });

  test("an ad whose start has come is published and readable; unpublish makes it a draft, twice", async () => {
    const publisher = wordpressPublisher(settings());
    const copy = await publisher.publish(
      ad({ advertisementId: 13, publishesAt: new Date(Date.now() - 86_400_000) }),
      null,
    );
    const published = await post(copy.externalId);
    expect(published.status).toBe("publish");
    expect(published.featured_media).toBeGreaterThan(0);
    const page = await fetch(copy.postUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("春のセール【喫茶さくら】");

    await publisher.unpublish(copy);
    expect((await post(copy.externalId)).status).toBe("draft");
    await expect(publisher.unpublish(copy)).resolves.toBeUndefined();
    expect((await fetch(copy.postUrl)).status).toBe(404);
  });

  test("a wrong application password is a PublishError without the password", async () => {
    const wrong = "abcd efgh ijkl mnop qrst uvwx";
    const error = await wordpressPublisher(settings({ password: wrong }))
      .publish(ad({ eyeCatchUrl: null }), null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishError);
    expect((error as Error).message).toMatch(/^WordPress 投稿の作成: 認証に失敗しました/);
    expect((error as Error).message).not.toContain(wrong);
  });

  test("without the allow-list entry the loopback site is refused", async () => {
    const error = await wordpressPublisher(settings({ guard: createOutboundGuard() }))
      .publish(ad({ eyeCatchUrl: null }), null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishError);
    expect((error as Error).message).toMatch(/^WordPress 投稿の作成: 接続先が許可されていません/);
  });
});
