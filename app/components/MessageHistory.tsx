// The message history table; each row opens to show its body (a <details>, so no JS is needed).
import { emptyTexts } from "~/domain/labels";
import { PageLinks, TableBody, TableFrame } from "./TableControls";

export type MessageRow = {
  id: number;
  createdAt: string;
  target: string;
  /** The ad's detail page, when the message is about an ad. */
  targetHref?: string;
  sender: string;
  subject: string;
  body: string;
};

export function MessageHistory({
  rows,
  page,
  totalItems,
  pageSize,
}: {
  rows: MessageRow[];
  page: number;
  totalItems: number;
  pageSize: number;
}) {
  return (
    <>
      <TableFrame>
        <thead>
          <tr>
            <th>ID</th>
            <th>日時</th>
            <th>対象申込</th>
            <th>送信者</th>
            <th>件名（クリックで本文）</th>
          </tr>
        </thead>
        <TableBody rows={rows} columnCount={5} empty={emptyTexts.messages}>
          {(row) => (
            <tr key={row.id}>
              <td data-label="ID">{row.id}</td>
              <td data-label="日時" className="nowrap">
                {row.createdAt}
              </td>
              <td data-label="対象申込">
                {row.target && row.targetHref ? (
                  <a href={row.targetHref}>{row.target}</a>
                ) : (
                  row.target || "—"
                )}
              </td>
              <td data-label="送信者" className="nowrap">
                {row.sender}
              </td>
              <td data-label="件名">
                <details className="message-detail">
                  <summary>{row.subject || "(件名なし)"}</summary>
                  <div className="message-body">{row.body}</div>
                </details>
              </td>
            </tr>
          )}
        </TableBody>
      </TableFrame>
      <PageLinks page={page} totalItems={totalItems} pageSize={pageSize} />
    </>
  );
}
