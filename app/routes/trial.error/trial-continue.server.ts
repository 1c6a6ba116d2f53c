// TrialError's server half (issue 30): whether the trial's draft was kept and who is looking,
// and 広告を作成する / 保存しない for the advertiser who logged in to continue it. The create is
// POST posts (SPEC §7) by the advertiser, with the trial's X-Trial-Key so the API lets the ad
// use, and claims, the trial's quarantined uploads (ADR 0012); nothing is made before the press.
import { data, redirect, type AppLoadContext } from "react-router";
import { getIdentity, requireAdvertiser, upstreamFor } from "~/.server/auth";
import { readFormData } from "~/.server/forms";
import { hasRoles, ROLE_ADVERTISER } from "~/.server/identity";
import { loginPath } from "~/.server/redirect-to";
import {
  deleteTrialDraft,
  readTrialDraft,
  trialDraftCookie,
  trialDraftIdOf,
} from "../trial._index/drafts.server";
import { UpstreamError, UpstreamUnavailableError } from "~/.server/upstream/errors";
import { clientIri, createPost } from "~/.server/upstream/posts";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";

const TRIAL_ERROR_PATH = "/trial/error/";

const CREATED = "お試しフォームで入力した原稿を広告として保存しました。掲載を申し込んでください。";
const NOT_CREATED =
  "入力した原稿を広告にできませんでした（画像の保管期限の24時間が過ぎた可能性があります）。お手数ですが、新規広告作成から作成してください。";
const EXPIRED =
  "お試しフォームの原稿は保管期限の24時間が過ぎたため、保存できませんでした。お手数ですが、こちらから作成してください。";

export async function loadTrialErrorPage(request: Request, context: AppLoadContext) {
  const draft = await readTrialDraft(trialDraftIdOf(request));
  return {
    draft: draft ? { title: draft.advertisement.title } : null,
    loggedIn: hasRoles(getIdentity(context), [ROLE_ADVERTISER]),
    loginHref: loginPath(TRIAL_ERROR_PATH),
  };
}

/** Forgets the draft (file and cookie) and goes on to `to` with a message. */
async function done(
  context: AppLoadContext,
  id: string | undefined,
  to: string,
  flash?: { kind: "info" | "error"; message: string },
) {
  await deleteTrialDraft(id);
  if (flash) context.session.flash(flash);
  return redirect(to, { headers: { "Set-Cookie": trialDraftCookie(null) } });
}

export async function continueTrialDraft(request: Request, context: AppLoadContext) {
  const { identity } = await requireAdvertiser(context);
  const id = trialDraftIdOf(request);
  const intent = (await readFormData(request)).get("intent");
  const draft = await readTrialDraft(id);
  if (intent === "discard") return done(context, id, "/advertiser");
  if (!draft) {
    return done(context, id, "/advertiser/advertisements/new", { kind: "error", message: EXPIRED });
  }
  const slot = context.session.impersonation ? "impersonation" : "main";
  const api = upstreamFor(context, slot, { "X-Trial-Key": draft.trialKey });
  try {
    const created = await createPost(api, {
      ...draft.advertisement,
      // A token without the advertiser claim leaves the owner to the upstream, as a new ad does.
      owner: identity.advertiserId === undefined ? undefined : clientIri(identity.advertiserId),
    });
    return done(context, id, `/advertiser/advertisements/${created.id}/publishment`, {
      kind: "info",
      message: CREATED,
    });
  } catch (error) {
    // Upstream down: the draft stays for another press.
    if (error instanceof UpstreamUnavailableError) {
      return data({ error: UPSTREAM_DOWN_MESSAGE }, { status: 503 });
    }
    if (!(error instanceof UpstreamError)) throw error;
    return done(context, id, "/advertiser/advertisements/new", {
      kind: "error",
      message: NOT_CREATED,
    });
  }
}
