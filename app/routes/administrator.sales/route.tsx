// AdministratorSalesIndex (SPEC §2 Sales list, §5 sales months, ADR 0011): a month's sales with
// 前月 / 翌月 links and a month select (a GET form: works without JavaScript), the month's totals
// over every row, 100 rows a page (?page=), and the month's Shift_JIS CSV.
import {
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  Link,
  useLoaderData,
} from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { loadSalesList } from "./sales.server";
import { RefundsNeeded } from "~/components/RefundsNeeded";
import { ReportMonthNav } from "~/components/ReportTable";
import { PageLinks } from "~/components/TableControls";
import { pageTitle } from "~/domain/meta";
import { formatYen } from "~/domain/money";
import { formatMonthLabel, salesCsvFilename } from "~/domain/sales";
import { SalesTable } from "./SalesTable";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `売上一覧 ${formatMonthLabel(data.month)}` : "売上一覧") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return loadSalesList(api, new URL(request.url).searchParams);
}

export default function AdministratorSalesIndex() {
  const data = useLoaderData<typeof loader>();
  const monthHref = (month: string) => `/administrator/sales?month=${month}`;
  return (
    <div className="stack sales-page">
      <div className="group between">
        <h1 className="title-1">{`売上一覧 ${formatMonthLabel(data.month)}`}</h1>
        <Link to="/administrator">管理画面TOPへ</Link>
      </div>
      <div className="group sales-toolbar">
        <ReportMonthNav previous={data.previous} next={data.next} hrefFor={monthHref} />
        <Form method="get" className="group sales-month-form">
          <label htmlFor="sales-month">月を選択</label>
          <select id="sales-month" name="month" defaultValue={data.month} key={data.month}>
            {data.months.map((month) => (
              <option key={month} value={month}>
                {formatMonthLabel(month)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-default">
            表示
          </button>
        </Form>
        <a
          className="btn btn-outline"
          href={`/administrator/sales.csv?month=${data.month}`}
          download={salesCsvFilename(data.month)}
        >
          CSVダウンロード
        </a>
      </div>
      <section aria-labelledby="sales-totals-title" className="sales-totals">
        <h2 id="sales-totals-title" className="visually-hidden">
          {`${formatMonthLabel(data.month)}の合計`}
        </h2>
        <dl>
          <div>
            <dt>件数</dt>
            <dd data-testid="sales-count">{`${data.totals.count.toLocaleString("ja-JP")} 件`}</dd>
          </div>
          <div>
            <dt>金額(税抜)</dt>
            <dd data-testid="sales-total-net">{formatYen(data.totals.net)}</dd>
          </div>
          <div>
            <dt>消費税</dt>
            <dd data-testid="sales-total-tax">{formatYen(data.totals.tax)}</dd>
          </div>
          <div>
            <dt>合計</dt>
            <dd data-testid="sales-total-gross">{formatYen(data.totals.gross)}</dd>
          </div>
        </dl>
      </section>
      <RefundsNeeded
        refunds={data.refunds}
        title={`要返金（${formatMonthLabel(data.month)}に通知された入金）`}
      />
      <SalesTable rows={data.rows} />
      <PageLinks page={data.page} totalItems={data.totals.count} pageSize={data.pageSize} />
    </div>
  );
}
