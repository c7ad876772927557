import { formatDateTime } from '../../../lib/date-format.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { FollowToggle } from '../../company/index.ts';
import { chatDayLabel, historyLines } from '../history-lines.ts';
import type { SectionProps } from '../section.ts';

/**
 * Who did what, when: the request's lifecycle steps and one line per day of chat, newest last. A
 * client company has several people, so a client's line names its author (docs/product.md,
 * "Colleagues"); the viewer's own read 'You'.
 */
export function HistorySection({ workspace, role }: SectionProps) {
  const { history, chatDays, client, query, following } = workspace;
  const me = useAuth((s) => s.userId);
  const who = (h: (typeof history)[number]) => {
    if (h.by === 'firm') return 'Estimating team';
    if (h.author) return h.author._id === me ? 'You' : h.author.fullName;
    return role === 'admin' ? client.fullName : 'You';
  };
  const lines = historyLines(history, chatDays);
  return (
    <>
      <h2>History</h2>
      {role === 'client' && following !== undefined ? <FollowToggle queryId={query._id} following={following} /> : null}
      {lines.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ol className="rqp-list rqp-history">
          {lines.map((line) =>
            line.kind === 'step' ? (
              <li key={line.key}>
                <strong>{who(line.entry)}</strong>: {line.entry.activity}
                <time dateTime={line.at}>{formatDateTime(line.at)}</time>
              </li>
            ) : (
              <li key={line.key} className="rqp-history-chat">
                <strong>Chat</strong>: {line.text}
                <time dateTime={line.day}>{chatDayLabel(line.day)}</time>
              </li>
            ),
          )}
        </ol>
      )}
    </>
  );
}
