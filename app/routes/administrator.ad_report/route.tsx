// AdministratorAdReportIndex (SPEC §2 Ad report 広告成果レポート): the daily figures of the ad
// published at an article URL, month by month. GET form and links: works without JavaScript.
import { type LoaderFunctionArgs, type MetaFunction, Link, useLoaderData } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { ReportMonthNav, ReportTable } from "~/components/ReportTable";
import { pageTitle } from "~/domain/meta";
import { loadUrlReport } from "./ad-report.server";
import { UrlForm } from "./UrlForm";

export const meta: MetaFunction = () => [{ title: pageTitle("広告成果レポート") }];

/** A month link of this screen: the URL stays. */
const urlReportHref = (url: string, month: string) =>
  `/administrator/ad_report/?${new URLSearchParams({ url, month })}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return loadUrlReport(api, new URL(request.url).searchParams);
}

export default function AdministratorAdReportIndex() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <div className="group" style={{ justifyContent: "space-between" }}>
        <p className="title-2">広告成果レポート</p>
        <Link to="/administrator">管理画面TOPへ</Link>
      </div>
      <UrlForm url={data.url} month={data.month} />
      <h1 className="title-1">{`アクセスレポート ${data.month}`}</h1>
      <ReportMonthNav
        previous={data.previous}
        next={data.next}
        hrefFor={(month) => urlReportHref(data.url, month)}
      />
      <ReportTable rows={data.rows} />
    </div>
  );
}
