// The usual start of an API test file: the API on a fresh test database with the demo accounts
// logged in, written once here instead of the same five lines at the top of every file.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestApi } from "./db";
import { body, loginAdmin, loginOther, loginShop, postJson } from "./http";

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * The API on a fresh database and the access tokens of the administrator, shop@ and other@,
 * logged in in that order (so session and audit ids stay as the tests expect).
 */
export async function openDemoApi(opts: Parameters<typeof createTestApi>[0] = {}) {
  const api = await createTestApi(opts);
  const admin = (await loginAdmin(api.app)).token;
  const shop = (await loginShop(api.app)).token;
  const other = (await loginOther(api.app)).token;
  return { api, admin, shop, other };
}

/** openDemoApi and `impersonating`: the administrator's token switched to act as shop@. */
export async function openDemoApiImpersonating() {
  const opened = await openDemoApi();
  return { ...opened, impersonating: await switchUser(opened.api, opened.admin) };
}

/**
 * openDemoApi storing uploads in a temporary MEDIA_DIR named after `label`; `close` closes the
 * API and removes the folder.
 */
export async function openDemoApiWithMedia(label: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `${label}-`));
  const opened = await openDemoApi({ env: { MEDIA_DIR: dir } });
  async function close() {
    await opened.api.close();
    await rm(dir, { recursive: true, force: true });
  }
  return { ...opened, dir, close };
}

/** The token of an administrator switched to act as the advertiser `email` (impersonation). */
export async function switchUser(api: TestApi, adminToken: string, email = "shop@example.com") {
  const path = `/api/adv/switch_user?to=${encodeURIComponent(email)}`;
  const response = await postJson(api.app, path, {}, adminToken);
  if (response.status !== 200) throw new Error(`switch to ${email} failed: ${response.status}`);
  return (await body(response)).token as string;
}
