// The month's report of an advertiser's own ad as a CSV download (a resource route); another's ad
// is 404 like the report screen.
import type { LoaderFunctionArgs } from "react-router";
import { adReportCsvResponse } from "~/.server/ad-report";
import { requireAdvertiser } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  return adReportCsvResponse(api, idFromUrl(params.id), new URL(request.url).searchParams);
}
