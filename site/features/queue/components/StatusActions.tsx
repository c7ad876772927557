import { useEffect, useRef, useState } from 'react';
import { paths } from '../../../lib/routes.ts';
import { firstWords } from '../../../lib/truncate.ts';
import { allowedNext } from '../../../../portal-api/src/modules/queries/queries.rules.ts';
import type { Query } from '../../request/index.ts';

/** A request as the queue's rows and the workspace both hold it: its bid workflow whole or not. */
export type QueueRequest = Omit<Query, 'quotes' | 'fileSets' | 'revisions'>;
import { CloseConfirm } from './CloseConfirm.tsx';
import { useStatusChange } from './use-status-change.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { firstFocusable, rescueFocus } from '../../../ui/focus-rescue.ts';

type Props = {
  query: QueueRequest;
  onAnswer: (q: QueueRequest) => void;
  /** False inside the chat workspace, which is that chat. */
  chatLink?: boolean;
  /** False inside the chat workspace, whose header has docs/product.md §2's 'Close Query'. */
  closeControl?: boolean;
};

/** The status-change control of a queue row: Start / Mark answered / Add files / Close, and Chat. */
export function StatusActions({ query, onAnswer, chatLink = true, closeControl = true }: Props) {
  const change = useStatusChange();
  const [confirming, setConfirming] = useState(false);
  // The request is named too: one client's ten rows must not read alike to a screen reader or a voice command.
  const about = `query of ${query.user.fullName}: ${query.projectName || firstWords(query.subject || query.message, 8)}`;
  const actions = useRef<HTMLDivElement>(null);
  // The moves the one rules table allows from this status (the server checks them again).
  const next = allowedNext(query.status);
  // Start gives way to the next step's buttons: the focus goes to the first of them, or to the
  // list's heading if the row leaves the list (a 'Pending' filter), never to <body>.
  // So do Mark answered / Add files once their dialog closes: the button that opened it is gone
  // by then (the row moved on, or left the list).
  const keepFocus = (from: HTMLElement) => {
    const home = from.closest('section')?.querySelector<HTMLElement>('h2[tabindex]');
    rescueFocus(() => firstFocusable(actions.current) ?? home);
  };
  const start = (e: { currentTarget: HTMLElement }) => {
    keepFocus(e.currentTarget);
    change.mutate({ id: query._id, status: 'in_progress' });
  };
  const answer = (e: { currentTarget: HTMLElement }) => {
    keepFocus(e.currentTarget);
    onAnswer(query);
  };
  // Closed from here, and the row shows it (its Close gone) with the dialog shut: whatever order the
  // list's refresh, the dialog's focus return and the success came in, the focus goes to the row's
  // next control (its Chat link) or the list's heading. A row that left the list is the rescue's (below).
  const closedHere = useRef(false);
  const listHeading = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!closedHere.current || confirming || query.status !== 'closed') return;
    closedHere.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !actions.current?.contains(active)) return;
    (firstFocusable(actions.current) ?? listHeading.current)?.focus();
  }, [confirming, query.status]);
  // The row left the list (a filter without closed requests): the focus goes to the list's heading.
  useEffect(
    () => () => {
      if (!closedHere.current) return;
      const heading = listHeading.current;
      setTimeout(() => {
        if (document.activeElement === document.body || !document.activeElement) heading?.focus();
      });
    },
    [],
  );
  return (
    <div ref={actions} className="row-actions">
      {next.includes('in_progress') && (
        <button type="button" className="btn btn-sm btn-navy" {...busyButton(change.isPending, start)} aria-label={`Start ${about}`}>
          Start
        </button>
      )}
      {next.includes('answered') && (
        <button type="button" className="btn btn-sm" onClick={answer} aria-label={`Mark answered: ${about}`}>
          Mark answered
        </button>
      )}
      {query.status === 'answered' && (
        <button type="button" className="btn btn-sm btn-secondary" onClick={answer} aria-label={`Add files to ${about}`}>
          Add files
        </button>
      )}
      {closeControl && next.includes('closed') && (
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          {...busyButton(change.isPending, () => setConfirming(true))}
          // 'Close (query of …)': beside the admin chat's own 'Close Query' (docs/product.md §2) a name holding the
          // words 'Close query' would answer to it as well, for a voice command or a test.
          aria-label={`Close (${about})`}
        >
          Close
        </button>
      )}
      {chatLink && (
        <a className="btn btn-sm btn-secondary" href={paths.adminChat(query._id)} aria-label={`Chat about ${about}`}>
          Chat
        </a>
      )}
      <CloseConfirm
        open={confirming}
        busy={change.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          listHeading.current = actions.current?.closest('section')?.querySelector<HTMLElement>('h2[tabindex]') ?? null;
          // Set now, not on success: the list may show the request closed (or drop it) before the answer
          // comes, as the change reaches this page over the socket too. Where the focus goes: the effects above.
          closedHere.current = true;
          change.mutate(
            { id: query._id, status: 'closed' },
            {
              onSettled: () => setConfirming(false),
              onError: () => {
                closedHere.current = false;
              },
            },
          );
        }}
      />
    </div>
  );
}
