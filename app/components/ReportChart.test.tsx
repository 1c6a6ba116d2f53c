// The report chart as the server renders it: an accessible SVG with both series and a legend.
import { writeFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chartPoints } from "~/domain/report";
import { reportRow } from "../../tests/mocks/reports";
import { ReportChart } from "./ReportChart";

const points = chartPoints(
  "2026-11",
  [
    reportRow("2026-11-03"),
    reportRow("2026-11-04", { imp: 80, clk: 8, ctr: 0.1, pv: 9, link1: 0 }),
  ],
  "2026-11-30",
);

const render = () => renderToStaticMarkup(<ReportChart month="2026-11" points={points} />);

describe("ReportChart", () => {
  it("is an image named by its title and description", () => {
    const svg = render();
    // Set REPORT_CHART_SVG=/tmp/chart.svg to look at it (e.g. chromium --headless --screenshot).
    if (process.env.REPORT_CHART_SVG) writeFileSync(process.env.REPORT_CHART_SVG, svg);
    expect(svg).toMatch(/^<svg[^>]*role="img"/);
    expect(svg).toContain('aria-labelledby="report-chart-title-2026-11 report-chart-desc-2026-11"');
    expect(svg).toContain(
      '<title id="report-chart-title-2026-11">2026-11 の日別リスト表示回数とクリック回数</title>',
    );
    expect(svg).toContain("30日間の合計: リスト表示回数 200回、クリック回数 11回。");
  });

  it("draws a bar per day, the clicks as a line, and a legend naming both", () => {
    const svg = render();
    // 30 bars plus the legend's swatch.
    expect(svg.match(/<rect /g)).toHaveLength(31);
    expect(svg.match(/<polyline /g)).toHaveLength(1);
    expect(svg).toContain(">リスト表示回数</text>");
    expect(svg).toContain(">クリック回数</text>");
    // Each axis tops out at a round number over its busiest day: 120 impressions, 8 clicks.
    expect(svg).toMatch(/fill="#4c6ef5"[^>]*>200<\/text>/);
    expect(svg).toMatch(/fill="#e8590c"[^>]*>8<\/text>/);
  });

  it("stops the clicks line at today: the days to come are not drawn as zero", () => {
    const current = chartPoints("2026-11", [], "2026-11-10");
    const svg = renderToStaticMarkup(<ReportChart month="2026-11" points={current} />);
    const line = /<polyline points="([^"]*)"/.exec(svg)![1]!;
    expect(line.split(" ")).toHaveLength(10);
    expect(svg.match(/<circle /g)).toHaveLength(10 + 1); // + the legend's dot
    expect(svg).toContain("10日間の合計");
  });

  it("an empty month still draws the axes, with no NaN anywhere", () => {
    const svg = renderToStaticMarkup(
      <ReportChart month="2026-02" points={chartPoints("2026-02", [], "2026-03-01")} />,
    );
    expect(svg).not.toContain("NaN");
    expect(svg).toContain("28日間の合計: リスト表示回数 0回、クリック回数 0回。");
  });
});
