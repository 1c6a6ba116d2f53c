// The order documents of an advertiser's ad (issue 11 item 3): POST intent=invoice|receipt answers
// the PDF as a download (invoice-{申込ID}.pdf / receipt-{申込ID}.pdf). A resource route: the
// ad detail's 請求書 / 領収書 form posts here. Another's, a deleted or an unknown ad: 404.
import type { ActionFunctionArgs } from "react-router";
import { requireAdvertiser } from "~/.server/auth";
import { readFormData } from "~/.server/forms";
import { idFromUrl, invariantFound, rethrowAsHttpError } from "~/.server/http-errors";
import { downloadOrderDocument, isDocumentIntent } from "~/.server/order-documents";
import { getFullPost } from "~/.server/upstream/resources";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const intent = (await readFormData(request)).get("intent");
  invariantFound(isDocumentIntent(intent));
  // The API answers 404 for another's or a deleted ad.
  const post = await getFullPost(api, id).catch(rethrowAsHttpError);
  const order = post.publishmentOrder;
  invariantFound(order);
  const back = `/advertiser/advertisements/${id}`;
  return downloadOrderDocument(api, context, { ...post, publishmentOrder: order }, intent, back);
}
