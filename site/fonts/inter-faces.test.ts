import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { codePoints as points, INTER_FACES, INTER_SOURCE, interFontFaces } from './inter-faces.ts';

// The package's own rule for the file the faces are cut from.
const packageCss = fs.readFileSync(createRequire(import.meta.url).resolve('@fontsource-variable/inter/wght.css'), 'utf8');
const sourceFile = INTER_SOURCE.split('/').at(-1)!;
const latinRule = new RegExp(`src: url\\(\\./files/${sourceFile.replace('.', '\\.')}\\)[^;]*;\\s*unicode-range: ([^;]+);`).exec(packageCss);

describe('the Inter faces', () => {
  it('split the Latin face of @fontsource-variable/inter in two, without overlap, leaving out only control characters', () => {
    expect(latinRule, `${sourceFile} in wght.css`).not.toBeNull();
    const latin = points(latinRule![1]!);
    const [basic, rest] = INTER_FACES.map((face) => points(face.unicodeRange));
    expect([...basic!].filter((c) => rest!.has(c))).toEqual([]);
    const covered = new Set([...basic!, ...rest!]);
    expect([...covered].filter((c) => !latin.has(c))).toEqual([]);
    const missing = [...latin].filter((c) => !covered.has(c));
    expect(missing.every((c) => c < 0x20 || (c >= 0x7f && c < 0xa0))).toBe(true);
  });

  it('put ASCII, the Spanish letters and the usual punctuation in the first face, the one pages preload', () => {
    const basic = points(INTER_FACES[0]!.unicodeRange);
    for (const ch of 'Aa Zz 09 ~ áéíóúüñ ÁÉÍÓÚÜÑ ¿¡ – — ‘’ “” • … € ™ © ®') expect(basic.has(ch.codePointAt(0)!), ch).toBe(true);
    expect(INTER_FACES[0]!.text).toBe(String.fromCodePoint(...[...basic].sort((a, b) => a - b)));
  });

  it('are declared with the URLs the build gave them, as one optional variable family from 400 to 900', () => {
    const css = interFontFaces({ 'inter-basic.woff2': '/_astro/a.woff2', 'inter-latin-rest.woff2': '/_astro/b.woff2' });
    expect(css.match(/@font-face\{/g)).toHaveLength(2);
    expect(css).toContain('src:url(/_astro/a.woff2)');
    expect(css).toContain('src:url(/_astro/b.woff2)');
    expect(css.match(/font-family:'Inter Variable';font-style:normal;font-display:optional;font-weight:400 900;/g)).toHaveLength(2);
  });
});
