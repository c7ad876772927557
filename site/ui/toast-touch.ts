import { OUTLET_CLASS } from './toast-place.ts';

// sonner pauses a toast's timer while a pointer is over the toasts and resumes it on
// mouseleave. A tap fires the compatibility mouse events (mouseover, mouseenter, mousemove)
// but no mouseleave until the next tap somewhere else, so a tapped toast stayed for good,
// past docs/product.md §9's 3 s or 5 s (Vue Sonner, the Vue port, has the same bug: its
// toasts never close after a tap). Mouse events that follow a touch are kept from the
// toasts; sonner's swipe and close button work on pointer events and click, which pass.

/** Compatibility mouse events come within this long of the touch's pointerup. */
const AFTER_TOUCH_MS = 1000;

/** Keeps the mouse events a tap synthesises from sonner's toasts; returns the undo. */
export function ignoreTouchHover(): () => void {
  let lastTouch = -Infinity;
  const onPointer = (e: PointerEvent) => {
    if (e.pointerType === 'touch') lastTouch = e.timeStamp;
  };
  const inToasts = (node: EventTarget | null) => node instanceof Element && node.closest(`.${OUTLET_CLASS}`) !== null;
  const onMouse = (e: MouseEvent) => {
    // React derives onMouseEnter from the `mouseout` of the element left (its relatedTarget is the
    // toast), so that one is kept from the toasts too, not only the events aimed at them.
    if (e.timeStamp - lastTouch < AFTER_TOUCH_MS && (inToasts(e.target) || inToasts(e.relatedTarget))) e.stopPropagation();
  };
  const mouse = ['mouseover', 'mouseenter', 'mousemove', 'mouseout'] as const;
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('pointerup', onPointer, true);
  for (const type of mouse) document.addEventListener(type, onMouse, true);
  return () => {
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('pointerup', onPointer, true);
    for (const type of mouse) document.removeEventListener(type, onMouse, true);
  };
}
