// Resource route for instant uploads (JS only): the ad form's image field posts one file here as
// soon as it is chosen and shows the stored image at once. Without JS the files travel with the
// form itself (app/.server/advertisement-form.ts); both go through app/.server/uploads.ts.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdvertiserOrAdministrator } from "~/.server/auth";
import { mediaUrl } from "~/.server/ad-page";
import { UPLOAD_FAILED, parseFormWithUploads } from "~/.server/uploads";

export type UploadResult =
  { ok: true; "@id": string; contentUrl: string } | { ok: false; message: string };

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

const LOGIN_AGAIN = `${UPLOAD_FAILED}ログインの有効期限が切れました。ログインし直してください。`;

export async function action({ request, context }: ActionFunctionArgs) {
  // The field's script reads JSON: a guard's redirect to Login becomes a message it can show.
  const { api } = await requireAdvertiserOrAdministrator(context).catch((thrown: unknown) => {
    if (thrown instanceof Response && thrown.status === 302) {
      throw Response.json({ ok: false, message: LOGIN_AGAIN } satisfies UploadResult, {
        status: 401,
      });
    }
    throw thrown;
  });
  const { uploads } = await parseFormWithUploads(request, api, (name) => name === "file");
  const outcome = uploads.get("file") ?? {
    ok: false as const,
    message: `${UPLOAD_FAILED}ファイルを選択してください。`,
  };
  const result: UploadResult = outcome.ok
    ? {
        ok: true,
        "@id": outcome.media["@id"],
        contentUrl: mediaUrl(outcome.media.contentUrl) ?? "",
      }
    : outcome;
  return Response.json(result, { status: outcome.ok ? 201 : 422 });
}
