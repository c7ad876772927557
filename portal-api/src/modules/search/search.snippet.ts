// The matching text of a search result, as plain text with the ranges to highlight. The browser
// draws the ranges as <mark> elements around text nodes: nothing here is HTML, so a message that
// holds markup shows as the text it is.

export const SEARCH_FIELDS = [
  'subject',
  'message',
  'projectName',
  'location',
  'clientName',
  'clientEmail',
  'chat',
  'fileName',
  'sheetTitle',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Fields matched as a substring (trigram indexes); the others word by word, each word as a prefix. */
const SUBSTRING_FIELDS: ReadonlySet<SearchField> = new Set(['projectName', 'location', 'clientName', 'clientEmail']);

/** A snippet is at most this many characters, cut around its first mark. */
export const SNIPPET_MAX = 160;

export type Snippet = { field: SearchField; text: string; marks: Array<[number, number]> };

/**
 * The ranges of `text` that match the search: for word fields, every word of the text (letters
 * and digits, as the full-text indexes split it) that starts with one of the search's words; for
 * substring fields, every occurrence of the search as typed. Case-insensitive. Null when nothing
 * matches (a row found through another of its fields).
 */
export function snippetOf(field: SearchField, text: string, words: string[], search: string): Snippet | null {
  const marks: Array<[number, number]> = [];
  const lower = text.toLowerCase();
  if (SUBSTRING_FIELDS.has(field)) {
    const needle = search.trim().toLowerCase();
    if (!needle) return null;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) marks.push([at, at + needle.length]);
  } else {
    for (const m of lower.matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = m[0];
      const prefix = words.find((w) => word.startsWith(w));
      if (prefix !== undefined) marks.push([m.index, m.index + prefix.length]);
    }
  }
  if (!marks.length) return null;
  return cut(field, text, marks);
}

/** Cuts a long text to SNIPPET_MAX characters around its first mark, with an ellipsis at each cut end. */
function cut(field: SearchField, text: string, marks: Array<[number, number]>): Snippet {
  if (text.length <= SNIPPET_MAX) return { field, text, marks };
  const [first] = marks[0]!;
  const start = Math.max(0, Math.min(first - 40, text.length - SNIPPET_MAX));
  const end = Math.min(text.length, start + SNIPPET_MAX);
  const head = start > 0 ? '…' : '';
  const shift = head.length - start;
  const kept = marks.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift] as [number, number]);
  return { field, text: `${head}${text.slice(start, end)}${end < text.length ? '…' : ''}`, marks: kept };
}
