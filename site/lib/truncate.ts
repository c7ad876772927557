// The shortening rules of docs/product.md §9 "Text truncation", one function each, shared by
// the client portal and the admin area. Odd rules are kept on purpose and cited.

const ELLIPSIS = '…';

/** `text` cut short: an ellipsis replaces a closing period or comma, so no title ends in '.…'. */
function shortened(text: string): string {
  return `${text.replace(/[\s.,;:]+$/, '')}${ELLIPSIS}`;
}

function words(text: string | null | undefined): string[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean);
}

/** The first `count` words, with an ellipsis when there were more. */
export function firstWords(text: string | null | undefined, count: number): string {
  const all = words(text);
  return all.length > count ? shortened(all.slice(0, count).join(' ')) : all.join(' ');
}

/** docs/product.md §9: blog titles (admin blog cards, draft cards) show the first 7 words. */
export function blogTitle(title: string | null | undefined): string {
  return firstWords(title, 7);
}

/**
 * docs/product.md §9: the client dashboard shows 2 words of a query message, and a word
 * longer than 12 characters is cut to its first 5 plus an ellipsis.
 */
export function dashboardMessage(message: string | null | undefined): string {
  const all = words(message);
  const shown = all.slice(0, 2).map((w) => (w.length > 12 ? `${w.slice(0, 5)}${ELLIPSIS}` : w));
  const text = shown.join(' ');
  return all.length > 2 && !text.endsWith(ELLIPSIS) ? `${text}${ELLIPSIS}` : text;
}

/** docs/product.md §9: My Queries shows the first 3 words of a message. */
export function myQueriesMessage(message: string | null | undefined): string {
  return firstWords(message, 3);
}

/**
 * docs/product.md §2/§9: a chat sidebar query title of more than 3 words becomes its first
 * 12 words plus an ellipsis (so 4 to 12 words gain an ellipsis and lose
 * nothing) — as the product does it; do not "fix" it to 3.
 */
export function sidebarQueryTitle(text: string | null | undefined): string {
  const all = words(text);
  return all.length > 3 ? shortened(all.slice(0, 12).join(' ')) : all.join(' ');
}

/** docs/product.md §2/§9: the admin query modal previews 100 characters (Expand / Show Less). */
export function adminMessagePreview(message: string | null | undefined, limit = 100): { text: string; isTruncated: boolean } {
  const full = (message ?? '').trim();
  if (full.length <= limit) return { text: full, isTruncated: false };
  return { text: shortened(full.slice(0, limit)), isTruncated: true };
}

/**
 * docs/product.md §2 admin chat list: the first 4 words, each cut to 5 characters, with
 * ' ...' (space and three dots, as the product writes it) when there are more than 4.
 */
export function adminChatListText(text: string | null | undefined): string {
  const all = words(text);
  const shown = all
    .slice(0, 4)
    .map((w) => w.slice(0, 5))
    .join(' ');
  return all.length > 4 ? `${shown} ...` : shown;
}
