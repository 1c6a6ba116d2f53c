// The month's sales as a Shift_JIS CSV download for administrators (a resource route, ADR 0011):
// /administrator/sales.csv?month=YYYY-MM, streamed a page of the upstream at a time.
import type { LoaderFunctionArgs } from "react-router";
import { requireAdministrator, upstreamForStream } from "~/.server/auth";
import { salesCsvResponse } from "./administrator.sales/sales.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdministrator(context);
  // Pages are fetched after the headers are sent: a token that holds for the whole download.
  const api = await upstreamForStream(context);
  return salesCsvResponse(api, new URL(request.url).searchParams, { signal: request.signal });
}
