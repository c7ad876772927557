import { type RefObject, useEffect, useLayoutEffect } from 'react';

/**
 * Closes a popup on any click outside `ref` (and its `trigger`, which toggles it itself) and on Escape
 * (docs/product.md §2: the options menu closes on outside click). Escape gives the focus back to `trigger` (the
 * menu button), so it never drops to the page's body; an Escape a dialog inside already took is left alone.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
  trigger?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      const target = e.target as Node;
      if (ref.current && !ref.current.contains(target) && !trigger?.current?.contains(target)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      onClose();
      trigger?.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, onClose, trigger]);
}

/**
 * Moves focus to the popup's first item as it opens. A layout effect runs as the menu is
 * committed, before the browser paints, so a Tab pressed right after the click cannot leave
 * from the menu button instead.
 */
export function useFocusFirstItem(ref: RefObject<HTMLElement | null>, open: boolean, items = '.menu-pop button') {
  useLayoutEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>(items)?.focus();
  }, [ref, open, items]);
}
