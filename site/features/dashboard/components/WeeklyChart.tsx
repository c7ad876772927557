import { useEffect, useRef, useState } from 'react';
import { useWeeklyStats } from '../api.ts';
import { ScrollRegion } from '../../../ui/ScrollRegion.tsx';
import { QUERY_STATUSES as STATUSES, statusLabel } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { weekLabel } from '../kpi-format.ts';
import './weekly-chart.css';

// Badge colours of global.css, dark enough to read against white (WCAG 1.4.11 non-text contrast).
const COLORS: Record<(typeof STATUSES)[number], string> = {
  pending: '#d97706',
  in_progress: '#2563eb',
  answered: '#16a34a',
  closed: '#6b7280',
};

const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };

/** Requests per week by status: a stacked bar chart drawn as inline SVG, with the same numbers as a table. */
export function WeeklyChart() {
  const { data, isPending, isError } = useWeeklyStats(8);
  // Drawn at the box's real width so labels keep their size on a phone.
  const box = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(560);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setW(Math.max(260, Math.round(entry!.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [data]);
  const weeks = data ?? [];
  const max = Math.max(1, ...weeks.map((w) => w.total));
  const step = max <= 4 ? 1 : Math.ceil(max / 4);
  const top = Math.ceil(max / step) * step;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(weeks.length, 1);
  const barW = Math.min(40, slot * 0.6);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const total = weeks.reduce((n, w) => n + w.total, 0);
  const summary = weeks.length ? `${total} requests in the last ${weeks.length} weeks; this week ${weeks[weeks.length - 1]!.total}.` : '';

  return (
    <section className="card" aria-labelledby="chart-h">
      <h2 id="chart-h">Requests per week</h2>
      {isPending ? (
        <p role="status">Loading chart…</p>
      ) : isError ? (
        <p className="error-text">Could not load the weekly numbers.</p>
      ) : (
        <figure className="chart">
          <div ref={box}>
            <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-t chart-d" className="chart-svg">
              <title id="chart-t">Requests per week by status</title>
              <desc id="chart-d">{summary} The table below has every number.</desc>
              {Array.from({ length: top / step + 1 }, (_, i) => i * step).map((v) => (
                <g key={v}>
                  <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#dfe4ea" />
                  <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#5b6675">
                    {v}
                  </text>
                </g>
              ))}
              {weeks.map((w, i) => {
                const x = PAD.left + slot * i + (slot - barW) / 2;
                let acc = 0;
                return (
                  <g key={w.weekStart}>
                    {STATUSES.map((s) => {
                      if (!w[s]) return null;
                      const y0 = y(acc);
                      acc += w[s];
                      return (
                        <rect key={s} x={x} width={barW} y={y(acc)} height={y0 - y(acc)} fill={COLORS[s]}>
                          <title>{`Week of ${weekLabel(w.weekStart)}: ${w[s]} ${statusLabel(s)}`}</title>
                        </rect>
                      );
                    })}
                    {(slot >= 44 || (weeks.length - 1 - i) % 2 === 0) && (
                      <text x={x + barW / 2} y={H - 10} textAnchor="middle" fontSize="11" fill="#5b6675">
                        {weekLabel(w.weekStart)}
                      </text>
                    )}
                  </g>
                );
              })}
            </svg>
          </div>
          <figcaption>
            <ul className="chart-legend" aria-label="Legend">
              {STATUSES.map((s) => (
                <li key={s}>
                  <span className="chart-swatch" style={{ background: COLORS[s] }} aria-hidden="true" />
                  {statusLabel(s)}
                </li>
              ))}
            </ul>
          </figcaption>
          <details className="chart-table">
            <summary>Show the numbers</summary>
            <ScrollRegion className="table-wrap" label="Requests per week by status">
              <table className="admin-table">
                <caption className="sr-only">Requests per week by status</caption>
                <thead>
                  <tr>
                    <th scope="col">Week of</th>
                    {STATUSES.map((s) => (
                      <th key={s} scope="col">
                        {statusLabel(s)}
                      </th>
                    ))}
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((w) => (
                    <tr key={w.weekStart}>
                      <th scope="row">{weekLabel(w.weekStart)}</th>
                      {STATUSES.map((s) => (
                        <td key={s}>{w[s]}</td>
                      ))}
                      <td>{w.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </figure>
      )}
    </section>
  );
}
