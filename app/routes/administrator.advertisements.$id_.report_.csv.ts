// The month's report of any ad as a CSV download for administrators (a resource route).
import type { LoaderFunctionArgs } from "react-router";
import { adReportCsvResponse } from "~/.server/ad-report";
import { requireAdministrator } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return adReportCsvResponse(api, idFromUrl(params.id), new URL(request.url).searchParams);
}
