// AdministratorSalesIndex and its CSV (SPEC §2 Sales list, ADR 0011): the month the query means,
// its totals (one aggregate upstream, or summed from every row where the upstream has no totals
// call: SPEC §7 has none) and one page of the table, and the Shift_JIS CSV streamed a page of the
// upstream at a time.
import { rethrowAsHttpError } from "~/.server/http-errors";
import { listRefunds } from "~/.server/upstream/refunds";
import type { UpstreamClient } from "~/.server/upstream/client";
import { upstreamExtensions } from "~/.server/upstream/extensions";
import { resolveSale, salesPage, salesPages, salesTotals } from "~/.server/upstream/sales";
import { tokyoDate } from "../../../shared/tokyo-calendar";
import { redirect } from "react-router";
import { readTableState } from "~/domain/paging";
import {
  adjacentSalesMonths,
  salesMonth,
  salesMonthChoices,
  SALES_PAGE_SIZE,
  toSaleRow,
  type Sale,
  type SalesTotals,
} from "~/domain/sales";
import {
  encodeShiftJis,
  salesCsvFilename,
  salesCsvHeader,
  salesCsvLines,
} from "~/domain/sales-csv";

/** The screen's data: the month, its neighbours, its totals and the asked page of rows. */
export async function loadSalesList(
  api: UpstreamClient,
  searchParams: URLSearchParams,
  now = new Date(),
) {
  const today = tokyoDate(now);
  const month = salesMonth(searchParams.get("month"), today);
  const page = readTableState(searchParams, ["recordedAt"], {
    sort: "recordedAt",
    order: "asc",
  }).page;
  // Two upstream calls whatever the month's size where the upstream sums the month: reading the
  // whole month for its totals costs one call per server page (issue 15).
  const [totals, rows, refunds] = await Promise.all([
    monthTotals(api, month),
    salesPage(api, month, page, SALES_PAGE_SIZE),
    // Money to give back that arrived this month (要返金): never in the totals (issue 28 #5).
    listRefunds(api, { month }),
  ]).catch(rethrowAsHttpError);
  // A page past the end (the month shrank, a hand-made URL) shows the month's first page.
  if (page > 1 && rows.length === 0) throw redirect(`/administrator/sales?month=${month}`);
  return {
    month,
    ...adjacentSalesMonths(month, today),
    months: salesMonthChoices(today),
    totals,
    page,
    pageSize: SALES_PAGE_SIZE,
    rows: (await Promise.all(rows.map((sale) => resolveSale(api, sale)))).map(toSaleRow),
    refunds: refunds ?? [],
  };
}

/** The month's totals: the upstream's aggregate, else every row of the month read and summed. */
async function monthTotals(api: UpstreamClient, month: string): Promise<SalesTotals> {
  const aggregate = await upstreamExtensions.use("salesTotals", () => salesTotals(api, month));
  if (aggregate.present) return aggregate.value;
  return sumSales(salesPages(api, month));
}

/** Count and sums over every row, reversals subtracting; gross = net + tax (integer yen). */
async function sumSales(pages: AsyncIterable<Sale[]>): Promise<SalesTotals> {
  const totals = { count: 0, net: 0, tax: 0, gross: 0 };
  for await (const sales of pages) {
    for (const sale of sales) {
      totals.count += 1;
      totals.net += sale.net;
      totals.tax += sale.tax;
    }
  }
  return { ...totals, gross: totals.net + totals.tax };
}

/**
 * The month's CSV download. The first upstream page is read before answering, so a failing
 * upstream is an error page rather than a broken file; each later page is asked for as the one
 * before it is encoded (one page ahead, so the upstream's work and the encoding overlap), and
 * each is encoded and enqueued on its own: a month of 100,000 sales never becomes one string. A
 * failure half-way errors the stream (the browser reports a failed download). Once `signal`
 * aborts (the browser went away) no further page is asked for.
 */
export async function salesCsvResponse(
  api: UpstreamClient,
  searchParams: URLSearchParams,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<Response> {
  const month = salesMonth(searchParams.get("month"), tokyoDate(now));
  const pages = salesPages(api, month);
  const first = await pages.next().catch(rethrowAsHttpError);
  let ahead: Promise<IteratorResult<Sale[]>> = Promise.resolve(first);
  /** The page after the one being encoded; a failure is met by the pull that awaits it. */
  const askAhead = () => {
    ahead = pages.next();
    ahead.catch(() => undefined);
  };
  const stop = async () => {
    await ahead.catch(() => undefined);
    await pages.return(undefined);
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encodeShiftJis(salesCsvHeader()));
      },
      // An empty page enqueues nothing, so the loop reads on: a pull that enqueues nothing
      // would not be called again.
      async pull(controller) {
        for (;;) {
          const page = await ahead;
          if (page.done) return controller.close();
          if (signal?.aborted) {
            await stop();
            return controller.close();
          }
          askAhead();
          if (page.value.length > 0) {
            return controller.enqueue(encodeShiftJis(salesCsvLines(page.value)));
          }
        }
      },
      cancel: stop,
    },
    // Pulled only when the response's writer reads: one page ahead of it, never more.
    { highWaterMark: 0 },
  );

  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=Shift_JIS",
      "Content-Disposition": `attachment; filename="${salesCsvFilename(month)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
