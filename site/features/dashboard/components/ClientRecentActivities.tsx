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
import './client-recent-activities.css';

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
    </section>
  );
}
