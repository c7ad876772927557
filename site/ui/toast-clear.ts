// Toasts never lie over a control of the page (WCAG 2.4.11, Focus Not Obscured). Where a
// toast's place is fixed (toast-place.ts), the page under it is not: a list's next row, a
// form's button, the control the focus has just moved to (Approve → Yes moves it to the next
// Approve). So while toasts show, their stack is slid up or down, just enough to clear every
// control it would cover; where no such place exists on the screen (a phone full of buttons),
// it clears at least the focused one. Checked again whenever the toasts, the focus, the scroll
// position or the window change.

/** `data-keep-clear`: not a control, but read at a glance while toasts show (a deadline). */
const CONTROLS =
  '[data-keep-clear], a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"], [contenteditable="true"]';
/** Space kept between a toast and the control it clears. */
const GAP = 8;
/** How close to the window's edges a slid stack may come. */
const EDGE = 4;

type Box = { top: number; bottom: number; left: number; right: number };

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const shifted = (b: Box, dy: number): Box => ({ ...b, top: b.top + dy, bottom: b.bottom + dy });

/** The visible controls of the page outside the toasts, behind no open modal dialog. */
function controlBoxes(outlet: Element): Box[] {
  const modal = document.querySelector('dialog[open]:modal');
  const boxes: Box[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (outlet.contains(el) || (modal && !modal.contains(el))) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    // A scrolling region or a message log taller than half the window is a place to read, not a
    // control a toast could keep clear of; the focus rule below still clears it when focused.
    if (r.height > window.innerHeight / 2) continue;
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) continue;
    boxes.push(r);
  }
  return boxes;
}

/** The stack of toasts in one list, where it would be with no slide; null when it shows none. */
function stackBox(list: HTMLElement, slide: number): Box | null {
  let box: Box | null = null;
  for (const toast of list.querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])')) {
    const r = toast.getBoundingClientRect();
    if (r.height === 0) continue;
    box = box
      ? {
          top: Math.min(box.top, r.top),
          bottom: Math.max(box.bottom, r.bottom),
          left: Math.min(box.left, r.left),
          right: Math.max(box.right, r.right),
        }
      : { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  }
  return box && shifted(box, -slide);
}

/** The smallest slide that takes `stack` off every one of `boxes` and keeps it on screen; null when there is none. */
export function clearSlide(stack: Box, boxes: Box[], height: number): number | null {
  const inColumn = boxes.filter((b) => b.left < stack.right && stack.left < b.right);
  const candidates = [0, ...inColumn.flatMap((b) => [b.top - GAP - stack.bottom, b.bottom + GAP - stack.top])].sort(
    (a, b) => Math.abs(a) - Math.abs(b),
  );
  for (const dy of candidates) {
    const moved = shifted(stack, dy);
    if (moved.top < EDGE || moved.bottom > height - EDGE) continue;
    if (!inColumn.some((b) => overlaps(moved, b))) return dy;
  }
  return null;
}

/** Slides each list of toasts clear of the page's controls, else of the focused one. */
function place(outlet: Element): void {
  for (const list of outlet.querySelectorAll<HTMLElement>('[data-sonner-toaster]')) {
    const slide = Number(list.dataset.slide ?? 0);
    const stack = stackBox(list, slide);
    if (!stack) continue;
    const focused =
      document.activeElement instanceof HTMLElement && !outlet.contains(document.activeElement)
        ? [document.activeElement.getBoundingClientRect()]
        : [];
    const dy = clearSlide(stack, controlBoxes(outlet), window.innerHeight) ?? clearSlide(stack, focused, window.innerHeight) ?? 0;
    if (dy === slide) continue;
    list.dataset.slide = String(dy);
    // `translate`, not `transform`: sonner's own transform (centring, lifting) stays as it is.
    list.style.translate = dy ? `0 ${dy}px` : '';
  }
}

/** Keeps the toasts of `outlet` (Toasts.tsx) clear of the page's controls; returns the undo. */
export function keepToastsClear(outlet: Element): () => void {
  let frame = 0;
  let settled: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), place(outlet)));
  };
  // sonner's entrance runs 400 ms; the stack is measured again once it has settled.
  const settle = () => {
    schedule();
    clearTimeout(settled);
    settled = setTimeout(schedule, 450);
  };
  const toasts = new MutationObserver(settle);
  toasts.observe(outlet, { childList: true, subtree: true, attributeFilter: ['data-mounted', 'data-removed', 'data-expanded'] });
  document.addEventListener('focusin', schedule);
  window.addEventListener('scroll', schedule, { capture: true, passive: true });
  window.addEventListener('resize', schedule);
  return () => {
    // Neither a frame nor the settling check may run after the undo: the page (or a test's
    // document) may be gone by then.
    clearTimeout(settled);
    cancelAnimationFrame(frame);
    toasts.disconnect();
    document.removeEventListener('focusin', schedule);
    window.removeEventListener('scroll', schedule, { capture: true });
    window.removeEventListener('resize', schedule);
  };
}
