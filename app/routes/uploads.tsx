// Resource route for instant uploads (JS only): the ad form's image field posts one file here as
// soon as it is chosen and shows the stored image at once. Without JS the files travel with the
// form itself (app/.server/advertisement-form.ts); both go through app/.server/uploads.ts.
import type { ActionFunctionArgs } from "react-router";
import { anonymousUpstream, getIdentity, requireAdvertiserOrAdministrator } from "~/.server/auth";
import type { UpstreamClient } from "~/.server/upstream/client";
import { TRIAL_KEY_PATTERN } from "~/.server/upstream/trial";
import { mediaUrl } from "~/.server/ad-page";
import { CROPPED_NOTICE } from "~/.server/portrait-crop";
import {
  UPLOAD_FAILED,
  UPLOAD_TOO_LARGE,
  formBodyLimit,
  parseFormWithUploads,
} from "~/.server/uploads";

export type UploadResult =
  /** `notice`: what the field says about the stored image (a portrait was cropped). */
  { ok: true; "@id": string; contentUrl: string; notice?: string } | { ok: false; message: string };

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

const LOGIN_AGAIN = `${UPLOAD_FAILED}ログインの有効期限が切れました。ログインし直してください。`;
const CHOOSE_FILE = `${UPLOAD_FAILED}ファイルを選択してください。`;

/** The field's script reads JSON whatever the status: a body that was not read says why. */
const UNREAD_BODY: Record<number, string> = {
  400: `${UPLOAD_FAILED}送信内容を読み取れませんでした。もう一度お試しください。`,
  413: UPLOAD_TOO_LARGE,
  415: CHOOSE_FILE,
};

const failure = (message: string, status: number, headers?: HeadersInit) =>
  Response.json({ ok: false, message } satisfies UploadResult, { status, headers });

export async function action({ request, context }: ActionFunctionArgs) {
  // The trial form's field sends its form's key before the file (ADR 0012): that file goes into
  // the trial's quarantine, login or not. Any other upload needs a login.
  const identity = getIdentity(context);
  let api: UpstreamClient | null = null;
  if (identity) {
    // The field's script reads JSON: a guard's redirect to Login becomes a message it can show.
    ({ api } = await requireAdvertiserOrAdministrator(context).catch((thrown: unknown) => {
      if (thrown instanceof Response && thrown.status === 302) throw failure(LOGIN_AGAIN, 401);
      throw thrown;
    }));
  }
  const isTrialKey = (key: unknown): key is string =>
    typeof key === "string" && TRIAL_KEY_PATTERN.test(key);
  const target = (fields: ReadonlyMap<string, string>) => {
    const trialKey = fields.get("trialKey");
    return isTrialKey(trialKey) ? anonymousUpstream(context, { trialKey }) : api;
  };
  const { formData, uploads } = await parseFormWithUploads(
    request,
    target,
    (name) => name === "file",
    formBodyLimit(1),
  ).catch((thrown: unknown) => {
    const message = thrown instanceof Response ? UNREAD_BODY[thrown.status] : undefined;
    if (message) throw failure(message, (thrown as Response).status, (thrown as Response).headers);
    throw thrown;
  });
  if (!api && !isTrialKey(formData.get("trialKey"))) throw failure(LOGIN_AGAIN, 401);
  const outcome = uploads.get("file") ?? { ok: false as const, message: CHOOSE_FILE };
  if (!outcome.ok) return failure(outcome.message, outcome.tooLarge ? 413 : 422);
  const result: UploadResult = {
    ok: true,
    "@id": outcome.media["@id"],
    contentUrl: mediaUrl(outcome.media.contentUrl) ?? "",
    ...(outcome.cropped ? { notice: CROPPED_NOTICE } : {}),
  };
  return Response.json(result, { status: 201 });
}
