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
  const onMouse = (e: MouseEvent) => {
    if (e.timeStamp - lastTouch < AFTER_TOUCH_MS && e.target instanceof Element && e.target.closest(`.${OUTLET_CLASS}`)) {
      e.stopPropagation();
    }
  };
  const mouse = ['mouseover', 'mouseenter', 'mousemove'] as const;
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('pointerup', onPointer, true);
  for (const type of mouse) document.addEventListener(type, onMouse, true);
  return () => {
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('pointerup', onPointer, true);
    for (const type of mouse) document.removeEventListener(type, onMouse, true);
  };
}
