import { formatDateTime } from '../../../lib/date-format.ts';
import type { SectionProps } from '../section.ts';

/** Who did what, when: the request's activities, newest last. */
export function HistorySection({ workspace, role }: SectionProps) {
  const { history, client } = workspace;
  const who = (by: 'client' | 'firm') => (by === 'firm' ? 'Estimating team' : role === 'admin' ? client.fullName : 'You');
  return (
    <>
      <h2>History</h2>
      {history.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ol className="rqp-list rqp-history">
          {history.map((h) => (
            <li key={h._id}>
              <strong>{who(h.by)}</strong>: {h.activity}
              <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
