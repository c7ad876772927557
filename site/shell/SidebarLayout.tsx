import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Avatar } from '../ui/Avatar.tsx';
import { useDismiss } from '../ui/use-dismiss.ts';
import { rescueFocus } from '../ui/focus-rescue.ts';
import { PRODUCT_TEXTS } from '../lib/product-texts.ts';
// In the page's <head> with the rest of its CSS, parsed with the HTML rather than during React's first commit.
import './shell.css';

// The logout question opens on demand: its dialog loads when the pointer or the focus reaches
// Logout, not with the page (first-load JavaScript, docs/performance.md).
const loadConfirm = () => import('../ui/ConfirmDialog.tsx');
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));

export type NavItem = {
  label: string;
  href: string;
  match?: (path: string) => boolean;
  /** A count shown beside the label (unread chats); hidden at 0. */ badge?: number;
};

type Props = {
  title: string;
  width: number;
  items: NavItem[];
  profileHref: string;
  name: string;
  email: string;
  image?: string | null;
  onLogout: () => Promise<void> | void;
  children: ReactNode;
};

/**
 * The portal frame (docs/product.md §2 client and admin sidebars): a fixed-width sidebar
 * with avatar, name, e-mail and menu; under 768 px it becomes a top bar with a
 * menu button. Logout asks 'Are you sure you want to logout?' first.
 */
export function SidebarLayout({ title, width, items, profileHref, name, email, image, onLogout, children }: Props) {
  const [path, setPath] = useState('');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** Mounted from the first Logout on, so it closes as a dialog does. */
  const [asked, setAsked] = useState(false);
  useEffect(() => setPath(window.location.pathname), []);
  const burger = useRef<HTMLButtonElement>(null);
  const side = useRef<HTMLElement>(null);
  // The phone menu closes on Escape (focus back on its button), on a click outside it, and when Tab leaves it.
  const close = useCallback(() => setOpen(false), []);
  useDismiss(side, open, close, burger);
  useEffect(() => {
    const aside = side.current;
    if (!open || !aside) return;
    const onFocusOut = (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null;
      if (next && !aside.contains(next) && !burger.current?.contains(next)) setOpen(false);
    };
    aside.addEventListener('focusout', onFocusOut);
    return () => aside.removeEventListener('focusout', onFocusOut);
  }, [open]);
  const unread = items.reduce((sum, item) => sum + (item.badge ?? 0), 0);
  const isActive = (item: NavItem) => (item.match ? item.match(path) : path === item.href || path.startsWith(`${item.href}/`));

  return (
    // The product's width in px at the browser's default 16 px text, in rem so it grows with larger text
    // (at 200 % the items kept 185 px and wrapped or were cut).
    <div className="shell" style={{ ['--sidebar-w' as string]: `${width / 16}rem` }}>
      <header className="shell-top">
        <button
          ref={burger}
          type="button"
          className="shell-burger"
          aria-expanded={open}
          aria-controls="shell-nav"
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true">☰</span> <span className="sr-only">Menu</span>
          {/* On a phone the menu is folded: its unread count shows on the button too. */}
          {unread > 0 && (
            <span className="shell-badge shell-burger-badge" data-testid="badge-menu">
              {unread > 99 ? '99+' : unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </button>
        <strong>{title}</strong>
      </header>
      <aside ref={side} id="shell-nav" className={`shell-side${open ? ' is-open' : ''}`} aria-label={title}>
        <div className="shell-title">{title}</div>
        <a className="shell-me" href={profileHref}>
          <Avatar name={name} image={image} size={48} />
          <span className="shell-me-text">
            <span className="shell-name">{name || PRODUCT_TEXTS.unknownUser}</span>
            <span className="shell-email">{email}</span>
          </span>
        </a>
        <nav>
          <ul>
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={isActive(item) ? 'page' : undefined}>
                  {item.label}
                  {item.badge ? (
                    <span className="shell-badge" data-testid={`badge-${item.label}`}>
                      {item.badge > 99 ? '99+' : item.badge}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="shell-logout"
                onPointerEnter={() => void loadConfirm()}
                onFocus={() => void loadConfirm()}
                onClick={() => {
                  // On a phone the menu folds as the dialog opens: Cancel gives the focus to ☰, not to a hidden Logout.
                  rescueFocus(() => burger.current);
                  setAsked(true);
                  setConfirming(true);
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="shell-main" id="content" tabIndex={-1}>
        {children}
      </div>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title="Logout"
            message="Are you sure you want to logout?"
            confirmLabel="Yes"
            cancelLabel="Cancel"
            onCancel={() => setConfirming(false)}
            onConfirm={() => void onLogout()}
          />
        </Suspense>
      )}
    </div>
  );
}
