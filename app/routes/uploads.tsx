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

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiserOrAdministrator(context);
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
