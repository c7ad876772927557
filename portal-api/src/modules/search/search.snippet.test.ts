import { describe, expect, it } from 'vitest';
import { SNIPPET_MAX, snippetOf } from './search.snippet.ts';

describe('snippetOf', () => {
  it('marks each word that starts with a word of the search, in any case', () => {
    const s = snippetOf('chat', 'Waterproofing addendum: the WATER table is high', ['water'], 'water')!;
    expect(s.marks.map(([a, b]) => s.text.slice(a, b))).toEqual(['Water', 'WATER']);
  });

  it('marks a substring field where the search occurs as typed', () => {
    const s = snippetOf('clientEmail', 'alice.delgado@example.com', [], 'DELGADO@')!;
    expect(s.marks).toEqual([[6, 14]]);
  });

  it('keeps markup as text', () => {
    const s = snippetOf('message', '<b>podium</b> slab', ['podium'], 'podium')!;
    expect(s.text).toBe('<b>podium</b> slab');
    expect(s.text.slice(...s.marks[0]!)).toBe('podium');
  });

  it('cuts a long text around its first match and shifts the marks with it', () => {
    const text = `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`;
    const s = snippetOf('chat', text, ['needle'], 'needle')!;
    expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX + 2);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.slice(...s.marks[0]!)).toBe('needle');
  });

  it('answers null when nothing matches', () => {
    expect(snippetOf('chat', 'nothing here', ['zzz'], 'zzz')).toBeNull();
    expect(snippetOf('projectName', 'Brickell', [], '   ')).toBeNull();
  });
});
