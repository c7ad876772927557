import { useEffect, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAdminActivities } from '../api.ts';
import { ScrollRegion } from '../../../ui/ScrollRegion.tsx';
import { formatDate, formatTime, StatusBadge } from '../../request/index.ts';
import { activityLine } from '../activity-line.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { ADMIN_ACTIVITIES_LIMIT, latestActivitiesNote } from '../../../../portal-api/src/modules/activities/activities.labels.ts';

const SHOWN = 6; // docs/product.md §9: admin recent activities show 6 rows by default.

/** docs/product.md §2 /admin: Recent Activities, 6 rows, View More / View Less; columns activity, date, time, status. */
export function RecentActivities() {
  const [expanded, setExpanded] = useState(false);
  const { data = [], isPending, isError } = useAdminActivities();
  useEffect(() => {
    if (isError) toast.error(PRODUCT_TEXTS.activitiesFailed);
  }, [isError]);
  const rows = expanded ? data : data.slice(0, SHOWN);
  return (
    <section className="card" aria-labelledby="acts-h">
      <h2 id="acts-h">Recent Activities</h2>
      {isPending ? (
        <p role="status">Loading activities…</p>
      ) : isError ? (
        <p className="error-text">{PRODUCT_TEXTS.activitiesFailed}</p>
      ) : !data.length ? (
        <p>{PRODUCT_TEXTS.noActivities}</p>
      ) : (
        <ScrollRegion className="table-wrap acts-wrap" label="Recent Activities table">
          <table className="admin-table acts-table">
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a._id}>
                  <td>{activityLine(a)}</td>
                  <td>{formatDate(a.createdAt)}</td>
                  <td>{formatTime(a.createdAt)}</td>
                  <td>
                    <StatusBadge status={a.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {expanded && data.length >= ADMIN_ACTIVITIES_LIMIT && (
        <p style={{ margin: '.75rem 0 0', color: 'var(--muted)', fontSize: '.9rem' }}>{latestActivitiesNote(data.length)}</p>
      )}
      {data.length > SHOWN && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
          style={{ marginTop: '.75rem' }}
        >
          {expanded ? 'View Less' : 'View More'}
        </button>
      )}
    </section>
  );
}
