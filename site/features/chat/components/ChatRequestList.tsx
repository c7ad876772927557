import { memo, useMemo } from 'react';
import type { ChatRequest, ChatRequestFilter } from '../../../../portal-api/src/modules/chats/chats.schema.ts';
import { CHAT_REQUEST_FILTERS } from '../../../../portal-api/src/modules/chats/chats.labels.ts';
import { paths } from '../../../lib/routes.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { dueIn, statusLabel, useNow } from '../../request/index.ts';
import { useUnread } from '../../../shell/unread-store.ts';
import { lastLine, requestTitle, whenText } from '../request-row.ts';
import { useChatRequests } from '../api.ts';

const FILTER_LABELS: Record<ChatRequestFilter, string> = { unread: 'Unread', open: 'Open', all: 'All' };

type Props = {
  filter: ChatRequestFilter;
  onFilter: (filter: ChatRequestFilter) => void;
  currentQueryId: string | undefined;
  onOpen: (queryId: string) => void;
};

/**
 * docs/product.md §16: the admin chat's per-request list. One row per request, the newest activity
 * first: the project name, the client, the last message (who and what) with its time or date, the
 * unread count, the status and the delivery countdown. Filters Unread / Open / All.
 */
export const ChatRequestList = memo(function ChatRequestList({ filter, onFilter, currentQueryId, onOpen }: Props) {
  const rows = useChatRequests(filter);
  const list = useMemo(() => rows.data?.pages.flatMap((p) => p.data) ?? [], [rows.data]);
  const live = useUnread((s) => (s.total === null ? null : s.byQuery));
  const now = useNow(60_000);
  return (
    <section className="acr" aria-labelledby="acr-title">
      <h2 id="acr-title" className="acr-title">
        Requests
      </h2>
      <div className="acr-filters" role="group" aria-label="Show requests">
        {CHAT_REQUEST_FILTERS.map((f) => (
          <button key={f} type="button" className="acr-filter" aria-pressed={f === filter} onClick={() => onFilter(f)}>
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      <div role="status">
        {rows.isPending ? (
          <p className="acl-note">Loading requests…</p>
        ) : (
          !list.length && <p className="acl-note">{filter === 'unread' ? 'No unread messages.' : 'No requests.'}</p>
        )}
      </div>
      {list.length > 0 && (
        <ul className="acr-list">
          {list.map((row) => (
            <RequestRow
              key={row._id}
              row={row}
              now={now}
              isCurrent={row._id === currentQueryId}
              unread={row._id === currentQueryId ? 0 : live ? (live[row._id] ?? 0) : row.unread}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
      {rows.hasNextPage && (
        <button
          type="button"
          className="btn btn-sm btn-secondary acl-more"
          {...busyButton(rows.isFetchingNextPage, () => void rows.fetchNextPage())}
        >
          {rows.isFetchingNextPage ? 'Loading…' : 'Load more requests'}
        </button>
      )}
    </section>
  );
});

function RequestRow({
  row,
  now,
  isCurrent,
  unread,
  onOpen,
}: {
  row: ChatRequest;
  now: number;
  isCurrent: boolean;
  unread: number;
  onOpen: (id: string) => void;
}) {
  const title = requestTitle(row);
  const line = lastLine(row);
  const at = row.lastMessage?.createdAt ?? row.lastActivityAt;
  const when = whenText(at, new Date(now));
  const due = row.deliveryDueAt && (row.status === 'pending' || row.status === 'in_progress') ? dueIn(row.deliveryDueAt, now) : null;
  return (
    <li className={`acr-row${isCurrent ? ' is-current' : ''}`}>
      <a
        href={paths.adminChat(row._id)}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onOpen(row._id);
        }}
      >
        <span className="acr-line">
          <span className="acr-name">{title}</span>
          <time className="acl-time" dateTime={at}>
            {when}
          </time>
        </span>
        <span className="acr-line">
          <span className="acr-client">{row.client.fullName}</span>
          <span className="acr-status">{statusLabel(row.status)}</span>
        </span>
        <span className="acr-line">
          <span className="acr-preview">{line}</span>
          {unread > 0 && (
            <span className="acl-unread">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
        {due && <span className={`acr-due${due.isLate ? ' is-late' : ''}`}>{due.text}</span>}
      </a>
    </li>
  );
}
