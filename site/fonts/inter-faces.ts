// Inter, the face every page is set in, served as two slices of @fontsource-variable/inter's
// Latin file, cut at build time by site/integrations/inter-subset.ts into site/fonts/generated/
// (the whole 48 KB file was the largest request of the home page's first paint).
// - Only the weight axis from 400 to 900: no page sets text lighter than 400, and the 100–400
//   half of the axis weighed 9 KB. Every layout feature is kept (kerning, contextual
//   alternates, tabular figures).
// - BASIC holds what the pages' copy is written in: ASCII, the Spanish letters, and the usual
//   punctuation. The rest of the Latin file is a second face with the complementary
//   unicode-range, which a browser downloads only for a page that uses one of those characters.

/** The Latin slice of @fontsource-variable/inter: the unicode-range of its latin face. */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** ASCII, then what else the pages' copy is written in. */
const BASIC = `U+0020-007E,${[...'\u00a0¡§©®°±·¿ÁÉÍÑÓ×ÚÜáéíñóúü–—‘’“”•…‹›€™−'].map((c) => `U+${c.codePointAt(0)!.toString(16)}`).join(',')}`;

export const INTER_SOURCE = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
export const INTER_WEIGHT = { min: 400, max: 900 } as const;
export const INTER_FAMILY = 'Inter Variable';

/** The code points of a CSS unicode-range (U+0000-00FF,U+0131,…). */
export function codePoints(unicodeRange: string): Set<number> {
  const out = new Set<number>();
  for (const term of unicodeRange.split(',')) {
    const [from = '', to = from] = term.trim().replace(/^U\+/i, '').split('-');
    for (let c = parseInt(from, 16); c <= parseInt(to, 16); c++) out.add(c);
  }
  return out;
}

const basic = codePoints(BASIC);
// Control characters have no glyph; in a unicode-range, the newlines of any page would make
// the browser fetch the second face.
const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c < 0xa0);
const rest = new Set([...codePoints(LATIN)].filter((c) => !basic.has(c) && !isControl(c)));

/** Sorted code points back into CSS unicode-range terms (U+20-7E, U+A0, …). */
function unicodeRange(points: Set<number>): string {
  const sorted = [...points].sort((a, b) => a - b);
  const terms: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i]!;
    const hex = (n: number) => n.toString(16).toUpperCase();
    terms.push(start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
  }
  return terms.join(', ');
}

/** The two faces: file name in site/fonts/generated/, its characters, and its unicode-range. */
export const INTER_FACES = [
  { file: 'inter-basic.woff2', points: basic },
  { file: 'inter-latin-rest.woff2', points: rest },
].map((face) => ({ ...face, text: String.fromCodePoint(...face.points), unicodeRange: unicodeRange(face.points) }));

/**
 * The @font-face rules, given each face's URL as the build emitted it. `optional`: a page never
 * lays its text out twice (`swap` shifted lines by up to 0.06 CLS when the font came late, and
 * still 0.036 behind a size-adjusted Arial fallback: docs/performance.md). The basic face is
 * preloaded (BaseLayout.astro), so it is usually there before the first paint.
 */
export function interFontFaces(urls: Record<string, string>): string {
  return INTER_FACES.map(
    (face) =>
      `@font-face{font-family:'${INTER_FAMILY}';font-style:normal;font-display:optional;font-weight:${INTER_WEIGHT.min} ${INTER_WEIGHT.max};` +
      `src:url(${urls[face.file]}) format('woff2-variations');unicode-range:${face.unicodeRange}}`,
  ).join('');
}
