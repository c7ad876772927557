import { Fragment } from 'react';

/**
 * Text with its matching ranges in <mark>. The server sends plain text and [start, end) ranges,
 * never HTML; React puts each piece in a text node, so markup in a message shows as typed.
 */
export function Marked({ text, marks }: { text: string; marks: Array<[number, number]> }) {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const [start, end] of [...marks].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return <>{parts.map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}
