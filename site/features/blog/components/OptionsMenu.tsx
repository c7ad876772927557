import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss, useFocusFirstItem } from '../../../ui/use-dismiss.ts';

export type MenuAction = { label: string; href?: string; onSelect?: () => void; danger?: boolean };

/**
 * A card's options menu (docs/product.md §2: Edit / Delete, and Publish for drafts):
 * a menu button; arrows move between items, Escape and an outside click close
 * it and focus returns to the button.
 */
export function OptionsMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(wrap, open, () => close(false));

  useFocusFirstItem(wrap, open, '[role="menuitem"]');

  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [...(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="opt" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="icon-btn opt-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={label} className="menu-pop" onKeyDown={onKeyDown}>
          {actions.map((a) =>
            a.href ? (
              <a key={a.label} role="menuitem" href={a.href} tabIndex={-1}>
                {a.label}
              </a>
            ) : (
              <button
                key={a.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                style={a.danger ? { color: 'var(--danger)' } : undefined}
                onClick={() => {
                  close();
                  a.onSelect?.();
                }}
              >
                {a.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
