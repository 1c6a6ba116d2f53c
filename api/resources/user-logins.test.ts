// @vitest-environment node
// Changing a login's email and password: PATCH /api/adv/user_logins/{id}/update_email[/validate]
// and /update_password[/validate], including the administrator's reset and impersonated sessions.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAdministrator } from "../accounts";
import { auditLogs } from "../db/schema";
import { outboxMails } from "../testing/db";
import {
  body,
  claimsOf,
  get,
  login,
  patchJson,
  postJson,
  refreshWith,
  updatePassword,
} from "../testing/http";
import { freshAdvertiser } from "../testing/accounts";
import { openDemoApi, type TestApi } from "../testing/demo-api";
import { violationMap } from "../testing/violations";

let api: TestApi;
let admin: string, shop: string;
beforeAll(async () => {
  ({ api, admin, shop } = await openDemoApi());
});
afterAll(() => api.close());

let seq = 0;
/** A fresh advertiser of its own, so each test changes an account no other test uses. */
async function newAdvertiser(opts: { isTemporaryPassword?: boolean } = {}) {
  const user = await freshAdvertiser(api.db, "user", opts);
  seq = user.seq;
  const pair = await login(api.app, user.email, user.password);
  return { ...user, ...pair, path: `/api/adv/user_logins/${user.userLoginId}` };
}

const impersonate = async (email: string) =>
  (await body(
    await postJson(api.app, `/api/adv/switch_user?to=${encodeURIComponent(email)}`, {}, admin),
  )) as { token: string; refresh_token: string };

const refresh = (refreshToken: string) => refreshWith(api.app, refreshToken);

const tryLogin = (email: string, password: string) =>
  postJson(api.app, "/api/authentication_token", { email, password });

const mailsTo = async (to: string) => (await outboxMails(api.db)).filter((m) => m.to === to);

describe("GET /api/adv/user_logins/{id}", () => {
  test("another advertiser's login is not found", async () => {
    expect((await get(api.app, "/api/adv/user_logins/3", shop)).status).toBe(404);
    expect((await get(api.app, "/api/adv/user_logins/2", shop)).status).toBe(200);
  });
});

describe("PATCH /api/adv/user_logins/{id}/update_email/validate", () => {
  const validate = (path: string, payload: unknown, token: string) =>
    patchJson(api.app, `${path}/update_email/validate`, payload, token);

  test("a new, unused address is 204 and changes nothing", async () => {
    const user = await newAdvertiser();
    const response = await validate(user.path, { newEmail: "fresh@example.com" }, user.token);
    expect(response.status).toBe(204);
    expect((await body(await get(api.app, user.path, user.token))).email).toBe(user.email);
  });

  test.each([
    ["missing", {}, "入力してください。"],
    ["blank", { newEmail: "  " }, "入力してください。"],
    ["malformed", { newEmail: "user@" }, "メールアドレスの形式が正しくありません。"],
    [
      "the current one, in another case",
      { newEmail: "USER{seq}@example.com" },
      "現在のメールアドレスと同じです。",
    ],
    [
      "another login's, in another case",
      { newEmail: "Other@Example.com" },
      "このメールアドレスは既に登録されています。",
    ],
    [
      "an administrator's",
      { newEmail: "admin@example.com" },
      "このメールアドレスは既に登録されています。",
    ],
  ])("%s", async (_, payload: { newEmail?: string }, message) => {
    const user = await newAdvertiser();
    const newEmail = payload.newEmail?.replace("{seq}", String(seq));
    const response = await validate(
      user.path,
      newEmail === undefined ? {} : { newEmail },
      user.token,
    );
    expect(await violationMap(response)).toEqual({ newEmail: message });
  });

  test("another advertiser's login is not found", async () => {
    for (const path of [
      "/api/adv/user_logins/3",
      "/api/adv/user_logins/1",
      "/api/adv/user_logins/999",
    ]) {
      expect((await validate(path, { newEmail: "x@example.com" }, shop)).status).toBe(404);
    }
  });
});

describe("PATCH /api/adv/user_logins/{id}/update_email", () => {
  test("changes the email and hands the caller a new token pair under the new username", async () => {
    const user = await newAdvertiser();
    const response = await patchJson(
      api.app,
      `${user.path}/update_email`,
      { newEmail: "Renamed@example.com" },
      user.token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/ld+json");
    const result = await body(response);
    expect(result).toEqual({
      "@context": "/api/contexts/UserLogin",
      "@id": user.path,
      "@type": "UserLogin",
      id: user.userLoginId,
      username: "Renamed@example.com",
      email: "Renamed@example.com",
      isTemporaryPassword: false,
      token: expect.any(String),
      refreshToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(claimsOf(result.token)).toMatchObject({
      roles: ["ROLE_ADVERTISER"],
      username: "Renamed@example.com",
      user_login_id: user.userLoginId,
      advertiser: user.clientId,
    });
    expect(claimsOf(result.token).impersonator).toBeUndefined();

    // The returned pair works.
    const me = await get(api.app, user.path, result.token);
    expect(me.status).toBe(200);
    expect((await body(me)).username).toBe("Renamed@example.com");
    const refreshed = await refresh(result.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(claimsOf((await body(refreshed)).token).username).toBe("Renamed@example.com");

    // The old session is over: its access token and its refresh token are refused.
    expect((await get(api.app, user.path, user.token)).status).toBe(401);
    expect((await refresh(user.refresh_token)).status).toBe(401);

    // The new email logs in (in any case), the old one no longer does.
    expect((await tryLogin("renamed@example.com", user.password)).status).toBe(200);
    expect((await tryLogin(user.email, user.password)).status).toBe(401);
  });

  test("mails the new and the old address", async () => {
    const user = await newAdvertiser();
    await patchJson(
      api.app,
      `${user.path}/update_email`,
      { newEmail: `moved${seq}@example.com` },
      user.token,
    );
    for (const to of [`moved${seq}@example.com`, user.email]) {
      const mails = await mailsTo(to);
      expect(mails.map((m) => m.subject)).toEqual(["【お店News】メールアドレスが変更されました"]);
      expect(mails[0]!.body).toContain(`変更後: moved${seq}@example.com`);
      expect(mails[0]!.body).toContain(`変更前: ${user.email}`);
    }
  });

  test("a violation changes nothing", async () => {
    const user = await newAdvertiser();
    const response = await patchJson(
      api.app,
      `${user.path}/update_email`,
      { newEmail: "shop@example.com" },
      user.token,
    );
    expect(await violationMap(response)).toEqual({
      newEmail: "このメールアドレスは既に登録されています。",
    });
    expect((await get(api.app, user.path, user.token)).status).toBe(200);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  test("an impersonated session may not change the email: 403, nothing changes", async () => {
    const user = await newAdvertiser();
    const impersonation = await impersonate(user.email);
    for (const suffix of ["update_email/validate", "update_email"]) {
      const response = await patchJson(
        api.app,
        `${user.path}/${suffix}`,
        { newEmail: `impersonated${seq}@example.com` },
        impersonation.token,
      );
      expect(response.status).toBe(403);
      expect((await body(response))["hydra:description"]).toBe("Access Denied.");
    }
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
    expect((await refresh(impersonation.refresh_token)).status).toBe(200);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  test("every change is audited with its actor: the advertiser's own and an administrator's", async () => {
    const user = await newAdvertiser();
    const own = `own${seq}@example.com`;
    const byAdmin = `admin-set${seq}@example.com`;
    await patchJson(api.app, `${user.path}/update_email`, { newEmail: own }, user.token);
    await patchJson(api.app, `${user.path}/update_email`, { newEmail: byAdmin }, admin);
    const rows = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.target, user.path))
      .orderBy(auditLogs.id);
    expect(
      rows.map((r) => ({
        action: r.action,
        actor: r.actorUserLoginId,
        impersonator: r.impersonatorUserLoginId,
        changes: r.changes,
      })),
    ).toEqual([
      {
        action: "user_login.email",
        actor: user.userLoginId,
        impersonator: null,
        changes: { email: { before: user.email, after: own } },
      },
      {
        action: "user_login.email",
        actor: 1,
        impersonator: null,
        changes: { email: { before: own, after: byAdmin } },
      },
    ]);
  });

  test("an administrator may change another login's email; no tokens come back", async () => {
    const user = await newAdvertiser();
    const response = await patchJson(
      api.app,
      `${user.path}/update_email`,
      { newEmail: `by-admin${seq}@example.com` },
      admin,
    );
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      email: `by-admin${seq}@example.com`,
      token: null,
      refreshToken: null,
    });
    expect((await refresh(user.refresh_token)).status).toBe(401);
    expect((await tryLogin(`by-admin${seq}@example.com`, user.password)).status).toBe(200);
  });

  test("an advertiser cannot change another login's email", async () => {
    const user = await newAdvertiser();
    const response = await patchJson(
      api.app,
      `${user.path}/update_email`,
      { newEmail: "stolen@example.com" },
      shop,
    );
    expect(response.status).toBe(404);
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
  });
});

describe("PATCH /api/adv/user_logins/{id}/update_password/validate", () => {
  const validate = (path: string, payload: unknown, token: string) =>
    patchJson(api.app, `${path}/update_password/validate`, payload, token);

  test("a valid change is 204 and changes nothing", async () => {
    const user = await newAdvertiser();
    const response = await validate(
      user.path,
      {
        oldPassword: user.password,
        newPassword: "brand-new-pass",
        newPasswordConfirm: "brand-new-pass",
      },
      user.token,
    );
    expect(response.status).toBe(204);
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
  });

  test("every field is required", async () => {
    const user = await newAdvertiser();
    expect(await violationMap(await validate(user.path, {}, user.token))).toEqual({
      oldPassword: "入力してください。",
      newPassword: "入力してください。",
      newPasswordConfirm: "入力してください。",
    });
  });

  test.each([
    [
      "a wrong old password",
      {
        oldPassword: "wrong-password",
        newPassword: "brand-new-pass",
        newPasswordConfirm: "brand-new-pass",
      },
      { oldPassword: "現在のパスワードが正しくありません。" },
    ],
    [
      "a new password shorter than 8",
      { oldPassword: "{old}", newPassword: "1234567", newPasswordConfirm: "1234567" },
      { newPassword: "8文字以上で入力してください。" },
    ],
    [
      "a confirmation that differs",
      { oldPassword: "{old}", newPassword: "brand-new-pass", newPasswordConfirm: "brand-new-pas" },
      { newPasswordConfirm: "パスワードが一致しません。" },
    ],
    [
      "the current password again",
      { oldPassword: "{old}", newPassword: "{old}", newPasswordConfirm: "{old}" },
      { newPassword: "現在のパスワードと同じです。" },
    ],
  ])("%s", async (_, payload, expected) => {
    const user = await newAdvertiser();
    const filled = Object.fromEntries(
      Object.entries(payload).map(([k, v]) => [k, v === "{old}" ? user.password : v]),
    );
    expect(await violationMap(await validate(user.path, filled, user.token))).toEqual(expected);
  });

  test("an impersonated session may not change the password: 403", async () => {
    const user = await newAdvertiser();
    const impersonation = await impersonate(user.email);
    const payload = {
      oldPassword: user.password,
      newPassword: "brand-new-pass",
      newPasswordConfirm: "brand-new-pass",
    };
    for (const suffix of ["update_password/validate", "update_password"]) {
      const response = await patchJson(
        api.app,
        `${user.path}/${suffix}`,
        payload,
        impersonation.token,
      );
      expect(response.status).toBe(403);
      expect((await body(response))["hydra:description"]).toBe("Access Denied.");
    }
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
  });

  test("an administrator's reset reports only newPassword and newPasswordConfirm", async () => {
    const user = await newAdvertiser();
    expect(await violationMap(await validate(user.path, {}, admin))).toEqual({
      newPassword: "入力してください。",
      newPasswordConfirm: "入力してください。",
    });
    expect(
      await violationMap(
        await validate(user.path, { newPassword: "short", newPasswordConfirm: "other" }, admin),
      ),
    ).toEqual({
      newPassword: "8文字以上で入力してください。",
      newPasswordConfirm: "パスワードが一致しません。",
    });
  });

  test("an advertiser cannot validate for another login", async () => {
    const user = await newAdvertiser();
    expect((await validate(user.path, {}, shop)).status).toBe(404);
  });
});

describe("PATCH /api/adv/user_logins/{id}/update_password", () => {
  test("the login itself changes its password; the temporary flag is cleared", async () => {
    const user = await newAdvertiser({ isTemporaryPassword: true });
    expect((await body(await get(api.app, user.path, user.token))).isTemporaryPassword).toBe(true);
    const response = await updatePassword(
      api.app,
      user.path,
      user.password,
      "brand-new-pass",
      user.token,
    );
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      "@context": "/api/contexts/UserLogin",
      "@id": user.path,
      "@type": "UserLogin",
      id: user.userLoginId,
      username: user.email,
      email: user.email,
      isTemporaryPassword: false,
    });
    expect((await body(await get(api.app, user.path, user.token))).isTemporaryPassword).toBe(false);

    expect((await tryLogin(user.email, "brand-new-pass")).status).toBe(200);
    expect((await tryLogin(user.email, user.password)).status).toBe(401);
    // The caller's own session goes on.
    expect((await refresh(user.refresh_token)).status).toBe(200);

    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(["【お店News】パスワードが変更されました"]);
    expect(mails[0]!.body).not.toContain("brand-new-pass");
  });

  test("a violation changes nothing", async () => {
    const user = await newAdvertiser();
    const response = await updatePassword(
      api.app,
      user.path,
      "wrong-password",
      "brand-new-pass",
      user.token,
    );
    expect(await violationMap(response)).toEqual({
      oldPassword: "現在のパスワードが正しくありません。",
    });
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  test("an administrator resets another login's password: temporary, sessions revoked, mailed", async () => {
    const user = await newAdvertiser();
    const response = await updatePassword(api.app, user.path, "ignored", "temporary-pass", admin);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ "@id": user.path, isTemporaryPassword: true });

    expect((await tryLogin(user.email, user.password)).status).toBe(401);
    expect((await refresh(user.refresh_token)).status).toBe(401);
    const fresh = await login(api.app, user.email, "temporary-pass");
    expect((await body(await get(api.app, user.path, fresh.token))).isTemporaryPassword).toBe(true);

    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(["【お店News】パスワードがリセットされました"]);
    expect(mails[0]!.body).not.toContain("temporary-pass");
    const audit = await api.db.select().from(auditLogs).where(eq(auditLogs.target, user.path));
    expect(audit.map((a) => a.action)).toEqual(["user_login.password_reset"]);

    // The user then sets a password of its own, which clears the flag.
    const change = await updatePassword(
      api.app,
      user.path,
      "temporary-pass",
      "my-own-password",
      fresh.token,
    );
    expect((await body(change)).isTemporaryPassword).toBe(false);
  });

  test("an administrator changing its own password must give the old one", async () => {
    const response = await patchJson(
      api.app,
      "/api/adv/user_logins/1/update_password",
      { newPassword: "brand-new-pass", newPasswordConfirm: "brand-new-pass" },
      admin,
    );
    expect(await violationMap(response)).toEqual({ oldPassword: "入力してください。" });
  });

  test("an administrator's own change is audited; an advertiser's own is not", async () => {
    const user = await newAdvertiser();
    const ids = await createAdministrator(api.db, {
      email: `admin${seq}@example.com`,
      password: "admin-old-pass",
      name: "監査 太郎",
    });
    const other = await login(api.app, `admin${seq}@example.com`, "admin-old-pass");
    const change = (path: string, old: string, token: string) =>
      updatePassword(api.app, path, old, "brand-new-pass", token);
    const adminPath = `/api/adv/user_logins/${ids.userLoginId}`;
    expect((await change(adminPath, "admin-old-pass", other.token)).status).toBe(200);
    expect((await change(user.path, user.password, user.token)).status).toBe(200);

    const actionsOn = async (target: string) =>
      (await api.db.select().from(auditLogs).where(eq(auditLogs.target, target))).map((r) => [
        r.action,
        r.actorUserLoginId,
      ]);
    expect(await actionsOn(adminPath)).toEqual([["user_login.password", ids.userLoginId]]);
    expect(await actionsOn(user.path)).toEqual([]);
  });

  test("an advertiser cannot change another login's password", async () => {
    const user = await newAdvertiser();
    for (const id of [user.userLoginId, 1, 999]) {
      const response = await patchJson(
        api.app,
        `/api/adv/user_logins/${id}/update_password`,
        { newPassword: "hijacked-pass", newPasswordConfirm: "hijacked-pass" },
        shop,
      );
      expect(response.status).toBe(404);
    }
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
  });
});
