// The documents of an order (issue 11 item 3): the invoice and the receipt as PDFs, fetched from
// the upstream API and streamed to the browser as a download (ARCHITECTURE §4 Uploads and
// downloads). Both ad details offer them as form intents, so they work without JavaScript.
import { type AppLoadContext, redirect } from "react-router";
import { documentFilename, formatAdvertisementId } from "../../shared/ids";
import { rethrowAsHttpError } from "./http-errors";
import type { UpstreamClient } from "./upstream/client";
import { UpstreamViolationError } from "./upstream/errors";

export type DocumentKind = "invoice" | "receipt";

export const isDocumentIntent = (value: unknown): value is DocumentKind =>
  value === "invoice" || value === "receipt";

/** Which document buttons an order shows: 請求書 whenever there is one, 領収書 once paid. */
export function documentButtons(order: { paymentStatus: string } | null | undefined) {
  return { invoice: Boolean(order), receipt: order?.paymentStatus === "paid" };
}

/**
 * The PDF of `kind` for the ad's order as an attachment named by the ad's 申込ID
 * (`invoice-000018.pdf`, documentFilename). A refusal (a receipt before payment) is flashed and
 * the browser goes back to `backTo`.
 */
export async function downloadOrderDocument(
  api: UpstreamClient,
  context: AppLoadContext,
  post: {
    id: number;
    formattedAdvertisementId?: string | null;
    publishmentOrder: { "@id": string };
  },
  kind: DocumentKind,
  backTo: string,
): Promise<Response> {
  const order = post.publishmentOrder;
  const filename = documentFilename(
    kind,
    post.formattedAdvertisementId ?? formatAdvertisementId(post.id),
  );
  let upstream: Response;
  try {
    upstream = await api.postForBinary(`${order["@id"]}/${kind}`, "application/pdf");
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      const message = error.violations[0]?.message ?? "書類を発行できませんでした。";
      context.session.flash({ kind: "error", message });
      return redirect(backTo);
    }
    return rethrowAsHttpError(error);
  }
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  });
  const length = upstream.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}
