// The report's chart of list impressions (bars, left axis) and clicks (line, right axis) per day,
// drawn as SVG on the server: it shows without JavaScript and ships no chart library (ADR 0010).
// Two axes because clicks are a small fraction of impressions and would lie flat on one scale;
// bars against a line with dots keep the series apart without relying on colour.
import { niceAxisMax, type ChartPoint } from "~/domain/report";

// A narrow drawing scaled to the width: on a 375 px phone the text stays near its nominal size.
const WIDTH = 360;
const HEIGHT = 240;
const PAD = { top: 34, right: 30, bottom: 26, left: 36 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const IMP_COLOR = "#4c6ef5";
const CLK_COLOR = "#e8590c";

const sum = (points: readonly ChartPoint[], key: "imp" | "clk") =>
  points.reduce((total, p) => total + p[key], 0);

export function ReportChart({ month, points }: { month: string; points: readonly ChartPoint[] }) {
  const impMax = niceAxisMax(Math.max(0, ...points.map((p) => p.imp)));
  const clkMax = niceAxisMax(Math.max(0, ...points.map((p) => p.clk)));
  const slot = PLOT_W / Math.max(points.length, 1);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const y = (value: number, max: number) => PAD.top + PLOT_H - (value / max) * PLOT_H;
  // The line and its dots stop at today: the days to come are not zero clicks.
  const drawn = points.flatMap((p, i) => (p.past ? [{ p, i }] : []));
  const line = drawn
    .map(({ p, i }) => `${x(i).toFixed(1)},${y(p.clk, clkMax).toFixed(1)}`)
    .join(" ");
  const titleId = `report-chart-title-${month}`;
  const descId = `report-chart-desc-${month}`;
  const ticks = [0, 0.5, 1];

  return (
    <svg
      className="report-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      xmlns="http://www.w3.org/2000/svg"
      fontFamily="sans-serif"
    >
      <title id={titleId}>{`${month} の日別リスト表示回数とクリック回数`}</title>
      <desc id={descId}>
        {`${drawn.length}日間の合計: リスト表示回数 ${sum(points, "imp")}回、クリック回数 ${sum(points, "clk")}回。` +
          "棒グラフがリスト表示回数（左の目盛）、折れ線がクリック回数（右の目盛）。日別の数値は下の表にあります。"}
      </desc>

      <g aria-hidden="true" fontSize="12">
        <rect x={PAD.left} y={8} width={12} height={10} fill={IMP_COLOR} />
        <text x={PAD.left + 16} y={17}>
          リスト表示回数
        </text>
        <line
          x1={PAD.left + 104}
          y1={13}
          x2={PAD.left + 126}
          y2={13}
          stroke={CLK_COLOR}
          strokeWidth={2}
        />
        <circle cx={PAD.left + 115} cy={13} r={2.5} fill={CLK_COLOR} />
        <text x={PAD.left + 131} y={17}>
          クリック回数
        </text>

        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={PAD.left + PLOT_W}
              y1={y(t * impMax, impMax)}
              y2={y(t * impMax, impMax)}
              stroke="#dee2e6"
            />
            <text x={PAD.left - 4} y={y(t * impMax, impMax) + 4} textAnchor="end" fill={IMP_COLOR}>
              {t * impMax}
            </text>
            <text x={PAD.left + PLOT_W + 4} y={y(t * clkMax, clkMax) + 4} fill={CLK_COLOR}>
              {t * clkMax}
            </text>
          </g>
        ))}

        {points.map((p, i) => (
          <rect
            key={p.d}
            x={x(i) - slot * 0.35}
            y={y(p.imp, impMax)}
            width={slot * 0.7}
            height={PAD.top + PLOT_H - y(p.imp, impMax)}
            fill={IMP_COLOR}
            opacity={0.75}
          />
        ))}
        <polyline points={line} fill="none" stroke={CLK_COLOR} strokeWidth={2} />
        {drawn.map(({ p, i }) => (
          <circle key={p.d} cx={x(i)} cy={y(p.clk, clkMax)} r={2} fill={CLK_COLOR} />
        ))}

        {points.map((p, i) => {
          const day = Number(p.d.slice(8));
          return day === 1 || day % 5 === 0 ? (
            <text key={p.d} x={x(i)} y={HEIGHT - 10} textAnchor="middle">
              {day}
            </text>
          ) : null;
        })}
        <text x={WIDTH - 4} y={HEIGHT - 10} textAnchor="end" fontSize="10">
          日
        </text>
      </g>
    </svg>
  );
}
