import { useMonthlyStats } from '../api.ts';
import { ScrollRegion } from '../../../ui/ScrollRegion.tsx';
import { formatPercent, formatTurnaround, monthLabel, shareCounts } from '../kpi-format.ts';
import './monthly-stats.css';

const COLUMNS = ['Month', 'Requests received', 'Median turnaround', 'Delivered before bid date', 'Win rate'] as const;
/** The months shown: the server answers one row for each, empty months included. */
const MONTHS = 6;

/** The header row, the same over the figures and over their placeholder while they load. */
function Head() {
  return (
    <thead>
      <tr>
        {COLUMNS.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A share and, muted beside it, the counts behind it. */
function Share({ share, part, whole }: { share: number | null; part: number; whole: number }) {
  const counts = shareCounts(part, whole);
  return (
    <>
      {formatPercent(share)}
      {counts && <span className="monthly-n"> {counts}</span>}
    </>
  );
}

/**
 * Per month: requests received, median turnaround (hours and minutes), the share delivered before
 * the bid date and the win rate, each share with its counts. Narrow, each month is a card of
 * labelled lines, so nothing is cut off at 375 px.
 */
export function MonthlyStats() {
  const { data, isPending, isError } = useMonthlyStats(MONTHS);
  return (
    <section className="card monthly" aria-labelledby="monthly-title">
      <h2 id="monthly-title">Per month</h2>
      {isPending && (
        <>
          <p role="status" className="sr-only">
            Loading…
          </p>
          {/* The table's shape while its figures load, so nothing below it moves when they come
              (on a phone each month is a tall card: the dashboard jumped by six of them). */}
          <div className="monthly-scroll monthly-pending" aria-hidden="true">
            <table>
              <Head />
              <tbody>
                {Array.from({ length: MONTHS }, (_, i) => (
                  <tr key={i}>
                    <th>…</th>
                    {COLUMNS.slice(1).map((c) => (
                      <td key={c} data-label={c}>
                        …
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {isError && <p role="alert">Failed to load monthly figures</p>}
      {data && (
        // Wide enough from 640 px up; narrower, the rows become cards, so it never needs to scroll there.
        <ScrollRegion className="monthly-scroll" label="Per month table">
          <table>
            <Head />
            <tbody>
              {[...data].reverse().map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month)}</th>
                  <td data-label={COLUMNS[1]}>{m.received}</td>
                  <td data-label={COLUMNS[2]}>{formatTurnaround(m.medianTurnaroundMinutes)}</td>
                  <td data-label={COLUMNS[3]} title={`${m.deliveredBeforeBid} of ${m.answeredWithBidDate} answered before the bid date`}>
                    <Share share={m.deliveredBeforeBidShare} part={m.deliveredBeforeBid} whole={m.answeredWithBidDate} />
                  </td>
                  <td data-label={COLUMNS[4]} title={`${m.won} won, ${m.lost} lost, ${m.didNotBid} did not bid`}>
                    <Share share={m.winRate} part={m.won} whole={m.won + m.lost} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
