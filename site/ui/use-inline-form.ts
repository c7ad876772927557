import { useEffect, useRef, useState } from 'react';
import { rescueFocus } from './focus-rescue.ts';
import { useFocusFirstItem } from './use-dismiss.ts';

/**
 * A form that a button opens in place (the workspace's Decline, Add addendum, Request a
 * revision): as it opens, its first `field` takes the focus; as it closes (Cancel, or a
 * finished action) the focus goes back to the button that opened it, never to <body>
 * (WCAG 2.4.3). Put `opener` on that button and `form` on the form.
 */
export function useInlineForm(field: string) {
  const [isOpen, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstItem(form, isOpen, field);
  // The whole form in view once open, its buttons included: in a box that scrolls (the chat's quote
  // card on a phone) the focused field alone came into view, its buttons left below the edge.
  useEffect(() => {
    if (!isOpen) return;
    const frame = requestAnimationFrame(() => form.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);
  /** From now on, the focus goes back to the opener as soon as it shows again. */
  const returnFocus = () => rescueFocus(() => opener.current);
  return {
    isOpen,
    opener,
    form,
    returnFocus,
    open: () => setOpen(true),
    close: () => setOpen(false),
    /** Cancel: closes the form and gives the focus back to its opener. */
    cancel: () => {
      returnFocus();
      setOpen(false);
    },
  };
}
