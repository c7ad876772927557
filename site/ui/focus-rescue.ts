/**
 * Keeps the keyboard focus from dropping to <body> (WCAG 2.4.3 Focus Order) when the control
 * that has it is about to be removed, hidden or disabled: a pager button at the last page, a
 * form's Cancel as the form closes, a Start button replaced by the next step, a menu item hidden
 * behind a dialog. Without this the next Tab starts again at 'Skip to content'.
 *
 * Call `rescueFocus(target)` in the handler of the action. From then on, as soon as the focused
 * control can no longer hold the focus and the focus is nowhere usable, `target()` is focused.
 * `target` is read at that moment, so it may name a control the action is about to render
 * (the button that reopens a form); while it returns nothing usable the rescue keeps waiting.
 * Focus moving on by itself (a Tab, a click elsewhere) ends the watch; a dialog opened by the
 * action (a confirmation) does not, so its Cancel can still bring the focus back.
 * A plain function, not a hook: the control's own component is often the one that unmounts.
 * `preventScroll`: the action moved the page itself (the pager brings its list's top into view).
 */

type Target = () => HTMLElement | null | undefined;

let stop: (() => void) | null = null;

export function rescueFocus(target: Target, options: { preventScroll?: boolean } = {}): void {
  stop?.();
  const from = document.activeElement;
  if (!(from instanceof HTMLElement) || from === document.body) return;
  const check = () => {
    if (isUsable(from) || isUsable(document.activeElement)) return;
    const next = target();
    if (!next || !isUsable(next)) return;
    next.focus({ preventScroll: options.preventScroll });
    if (document.activeElement === next) stop?.();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'class', 'style', 'open', 'inert'],
  });
  const onFocusIn = (e: FocusEvent) => {
    const el = e.target as Element;
    if (el !== from && !el.closest('dialog[open]')) stop?.();
  };
  const onPointer = (e: PointerEvent) => {
    const el = e.target as Element;
    if (!from.contains(el) && !el.closest('dialog[open]')) stop?.();
  };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointer);
  const done = () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointer);
    if (stop === done) stop = null;
  };
  stop = done;
}

/** Whether `el` can hold the focus: in the page, shown, enabled, not behind an open modal dialog. */
function isUsable(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement) || el === document.body || !el.isConnected) return false;
  if (el.matches(':disabled') || el.closest('[inert]')) return false;
  // checkVisibility() is in every browser we serve; a DOM without it (jsdom in unit tests) gets the hidden attribute.
  if (typeof el.checkVisibility === 'function' ? !el.checkVisibility() : !!el.closest('[hidden]')) return false;
  const modal = document.querySelector('dialog[open]:modal');
  return !modal || modal.contains(el);
}

/** The first control inside `scope` that can take the focus, for targets like "the next step's button". */
export function firstFocusable(scope: Element | null | undefined): HTMLElement | null {
  if (!scope) return null;
  for (const el of scope.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex]')) {
    if (el.tabIndex >= 0 && isUsable(el) && el.getAttribute('aria-disabled') !== 'true') return el;
  }
  return null;
}
