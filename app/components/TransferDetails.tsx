// The bank transfer instructions (issue 11): our account, the amount including tax and the
// deadline, as the API answers them for an order waiting for the transfer; where the API does not
// tell them (SPEC §7 has no such call), what the order tells and where the account is told.
import { formatYen } from "~/domain/money";
import { slashDate } from "../../shared/calendar-days";
import type { TransferInstructions } from "../../shared/wire";
import { ConfirmList } from "./ConfirmList";

/** Where the account is told when the API does not tell the portal (the invoice is on the detail). */
export const TRANSFER_BY_INVOICE =
  "お振込先・お振込金額は、請求書（PDF）またはメールでご案内します。";

export type Transfer = TransferInstructions;

export function TransferDetails({ transfer }: { transfer: Transfer }) {
  return (
    <section aria-label="お振込先" style={{ marginTop: 12 }}>
      <h3 className="title-3">お振込先</h3>
      <ConfirmList
        rows={[
          { label: "銀行名", value: transfer.bankName },
          { label: "支店名", value: transfer.branchName },
          { label: "口座種別", value: transfer.accountType },
          { label: "口座番号", value: transfer.accountNumber },
          { label: "口座名義", value: transfer.accountHolder },
          { label: "お振込金額（税込）", value: formatYen(transfer.amount) },
          { label: "お振込期限", value: slashDate(transfer.dueDate) },
        ]}
      />
      <p className="small dimmed">振込手数料はお客様のご負担となります。</p>
    </section>
  );
}

/** The account line where the amount is shown: only the account comes with the invoice. */
export const ACCOUNT_BY_INVOICE = "お振込先の口座は、請求書（PDF）またはメールでご案内します。";

/**
 * Without the API's instructions: what the order tells (the amount with tax, the latest the
 * deadline can be), and where the rest is told.
 */
export function TransferByInvoice(props: {
  amount?: number | null;
  latestDueDate?: string | null;
}) {
  const rows = [
    ...(props.amount != null
      ? [{ label: "お振込金額（税込）", value: formatYen(props.amount) }]
      : []),
    ...(props.latestDueDate
      ? [
          {
            label: "お振込期限",
            value: `請求書に記載の期限（遅くとも ${slashDate(props.latestDueDate)}・掲載開始日の前日）`,
          },
        ]
      : []),
  ];
  return (
    <section aria-label="お振込先" style={{ marginTop: 12 }}>
      <h3 className="title-3">お振込先</h3>
      {rows.length > 0 ? <ConfirmList rows={rows} /> : null}
      <p>{props.amount != null ? ACCOUNT_BY_INVOICE : TRANSFER_BY_INVOICE}</p>
      <p className="small dimmed">振込手数料はお客様のご負担となります。</p>
    </section>
  );
}
