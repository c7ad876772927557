import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { DataTable } from '../../../ui/DataTable.tsx';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useMyActivities } from '../api.ts';
import { dashboardMessage } from '../../../lib/truncate.ts';
import type { Activity } from '../../../../portal-api/src/modules/activities/activities.schema.ts';
import { formatDate, formatTime, StatusBadge } from '../../request/index.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { ACTIVITIES_DEFAULT_LIMIT, latestActivitiesNote } from '../../../../portal-api/src/modules/activities/activities.labels.ts';
import { ScrollRegion } from '../../../ui/ScrollRegion.tsx';

const ROWS = 6; // docs/product.md §9
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Activity>();
const columns = helper.columns([
  helper.accessor('activity', { header: 'Activity' }),
  helper.accessor((a) => a.query?.message ?? '', {
    id: 'message',
    header: 'Query Message',
    // The project name leads (docs/product.md §11); the message follows, cut to 2 words (§9).
    cell: (info) => {
      const project = info.row.original.query?.projectName;
      const message = dashboardMessage(info.getValue());
      return (
        <span title={info.getValue()}>
          {project && <strong className="recent-project">{project}</strong>}
          {project && message && ' · '}
          {message || (project ? '' : '—')}
        </span>
      );
    },
  }),
  helper.accessor('createdAt', { id: 'date', header: 'Date', cell: (info) => formatDate(info.getValue()) }),
  helper.accessor('createdAt', { id: 'time', header: 'Time', cell: (info) => formatTime(info.getValue()) }),
  helper.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
]);
const NONE: Activity[] = [];

/** docs/product.md §2 dashboard table: 6 rows with View All / Show Less, 'No recent activities found.' */
export function RecentActivities() {
  const [expanded, setExpanded] = useState(false);
  const { data, error, isPending } = useMyActivities();
  const all = data ?? NONE;
  const rows = useMemo(() => (expanded ? all : all.slice(0, ROWS)), [all, expanded]);
  const table = useTable({ features, columns, data: rows });

  return (
    <section className="card recent" aria-labelledby="recent-title">
      <div className="recent-head">
        <h2 id="recent-title">Recent Activities</h2>
        {all.length > ROWS && (
          <button type="button" className="btn btn-secondary btn-sm" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'Show Less' : 'View All'}
          </button>
        )}
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {/* docs/product.md §8: the client's recent-activities error reads 'Error {status}: {body}' in red. */}
          {error instanceof ApiError && error.status ? `Error ${error.status}: ${error.body}` : PRODUCT_TEXTS.activitiesFailed}
        </p>
      ) : isPending ? (
        <p role="status">Loading…</p>
      ) : all.length === 0 ? (
        <p>{PRODUCT_TEXTS.noActivities}</p>
      ) : (
        // A named, focusable region: when large text makes the table scroll, a keyboard can scroll it.
        <ScrollRegion className="table-scroll" label="Recent Activities table">
          <DataTable table={table} className="data-table" rowKey={(r) => r._id} />
        </ScrollRegion>
      )}
      {expanded && all.length >= ACTIVITIES_DEFAULT_LIMIT && <p className="recent-note">{latestActivitiesNote(all.length)}</p>}
      <style>{`
        .recent-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem 1rem; margin-bottom: .75rem; }
        .recent-head h2 { margin: 0; font-size: 1.2rem; }
        .table-scroll { overflow-x: auto; }
        .recent-project { overflow-wrap: anywhere; }
        .recent-note { margin: .75rem 0 0; color: var(--muted); font-size: .9rem; }
        .data-table { width: 100%; border-collapse: collapse; font-size: .95rem; }
        .data-table th, .data-table td { text-align: left; padding: .6rem .5rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
        .data-table th { font-size: .82rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); }
        @media (max-width: 600px) {
          .data-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          .data-table tr { display: block; border-bottom: 1px solid var(--line); padding: .4rem 0; }
          /* The label takes up to 40 % (at least its longest word) and wraps between its words; the value, at the
             row's end, the rest of the line, where its words wrap whole and only a string longer than the line (a
             file name, an e-mail) breaks. In a flex row both shrank below their longest word ('Activit|y'). */
          .data-table td { display: grid; grid-template-columns: fit-content(40%) minmax(0, 1fr); justify-items: end; gap: 1rem; border: none; padding: .25rem .25rem; overflow-wrap: anywhere; }
          .data-table td::before { content: attr(data-label); justify-self: start; overflow-wrap: normal; font-weight: 600; color: var(--muted); font-size: .85rem; }
          /* With large text a label and its value no longer fit side by side: the label goes above (in rem, so it follows the text). */
          .recent .table-scroll { container-type: inline-size; }
          @container (max-width: 14rem) {
            .data-table td { grid-template-columns: minmax(0, 1fr); justify-items: start; gap: 0; }
          }
        }
      `}</style>
    </section>
  );
}
