import { describe, expect, it } from 'vitest';
import { firstWords, formatPostDate, parseTags, slugify } from './blogs.rules.ts';

describe('firstWords', () => {
  it('keeps short texts whole and cuts long ones with an ellipsis (docs/product.md §9: titles 7 words, previews 40)', () => {
    expect(firstWords('One two three', 7)).toBe('One two three');
    expect(firstWords('  a b  c d e f g h i ', 7)).toBe('a b c d e f g…');
    expect(firstWords('exactly seven words are in this title', 7)).toBe('exactly seven words are in this title');
    expect(firstWords('', 40)).toBe('');
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops blanks and case-insensitive duplicates', () => {
    expect(parseTags(' concrete, Takeoff ,, CONCRETE , rebar  ties ')).toEqual(['concrete', 'Takeoff', 'rebar ties']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('slugify', () => {
  it('makes lowercase ASCII words joined by hyphens', () => {
    expect(slugify("Bidding 101: Miami's Öffice Towers!")).toBe('bidding-101-miamis-office-towers');
    expect(slugify('  --Hello   World--  ')).toBe('hello-world');
    expect(slugify('!!!')).toBe('post');
    expect(slugify('Über Straße Ärger résumé')).toBe('uber-strasse-arger-resume');
    expect(slugify('Æsir Œuvre Søren Łódź Þór')).toBe('aesir-oeuvre-soren-lodz-thor');
    expect(slugify('a'.repeat(100)).length).toBe(80);
    expect(slugify(`${'word '.repeat(20)}`)).not.toMatch(/-$/);
  });
});

describe('formatPostDate', () => {
  it("gives a post its UTC day, as the server's HTML does, in any browser's time zone", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'UTC', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        expect(formatPostDate('2026-11-24T02:00:00Z')).toBe('November 24, 2026');
        expect(formatPostDate('2026-11-24T23:30:00Z')).toBe('November 24, 2026');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
