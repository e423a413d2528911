import { useId } from 'react';
import type { AdminStats } from '../../../../contract/admin.ts';
import { shortMonthLabel } from '../../../../contract/dates.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { chartBars } from './chart.ts';
import { ScrollTable } from '../../ui/kit.tsx';

const WIDTH = 360;
const HEIGHT = 120;
const AXIS = 18;

/** One series as bars in plain SVG (no chart library on a 3G phone); the table below is its text. */
function Bars({
  history,
  pick,
  title,
  format,
}: {
  history: AdminStats['history'];
  pick: 'signups' | 'revenue';
  title: string;
  format: (n: number) => string;
}) {
  const titleId = useId();
  const { bars, max, barWidth } = chartBars(history, pick, WIDTH, HEIGHT);
  return (
    <figure className="admin-chart">
      <figcaption id={titleId}>
        {title} <span className="dash-muted">(scale to {format(max)})</span>
      </figcaption>
      {/* The table after the charts carries the same figures for screen readers. */}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        aria-hidden="true"
        focusable="false"
        className={`admin-bars is-${pick}`}
      >
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="admin-axis" />
        {bars.map((bar) => (
          <g key={bar.month}>
            <rect x={bar.x} y={bar.y} width={barWidth} height={bar.height} rx="2">
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
            <text x={bar.x + barWidth / 2} y={HEIGHT + AXIS - 4} textAnchor="middle">
              {bar.short}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** Sign-ups and revenue for the last 12 months, to look at rather than read. */
export function HistoryChart({ history }: { history: AdminStats['history'] }) {
  const revenue = (n: number) => formatCedis(n);
  return (
    <div className="admin-charts">
      <Bars history={history} pick="signups" title="Sign-ups per month" format={String} />
      <Bars history={history} pick="revenue" title="Subscription revenue per month" format={revenue} />
      <details className="admin-chart-table">
        <summary>Show the figures as a table</summary>
        <ScrollTable caption="Sign-ups and revenue for the last 12 months" captionHidden>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Sign-ups</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) => (
              <tr key={h.month}>
                <th scope="row">{shortMonthLabel(h.month)}</th>
                <td>{h.signups}</td>
                <td>{revenue(h.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </details>
    </div>
  );
}
