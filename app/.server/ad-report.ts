// The monthly report of one ad, shared by the advertiser's and the administrator's report screens
// and their CSV downloads: the month the query means, the ad's heading and the API's rows.
import { rethrowAsHttpError } from "./http-errors";
import type { UpstreamClient } from "./upstream/client";
import { getPostReport } from "./upstream/reports";
import { getPost } from "./upstream/resources";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import {
  adjacentMonths,
  chartPoints,
  reportCsv,
  reportCsvFilename,
  reportMonth,
} from "~/domain/report";

/**
 * The page's data. The API answers 404 for another advertiser's ad (to the post and the report
 * alike), which becomes the 404 page. A bad `month` shows the current month (SPEC §5).
 */
export async function loadAdReport(
  api: UpstreamClient,
  id: number,
  searchParams: URLSearchParams,
  now = new Date(),
) {
  const month = reportMonth(searchParams.get("month"), now);
  const [post, rows] = await Promise.all([getPost(api, id), getPostReport(api, id, month)]).catch(
    rethrowAsHttpError,
  );
  return {
    id,
    month,
    ...adjacentMonths(month, now),
    ad: {
      applicationId: post.formattedAdvertisementId ?? formatAdvertisementId(post.id),
      title: post.title ?? "",
    },
    rows,
    points: chartPoints(month, rows, tokyoDate(now)),
  };
}

/** The month's CSV download (UTF-8 with BOM, CRLF), named report-{id}-{YYYY-MM}.csv. */
export async function adReportCsvResponse(
  api: UpstreamClient,
  id: number,
  searchParams: URLSearchParams,
  now = new Date(),
): Promise<Response> {
  const month = reportMonth(searchParams.get("month"), now);
  const rows = await getPostReport(api, id, month).catch(rethrowAsHttpError);
  return new Response(reportCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=${reportCsvFilename(id, month)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
