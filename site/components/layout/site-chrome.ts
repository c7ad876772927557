// The one script every marketing page ships: the navigation menus, the
// Login/Logout switch, session-routed call-to-action links and the welcome
// modal. Plain DOM, no framework (docs/product.md §2: public pages run no JavaScript unless a part is interactive; this
// is the only JavaScript of a page without interactive parts).
import { ctaTarget, hasSession, parseWelcomeState, shouldShowWelcome, WELCOME_KEY, type CtaKind } from './session-routing.ts';

const HOUR = 3_600_000;

function storedSession() {
  try {
    return { token: localStorage.getItem('token'), role: localStorage.getItem('role') };
  } catch {
    return { token: null, role: null };
  }
}

/** Session-routed links: the HTML holds the signed-out target, this fills in the rest. */
function routeLinks(): void {
  const session = storedSession();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-cta]')) {
    link.href = ctaTarget(link.dataset.cta as CtaKind, session, link.dataset.next);
  }
  const signedIn = hasSession(session);
  for (const el of document.querySelectorAll<HTMLElement>('[data-auth="guest"]')) el.hidden = signedIn;
  for (const el of document.querySelectorAll<HTMLElement>('[data-auth="user"]')) el.hidden = !signedIn;
}

/** docs/product.md §4: logout clears the token and role and goes to /. */
async function logout(): Promise<void> {
  const { token } = storedSession();
  if (token) {
    // End the server session too; the browser is signed out either way.
    await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
  }
  try {
    localStorage.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
  window.location.assign('/');
}

/** Menus are <details data-menu>: they already open by click, tap, Enter and Space. */
function wireMenus(): void {
  const menus = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  const close = (menu: HTMLDetailsElement) => {
    menu.open = false;
  };
  for (const menu of menus()) {
    // Opening one menu closes the others that do not contain it.
    menu.addEventListener('toggle', () => {
      if (menu.open) for (const other of menus()) if (other !== menu && !other.contains(menu)) close(other);
    });
    // Focus leaving the menu by Tab closes it, so it never hides the page behind.
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !menu.contains(next)) close(menu);
    });
  }
  document.addEventListener('click', (event) => {
    for (const menu of menus()) if (menu.open && !menu.contains(event.target as Node)) close(menu);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = menus().filter((m) => m.open);
    if (!open.length) return;
    // The innermost open menu around the focus (document order: outer first), else the last opened.
    const around = open.filter((m) => m.contains(document.activeElement));
    const target = around[around.length - 1] ?? open[open.length - 1]!;
    close(target);
    target.querySelector<HTMLElement>(':scope > summary')?.focus();
    event.preventDefault(); // one Escape closes one layer: the phone navigation stays open
  });

  const toggle = document.querySelector<HTMLButtonElement>('[data-nav-toggle]');
  const panel = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (toggle && panel) {
    const setOpen = (open: boolean) => {
      toggle.setAttribute('aria-expanded', String(open));
      panel.dataset.open = String(open);
    };
    toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
    document.addEventListener('click', (event) => {
      const target = event.target as Node;
      if (toggle.getAttribute('aria-expanded') === 'true' && !panel.contains(target) && !toggle.contains(target)) setOpen(false);
    });
    // Tab past its last link closes the phone navigation, so the focus never sits hidden behind it.
    panel.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (toggle.getAttribute('aria-expanded') === 'true' && next && !panel.contains(next) && !toggle.contains(next)) setOpen(false);
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented && toggle.getAttribute('aria-expanded') === 'true') {
        setOpen(false);
        toggle.focus();
      }
    });
  }
}

function wireWelcome(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-welcome]');
  if (!dialog) return;
  const read = () => {
    try {
      return parseWelcomeState(localStorage.getItem(WELCOME_KEY));
    } catch {
      return { dismissed: true } as const; // no storage: never nag on every page
    }
  };
  const write = (value: object) => {
    try {
      localStorage.setItem(WELCOME_KEY, JSON.stringify(value));
    } catch {
      // storage unavailable
    }
  };
  const remindLater = () => write({ until: Date.now() + Number(dialog.dataset.remindHours ?? 24) * HOUR });
  dialog.querySelector('[data-welcome-later]')?.addEventListener('click', () => {
    remindLater();
    dialog.close();
  });
  dialog.querySelector('[data-welcome-portal]')?.addEventListener('click', () => write({ dismissed: true }));
  // Escape or a click on the backdrop count as "later".
  dialog.addEventListener('cancel', remindLater);
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) {
      remindLater();
      dialog.close();
    }
  });
  if (!shouldShowWelcome(read(), Date.now())) return;
  // A visitor who has started on a form (the contact form, a search) is not interrupted: the modal
  // would take the focus mid-word and the rest of the typing would land on its buttons. It waits
  // for the next page.
  let typing = false;
  const onField = (event: Event) => {
    if ((event.target as Element | null)?.closest?.('input, textarea, select, [contenteditable="true"]')) typing = true;
  };
  document.addEventListener('focusin', onField);
  // After the page has settled, so the modal never competes with the first paint.
  window.setTimeout(
    () => {
      document.removeEventListener('focusin', onField);
      if (!typing && !dialog.open && shouldShowWelcome(read(), Date.now())) dialog.showModal();
    },
    Number(dialog.dataset.delayMs ?? 1500),
  );
}

routeLinks();
window.addEventListener('storage', routeLinks);
window.addEventListener('pageshow', routeLinks);
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) button.addEventListener('click', logout);
wireMenus();
wireWelcome();
