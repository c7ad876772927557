// A success said as the page is about to change (a new request's 'Query submitted successfully!',
// docs/product.md §2, shows about a second before /my-queries opens) is said again on the page it
// leads to, where it stays to be read. One notice, for one page, for one tab, taken once.

const KEY = 'carriedNotice';
/** A notice older than this (a tab closed mid-way and restored later) is not shown. */
const FRESH_MS = 60_000;

/** Keeps `text` for the next page of this tab whose path is `to`. */
export function carryNotice(text: string, to: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ text, to, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the toast alone said it.
  }
}

/** The notice carried to `path`, once; null when there is none or it is stale. */
export function takeNotice(path: string): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { text?: unknown; to?: unknown; at?: unknown };
    if (saved.to !== path) return null;
    sessionStorage.removeItem(KEY);
    if (typeof saved.text !== 'string' || typeof saved.at !== 'number' || Date.now() - saved.at > FRESH_MS) return null;
    return saved.text;
  } catch {
    return null;
  }
}
