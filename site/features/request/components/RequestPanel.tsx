import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { requestKeys, useWorkspace } from '../api.ts';
import './request-panel.css';

// The sections and their forms (react-hook-form, the upload client) are loaded on their own,
// once the workspace's data is here: the chat they sit next to is what its page is opened for.
// They kept /chat and /admin-chat over their first-load budget, and fetched beside that data
// they held back the conversation's first paint on a phone (docs/performance.md).
const PanelSections = lazy(() => import('./PanelSections.tsx'));

type Props = {
  /** For a skip link to the panel. */
  id?: string;
  queryId: string;
  role: 'admin' | 'client';
  /** The status the chat socket last announced: a change the panel has not seen reloads it. */
  liveStatus?: string | null;
  /** Bumped by each `queryLifecycle` frame (quote, addendum, revision, outcome): the panel reloads. */
  liveStamp?: number;
  /**
   * Told, as the screen's layout (its CSS, by width and text size) folds the panel behind its
   * toggle or unfolds it, whether it is folded: the screen puts it where it then shows in the
   * page's order (usePanelPlace). Called from a ResizeObserver, before the browser paints, outside
   * React's render.
   */
  onFolded?: (folded: boolean) => void;
};

/**
 * The request workspace beside a chat, for the admin and, read-only, the
 * client. Sections render in the order of sections.ts. Where it has no room beside the chat it
 * folds behind a toggle (chat.css, admin-chat.css; request-panel.css below 900 px).
 */
export const RequestPanel = memo(function RequestPanel({ id, queryId, role, liveStatus, liveStamp = 0, onFolded }: Props) {
  const client = useQueryClient();
  const workspace = useWorkspace(queryId);
  // The sections render after the chat beside them, in a render React may interrupt: the
  // request's data arrives for both at once, and drawing every section in the same task kept
  // the conversation off the screen and the page unresponsive for it (docs/performance.md).
  const data = useDeferredValue(workspace.data);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const toggleLabel = open ? 'Hide request details' : 'Show request details';
  const status = workspace.data?.query.status;
  useEffect(() => {
    if (liveStatus && status && liveStatus !== status) void client.invalidateQueries({ queryKey: requestKeys.workspace(queryId) });
  }, [liveStatus, status, queryId, client]);
  useEffect(() => {
    if (liveStamp > 0) void client.invalidateQueries({ queryKey: requestKeys.workspace(queryId) });
  }, [liveStamp, queryId, client]);
  // The toggle shows exactly where the layout folds the panel: its box, watched from before the
  // first paint, says which layout is on. With no layout to watch (a test's DOM), the panel stays
  // where the screen first put it.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const toggle = toggleRef.current;
    if (!onFolded || !toggle || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onFolded(toggle.offsetHeight > 0));
    observer.observe(toggle);
    return () => observer.disconnect();
  }, [onFolded]);

  return (
    <aside id={id} tabIndex={id ? -1 : undefined} className={`rqp${open ? ' is-open' : ''}`} aria-label="Request details">
      {/* A bar too narrow for the whole phrase on one line (a phone at large text) reads 'Details'
          with an arrow; its name stays the phrase. */}
      <button
        ref={toggleRef}
        type="button"
        className="rqp-toggle"
        aria-label={toggleLabel}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="rqp-toggle-long">{toggleLabel}</span>
        <span className="rqp-toggle-short">Details {open ? '▴' : '▾'}</span>
      </button>
      <div id={bodyId} className="rqp-body">
        {workspace.isPending || (workspace.data && !data) ? (
          <p role="status" className="rqp-note">
            Loading request…
          </p>
        ) : workspace.isError || !data ? (
          <p role="alert" className="rqp-note">
            Could not load this request.
          </p>
        ) : (
          <Suspense
            fallback={
              <p role="status" className="rqp-note">
                Loading request…
              </p>
            }
          >
            <PanelSections workspace={data} role={role} />
          </Suspense>
        )}
      </div>
    </aside>
  );
});
