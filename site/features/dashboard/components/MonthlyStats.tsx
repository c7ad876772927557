import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api.ts';
import { ScrollRegion } from '../../../ui/ScrollRegion.tsx';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)} %`);
const hours = (v: number | null) => (v === null ? '–' : v >= 48 ? `${Math.round(v / 24)} d` : `${Math.round(v)} h`);

/** Per month: requests received, median turnaround, share delivered before the bid date, win rate. */
export function MonthlyStats() {
  const { data, isPending, isError } = useQuery({
    queryKey: ['admin', 'monthly'],
    queryFn: () => call(api.queries.stats.monthly.$get({ query: { months: '6' } })).then((r) => r.months),
  });
  return (
    <section className="card monthly" aria-labelledby="monthly-title">
      <h2 id="monthly-title">Per month</h2>
      {isPending && <p role="status">Loading…</p>}
      {isError && <p role="alert">Failed to load monthly figures</p>}
      {data && (
        <ScrollRegion className="monthly-scroll" label="Per month table">
          <table>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Requests received</th>
                <th scope="col">Median turnaround</th>
                <th scope="col">Delivered before bid date</th>
                <th scope="col">Win rate</th>
              </tr>
            </thead>
            <tbody>
              {[...data].reverse().map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthName.format(new Date(`${m.month}-01T00:00:00Z`))}</th>
                  <td>{m.received}</td>
                  <td>{hours(m.medianTurnaroundHours)}</td>
                  <td>{pct(m.deliveredBeforeBidShare)}</td>
                  <td title={`${m.won} won, ${m.lost} lost, ${m.didNotBid} did not bid`}>
                    {pct(m.winRate)}
                    {m.won + m.lost > 0 && (
                      <span className="monthly-n">
                        {' '}
                        ({m.won}/{m.won + m.lost})
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <style>{`
        .monthly { min-width: 0; }
        .monthly-scroll { overflow-x: auto; max-width: 100%; }
        .monthly table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
        .monthly th, .monthly td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid var(--line, #e2e8f0); }
        .monthly td { white-space: nowrap; }
        .monthly thead th { font-size: .85rem; vertical-align: bottom; }
        .monthly-n { color: var(--muted, #5b6777); font-size: .85em; }
      `}</style>
    </section>
  );
}
