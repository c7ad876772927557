// The repository speaks of the product only: its docs and the comments of its code give the reason
// for what they describe and point at files in the repository. A ticket number, a work session, a
// review or a document that is not in the repository means nothing to the next reader, so this
// test fails on any of them. Docs (*.md) are read whole; code files only in their comments, read
// through TypeScript's own parser for TS/JS so that strings and URLs are never taken for comments.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** What is checked: folders and files, as `git ls-files` takes them. */
const CHECKED = ['docs/', 'README.md', 'portal-api/', 'site/'];

const ORDINAL =
  '(?:\\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|[a-z]+teenth|twentieth)';

/** Each rule: a name for the failure message and what it matches. */
const RULES: Array<[string, RegExp]> = [
  ['an issue number', /\bissue\s*#?\d+/i],
  ['a work session', new RegExp(`\\b(?:(?:last|this|next|work)\\s+session|${ORDINAL}\\s+session)\\b`, 'i')],
  ['an audit', /(?<!--no-|npm )\baudits?\b/i],
  ['a document outside the repository', /\bSPEC\.md\b|\bSPEC\s*§|\bARCHITECTURE\.md\b|\bSTYLE\.md\b|\bCONTRACTS\.md\b/],
];

const SCRIPT = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const HASH_COMMENTS = /(?:\.(?:sh|ya?ml|toml)|(?:^|\/)Dockerfile|\/run)$/;

/** The comments of a TS/JS source, each with the line it starts on (1-based). */
function scriptComments(file: string, text: string): Array<{ line: number; text: string }> {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const walk = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) walk(child);
  };
  walk(source);
  return [...seen].map(([pos, body]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: body }));
}

/** The comments of any other text file: HTML, block and line comments, or `#` comments for shell and YAML. */
function otherComments(file: string, text: string): Array<{ line: number; text: string }> {
  const pattern = HASH_COMMENTS.test(file) ? /(?:^|\s)#.*$/gm : /<!--[\s\S]*?-->|\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/.*$/gm;
  return [...text.matchAll(pattern)].map((m) => ({ line: text.slice(0, m.index).split('\n').length, text: m[0] }));
}

/** The places in one file's docs or comments that name something outside the product. */
function historyIn(file: string, text: string): string[] {
  const parts = file.endsWith('.md') ? [{ line: 1, text }] : SCRIPT.test(file) ? scriptComments(file, text) : otherComments(file, text);
  const found: string[] = [];
  for (const part of parts) {
    part.text.split('\n').forEach((lineText, i) => {
      for (const [name, rule] of RULES) {
        if (rule.test(lineText)) found.push(`${file}:${part.line + i}: ${name}: ${lineText.trim()}`);
      }
    });
  }
  return found;
}

function checkedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...CHECKED], { cwd: root, encoding: 'utf8' });
  return listed.split('\0').filter((file) => file && fs.existsSync(path.join(root, file)));
}

describe('docs and comments name nothing outside the product', () => {
  it('finds each kind in a planted text, and leaves the product’s own words alone', () => {
    const planted = [
      '// Refused here (issue 12 item 3).',
      '/* Left from the last session. */',
      '// Found in the seventeenth session.',
      '// Security audit: the header leaked.',
      '// See SPEC §7 and ARCHITECTURE.md.',
      "const url = 'https://example.com/issue 4'; // the sign-in session ends at logout",
      "const flags = ['--no-audit']; // docs/architecture.md §3",
    ].join('\n');
    expect(historyIn('portal-api/src/planted.ts', planted).map((hit) => hit.split(': ')[1])).toEqual([
      'an issue number',
      'a work session',
      'a work session',
      'an audit',
      'a document outside the repository',
    ]);
    expect(historyIn('docs/planted.md', '# Title\n\nAs agreed in Issue 13.\n')).toEqual([
      'docs/planted.md:3: an issue number: As agreed in Issue 13.',
    ]);
    expect(historyIn('site/pages/planted.astro', '<!-- ISSUE 4 --><p>Our audit of your plans</p>\n')).toEqual([
      'site/pages/planted.astro:1: an issue number: <!-- ISSUE 4 -->',
    ]);
  });

  // Names in code too: the texts screens share are the product's own (site/lib/product-texts.ts,
  // docs/product.md), not those of a "spec" that no clone holds.
  it('names no code after a document outside the repository', () => {
    const outside = /\bSPEC_[A-Z]|\bspec-texts\b/;
    const found = checkedFiles().filter((file) => outside.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it(`has none in ${CHECKED.join(', ')}`, () => {
    const files = checkedFiles();
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return text.includes('\0') ? [] : historyIn(file, text);
    });
    expect(found).toEqual([]);
  });
});
