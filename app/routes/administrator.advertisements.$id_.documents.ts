// The order documents of any ad, for administrators (issue 11 item 3): POST intent=invoice|receipt
// answers the PDF as a download. A resource route: the admin ad detail's 請求書 / 領収書 form posts
// here. A deleted or unknown ad: 404. The API audits an administrator's receipt.
import type { ActionFunctionArgs } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { readFormData } from "~/.server/forms";
import { idFromUrl, invariantFound, rethrowAsHttpError } from "~/.server/http-errors";
import { downloadOrderDocument, isDocumentIntent } from "~/.server/order-documents";
import { getAdminPost } from "~/.server/upstream/resources";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const intent = (await readFormData(request)).get("intent");
  invariantFound(isDocumentIntent(intent));
  const post = await getAdminPost(api, id).catch(rethrowAsHttpError);
  const order = post.publishmentOrder;
  invariantFound(!post.isDeleted && order);
  const back = `/administrator/advertisements/${id}/detail`;
  return downloadOrderDocument(api, context, { ...post, publishmentOrder: order }, intent, back);
}
