import { formatDateTime } from '../../../lib/date-format.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { FollowToggle } from '../../company/index.ts';
import type { SectionProps } from '../section.ts';

/**
 * Who did what, when: the request's activities, newest last. A client company has several people,
 * so a client's line names its author (docs/product.md, "Colleagues"); the viewer's own read 'You'.
 */
export function HistorySection({ workspace, role }: SectionProps) {
  const { history, client, query, following } = workspace;
  const me = useAuth((s) => s.userId);
  const who = (h: (typeof history)[number]) => {
    if (h.by === 'firm') return 'Estimating team';
    if (h.author) return h.author._id === me ? 'You' : h.author.fullName;
    return role === 'admin' ? client.fullName : 'You';
  };
  return (
    <>
      <h2>History</h2>
      {role === 'client' && following !== undefined ? <FollowToggle queryId={query._id} following={following} /> : null}
      {history.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ol className="rqp-list rqp-history">
          {history.map((h) => (
            <li key={h._id}>
              <strong>{who(h)}</strong>: {h.activity}
              <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
