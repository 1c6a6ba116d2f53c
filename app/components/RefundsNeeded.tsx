// 要返金 (issue 28 #5): payments that arrived for an order already paid, remanded or deleted. They
// are not sales; the editors refund them. Shown on the editors' ad detail and the sales list.
import { Link } from "react-router";
import { DataTable, type Column } from "~/components/TableControls";
import { formatAdvertisementId } from "../../shared/ids";
import type { RefundView } from "~/domain/payment";

const columns: Column<RefundView>[] = [
  {
    label: "申込ID",
    nowrap: true,
    cell: (row) =>
      row.advertisementId === null ? (
        "—"
      ) : (
        <Link to={`/administrator/advertisements/${row.advertisementId}/detail`}>
          {formatAdvertisementId(row.advertisementId)}
        </Link>
      ),
  },
  { label: "入金日時", nowrap: true, cell: (row) => row.paidAt },
  { label: "金額(税込)", nowrap: true, className: "amount", cell: (row) => row.amount },
  { label: "理由", cell: (row) => row.reason },
  { label: "決済の取引ID", cell: (row) => row.providerOrderId },
  { label: "通知日時", nowrap: true, cell: (row) => row.recordedAt },
];

export function RefundsNeeded({ refunds, title }: { refunds: RefundView[]; title: string }) {
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-needed-title" className="refunds-needed" role="alert">
      <h2 id="refunds-needed-title" className="title-2">
        {title}
      </h2>
      <p>
        決済サービスから、売上に計上できない入金の通知がありました。広告主への返金をお手続きください（売上には含まれていません）。
      </p>
      <DataTable
        columns={columns}
        rows={refunds}
        rowKey={(row) => row.id}
        empty=""
        minWidth={720}
        rowProps={() => ({ "data-testid": "refund-row" })}
      />
    </section>
  );
}
