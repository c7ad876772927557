import { isOffline, OFFLINE_TEXT } from '../lib/offline.ts';

// A page open from before a redeploy asks for hashed /_astro/ files the new build no longer
// has (404): a part it loads on demand (the toast outlet, the upload client, a form's schema)
// fails, and the action that needed it failed without a word or with a misleading one
// ('Failed to create query'). Vite announces every failed dynamic import with
// a `vite:preloadError` event on window (Vite guide, "Load Error Handling"), which is
// rethrown to the caller as before; the page also says what happened and how to mend it, in
// a banner drawn with plain DOM so that it shows even when the chunk that failed is sonner's.

/** What a page whose build has been replaced says. */
export const STALE_PAGE_TEXT = 'This page is out of date. Please reload it.';

let banner: HTMLElement | null = null;

/**
 * Shows the banner once: 'This page is out of date' with a Reload button. Offline, the part
 * could not be fetched for that reason, a reload would fail too: the banner says so and goes
 * when the connection returns (the next attempt then tells the two apart).
 */
export function reportStalePage(): void {
  if (typeof document === 'undefined' || banner?.isConnected) return;
  const offline = isOffline();
  banner = document.createElement('div');
  banner.className = 'stale-page';
  banner.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = offline ? OFFLINE_TEXT : STALE_PAGE_TEXT;
  banner.append(text);
  const shown = banner;
  // A modal dialog (Modal.tsx) makes the rest of the page inert and covers it: while one is
  // open the banner goes inside it, and back to the page when it closes.
  const follow = new MutationObserver(() => placeAboveModals(shown));
  follow.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  if (offline) {
    window.addEventListener(
      'online',
      () => {
        follow.disconnect();
        shown.remove();
      },
      { once: true },
    );
  } else {
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'btn';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => window.location.reload());
    banner.append(reload);
  }
  placeAboveModals(banner);
}

function placeAboveModals(element: HTMLElement): void {
  const modals = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal'));
  const home = modals.at(-1) ?? document.body;
  if (element.parentElement !== home) home.append(element);
}

if (typeof window !== 'undefined') window.addEventListener('vite:preloadError', reportStalePage);
