// AdministratorAdReportIndex's server side: the article URL and month of the query, and the rows
// of the ad published at that URL (none without a URL: nothing is asked of the API then).
import { rethrowAsHttpError } from "~/.server/http-errors";
import type { UpstreamClient } from "~/.server/upstream/client";
import { getReportByUrl } from "~/.server/upstream/reports";
import { adjacentMonths, reportMonth } from "~/domain/report";

/** Longer than any article URL the sites produce; a longer one is cut, not sent. */
const MAX_URL_LENGTH = 2048;

export function readUrlReportQuery(searchParams: URLSearchParams, now: Date) {
  const url = (searchParams.get("url") ?? "").trim().slice(0, MAX_URL_LENGTH);
  const month = reportMonth(searchParams.get("month"), now);
  const { previous, next } = adjacentMonths(month, now);
  // SPEC §2: 前月 / 翌月 are disabled without a URL as well as out of range.
  return { url, month, previous: url ? previous : null, next: url ? next : null };
}

export async function loadUrlReport(
  api: UpstreamClient,
  searchParams: URLSearchParams,
  now = new Date(),
) {
  const query = readUrlReportQuery(searchParams, now);
  const rows = query.url
    ? await getReportByUrl(api, query.url, query.month).catch(rethrowAsHttpError)
    : [];
  return { ...query, rows };
}
