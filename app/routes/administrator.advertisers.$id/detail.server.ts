// AdministratorAdvertisersDetail, server side (SPEC §2 Advertiser detail, §6, ADR 0011): the
// advertiser's record and the actions on it: auto-approval on/off, password reset, delete, 代理ログイン.
import { data, redirect, type AppLoadContext } from "react-router";
import { impersonate } from "~/.server/auth";
import { violationErrors } from "~/.server/forms";
import { rethrowAsHttpError } from "~/.server/http-errors";
import type { UpstreamClient } from "~/.server/upstream/client";
import {
  deleteClient,
  getAdminClient,
  resetPassword,
  setAutoConfirmable,
  type AdminClient,
} from "~/.server/upstream/clients";
import {
  UpstreamError,
  UpstreamUnavailableError,
  UpstreamViolationError,
} from "~/.server/upstream/errors";
import { formatAdvertiserId } from "../../../shared/ids";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";

export const advertiserPath = (id: number) => `/administrator/advertisers/${id}`;

export const ADVERTISER_TEXTS = {
  autoOn: "自動承認をONにしました。",
  autoOff: "自動承認をOFFにしました。",
  reset: "パスワードをリセットしました。広告主は次回ログイン時にパスワードの変更が必要です。",
  deleted: "広告主を削除しました。",
  deletedRefused: "この広告主は削除済みのため、操作できません。",
  impersonateRefused: "削除済みの広告主には代理ログインできません。",
} as const;

/** The password reset's fields: the editors set a new password and its confirmation. */
export const RESET_PASSWORD_FIELDS = ["newPassword", "newPasswordConfirm"];

export const ADVERTISER_INTENTS = [
  "auto_on",
  "auto_off",
  "reset_password",
  "delete",
  "impersonate",
] as const;
export type AdvertiserIntent = (typeof ADVERTISER_INTENTS)[number];
const isIntent = (value: unknown): value is AdvertiserIntent =>
  ADVERTISER_INTENTS.includes(value as AdvertiserIntent);

export function describeAdvertiser(client: AdminClient) {
  return {
    id: client.id,
    displayId: formatAdvertiserId(client.id),
    companyName: client.companyName,
    personInCharge: client.personInCharge,
    email: client.owner.email ?? "",
    tel: client.tel ?? "",
    zipCode: client.zipCode ?? "",
    prefecture: client.prefecture?.name ?? "",
    city: client.city ?? "",
    address: client.address ?? "",
    isAutoConfirmable: client.isAutoConfirmable,
    isDeleted: client.isDeleted,
    adsHref: `/administrator/advertisements?ownerId=${client.id}`,
  };
}
export type AdvertiserDetail = ReturnType<typeof describeAdvertiser>;

export async function loadAdvertiser(api: UpstreamClient, id: number) {
  return describeAdvertiser(await getAdminClient(api, id).catch(rethrowAsHttpError));
}

export type ResetReply = {
  intent: "reset_password";
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
};

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * One action of the detail. Each answers by post/redirect/get with a flash, except a refused
 * reset, which answers its field errors (under 新しいパスワード and its confirmation). A deleted
 * advertiser takes no action: the page says so.
 */
export async function handleAdvertiserAction(
  api: UpstreamClient,
  context: AppLoadContext,
  id: number,
  formData: FormData,
) {
  const intent = formData.get("intent");
  if (!isIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  const back = advertiserPath(id);
  const flash = (kind: "info" | "error", message: string) => {
    context.session.flash({ kind, message });
    return redirect(back);
  };
  try {
    const client = await getAdminClient(api, id);
    if (client.isDeleted) {
      return flash(
        "error",
        intent === "impersonate"
          ? ADVERTISER_TEXTS.impersonateRefused
          : ADVERTISER_TEXTS.deletedRefused,
      );
    }
    switch (intent) {
      case "auto_on":
      case "auto_off": {
        const on = intent === "auto_on";
        await setAutoConfirmable(api, id, on);
        return flash("info", on ? ADVERTISER_TEXTS.autoOn : ADVERTISER_TEXTS.autoOff);
      }
      case "reset_password": {
        const reset = {
          newPassword: text(formData, "newPassword"),
          newPasswordConfirm: text(formData, "newPasswordConfirm"),
        };
        try {
          await resetPassword(api, client.owner.id, reset);
        } catch (error) {
          if (!(error instanceof UpstreamViolationError)) throw error;
          const errors = violationErrors(error.violations, RESET_PASSWORD_FIELDS);
          return data<ResetReply>({ intent, ...errors }, { status: 422 });
        }
        return flash("info", ADVERTISER_TEXTS.reset);
      }
      case "delete":
        await deleteClient(api, id);
        return flash("info", ADVERTISER_TEXTS.deleted);
      case "impersonate":
        try {
          return await impersonate(context, client.owner.email ?? "");
        } catch (error) {
          // Deleted between the read and the switch: the API refuses with 404.
          if (error instanceof UpstreamError && error.status === 404) {
            return flash("error", ADVERTISER_TEXTS.impersonateRefused);
          }
          throw error;
        }
    }
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) return flash("error", UPSTREAM_DOWN_MESSAGE);
    return rethrowAsHttpError(error);
  }
}
