import { formatBytes } from '../../shared/byte-size.ts';
import type { DwgIndex } from './dwg-version.ts';
import type { PdfIndex } from './pdf-sheets.ts';
import type { ZipIndex } from './zip-listing.ts';
import { groupDigits } from '../../shared/en-us.ts';

// The one line shown for an indexed file, e.g.
// '42 sheets: A0.00–A5.12, S1.01–S3.04; 3 pages without a sheet number'.

const count = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;
const compare = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export function summarize(index: PdfIndex | ZipIndex | DwgIndex): string {
  if (index.kind === 'dwg') return `${index.release} drawing (${index.code})`;
  if (index.kind === 'zip') {
    const parts = [`${count(index.files, 'file')}, ${formatBytes(index.unpackedBytes)} unpacked`];
    if (index.bomb) parts.push('flagged as a possible ZIP bomb (not unpacked)');
    if (index.unsafeNames) parts.push(`${count(index.unsafeNames, 'name')} leaving the folder (../) flagged`);
    if (index.cut) parts.push(listCutNote(index.listedEntries, index.files, 'names'));
    return parts.join('; ');
  }
  const numbered = index.sheets.filter((s) => s.number);
  const without = index.sheets.length - numbered.length;
  // One range per discipline letter, in the order the set presents them.
  const groups = new Map<string, string[]>();
  for (const s of numbered) {
    const prefix = /^[A-Z]+/.exec(s.number!)?.[0] ?? '';
    groups.set(prefix, [...(groups.get(prefix) ?? []), s.number!]);
  }
  const ranges = [...groups.values()].map((list) => {
    const sorted = [...new Set(list)].sort(compare);
    return sorted.length === 1 ? sorted[0]! : `${sorted[0]}–${sorted[sorted.length - 1]}`;
  });
  const parts = [
    numbered.length
      ? `${count(numbered.length, 'sheet')}: ${ranges.join(', ')}`
      : `${count(index.sheets.length, 'page')}, no sheet numbers found`,
  ];
  if (numbered.length && without) parts.push(`${count(without, 'page')} without a sheet number`);
  if (index.capped) parts.push(`stopped at the page cap: ${groupDigits(index.indexedPages)} of ${groupDigits(index.pages)} pages read`);
  return parts.join('; ');
}

/** Said when a file's stored list stopped at its byte budget (INDEX_LIST_BUDGET_BYTES). */
export function listCutNote(listed: number, total: number, what: 'names' | 'pages'): string {
  return `${groupDigits(listed)} of ${groupDigits(total)} ${what} listed (the list is cut at its size limit)`;
}
