// お支払い番号（コンビニ・ATM）: the slip of an order waiting for a convenience store or Pay-easy
// payment (ADR 0009), on the advertiser's and the administrator's ad detail.
import type { SlipView } from "~/domain/payment";
import { paymentSlipRows } from "~/domain/payment";
import { ConfirmList } from "./ConfirmList";

export function PaymentSlipDetails({ slip }: { slip: SlipView }) {
  return (
    <section aria-label="お支払い番号（コンビニ・ATM）" style={{ marginTop: 12 }}>
      <h3 className="title-3">お支払い番号（コンビニ・ATM）</h3>
      <ConfirmList rows={paymentSlipRows(slip)} />
      {slip.slipUrl ? (
        <p className="small">
          <a href={slip.slipUrl} target="_blank" rel="noopener">
            払込票を表示する
          </a>
        </p>
      ) : null}
    </section>
  );
}
