import { useCallback, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/**
 * Where a chat screen puts the request panel in the page: the panel sits beside the conversation,
 * to its right, on a wide screen, and folds above it where it has no room (under 1100 px or at
 * large text: chat.css, admin-chat.css). The page's order follows what is seen, for the Tab key and
 * screen readers: the panel comes first where it shows above (docs/product.md §10).
 *
 * `onFolded` goes to RequestPanel, which calls it as its layout changes, before the browser paints;
 * the move is made at once, so no frame shows the old order. `inPageOrder(conversation, panel)`
 * gives the two (or anything that follows them, such as skip links to each) in that order: each
 * keeps its key, so React moves them and keeps their state and focus.
 */
export function usePanelPlace() {
  const [folded, setFolded] = useState(false);
  const onFolded = useCallback((now: boolean) => flushSync(() => setFolded(now)), []);
  const inPageOrder = useCallback(
    (conversation: ReactNode, panel: ReactNode): ReactNode[] => (folded ? [panel, conversation] : [conversation, panel]),
    [folded],
  );
  return { onFolded, inPageOrder };
}
