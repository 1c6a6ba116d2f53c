// The report of one ad (AdvertiserAdvertisementsReport, AdministratorAdvertisementsReport): the ad,
// month links, the chart, the per-day table, the month's CSV and the way back to the ad.
import type { ReportRow } from "../../shared/report";
import type { ChartPoint } from "~/domain/report";
import { ReportChart } from "./ReportChart";
import { ReportMonthNav, ReportTable } from "./ReportTable";
import { ButtonLink } from "./ui";

export type AdReportData = {
  id: number;
  month: string;
  previous: string | null;
  next: string | null;
  ad: { applicationId: string; title: string };
  rows: ReportRow[];
  points: ChartPoint[];
};

export function AdReportPage({
  data,
  basePath,
  detailPath,
}: {
  data: AdReportData;
  /** The report's own path, e.g. /advertiser/advertisements/12/report. */
  basePath: string;
  detailPath: string;
}) {
  const monthHref = (month: string) => `${basePath}?month=${month}`;
  return (
    <div className="stack report-page">
      <h1 className="title-1">{`アクセスレポート ${data.month}`}</h1>
      <p className="report-ad">
        <span className="dimmed small">{`申込ID ${data.ad.applicationId}`}</span>
        <br />
        <strong>{data.ad.title || "（タイトル未設定）"}</strong>
      </p>
      <div className="group report-toolbar">
        <ReportMonthNav previous={data.previous} next={data.next} hrefFor={monthHref} />
        <a
          className="btn btn-outline"
          href={`${basePath}/csv?month=${data.month}`}
          download={`report-${data.id}-${data.month}.csv`}
        >
          CSVダウンロード
        </a>
      </div>
      <figure className="report-figure">
        <ReportChart month={data.month} points={data.points} />
      </figure>
      <ReportTable rows={data.rows} withLinks />
      <div>
        <ButtonLink to={detailPath} variant="default">
          広告詳細へ戻る
        </ButtonLink>
      </div>
    </div>
  );
}
