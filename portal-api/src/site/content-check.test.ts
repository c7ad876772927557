import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_COLLECTIONS } from '../../../site/content.schema.ts';
import { checkContent, checkFile, formatContentProblems } from './content-check.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const copies: string[] = [];
afterEach(() => copies.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A copy of the project's content/ in a temporary project folder. */
function copyContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estimating-content-'));
  copies.push(dir);
  fs.cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  return dir;
}

/** Replaces the first line of `file` matching `find` and answers its 1-based number. */
function editLine(root: string, file: string, find: RegExp, replace: (line: string) => string): number {
  const full = path.join(root, file);
  const lines = fs.readFileSync(full, 'utf8').split('\n');
  const index = lines.findIndex((l) => find.test(l));
  expect(index, `${find} in ${file}`).toBeGreaterThanOrEqual(0);
  lines[index] = replace(lines[index]!);
  fs.writeFileSync(full, lines.join('\n'));
  return index + 1;
}

describe('the content check', () => {
  it("passes the project's own content", async () => {
    expect(await checkContent(ROOT)).toEqual([]);
  });

  it('reports every broken file at once, each with its line and column', async () => {
    const root = copyContent();
    // A YAML syntax error: a key indented one space short inside the first slide.
    const slideHeading = editLine(root, 'content/home.yaml', /^ {4}heading: /, (l) => l.slice(1));
    // A field failing its schema in Markdown front matter, and a misspelled field in a data file.
    const order = editLine(root, 'content/trades/concrete.md', /^order: /, () => 'order: second');
    const phone = editLine(root, 'content/company.yaml', /^phone: /, (l) => l.replace('phone:', 'phnoe:'));
    // A button that is neither a link nor an action: reported by the closest kind, a link.
    const href = editLine(root, 'content/templates.yaml', /^ {4}href: \/contactus/, (l) => l.replace('href: /', 'href: '));

    const problems = await checkContent(root);
    expect(problems).toEqual([
      { file: 'content/company.yaml', line: 1, column: 1, message: 'phone: Required' },
      { file: 'content/company.yaml', line: phone, column: 1, message: expect.stringMatching(/^phnoe: Unknown field/) },
      { file: 'content/home.yaml', line: slideHeading, column: expect.any(Number), message: expect.stringMatching(/^Not valid YAML: /) },
      {
        file: 'content/templates.yaml',
        line: href,
        column: 11,
        message: expect.stringMatching(/^closing\.secondary\.href: .*must start with "\/"/),
      },
      { file: 'content/trades/concrete.md', line: order, column: 8, message: 'order: Invalid input: expected number, received string' },
    ]);
    const report = formatContentProblems(problems);
    expect(report.split('\n')[0]).toBe('4 content files have errors (content/README.md lists every field):');
    expect(report).toContain(`\ncontent/trades/concrete.md:${order}:8 order: Invalid input: expected number, received string`);
    expect(report).toContain(`\ncontent/company.yaml:${phone}:1 phnoe: Unknown field`);
  });

  it('counts the lines of Markdown from the top of the file, past the front matter', async () => {
    const root = copyContent();
    // The front matter starts on the second line here.
    const file = path.join(root, 'content/legal/privacy.md');
    fs.writeFileSync(file, `\n${fs.readFileSync(file, 'utf8')}`);
    const updated = editLine(root, 'content/legal/privacy.md', /^updated: /, () => 'updated: 2026-11-23: today');
    const title = editLine(root, 'content/legal/terms.md', /^ {2}title: /, () => '  title: Terms');
    const problems = await checkContent(root);
    expect(problems).toEqual([
      { file: 'content/legal/privacy.md', line: updated, column: 10, message: expect.stringMatching(/^Not valid YAML: /) },
      { file: 'content/legal/terms.md', line: title, column: 10, message: expect.stringMatching(/^seo\.title: Too small/) },
    ]);
  });

  it('reads front matter and data as Astro does: dates, no front matter, a file that holds no fields', () => {
    const legal = CONTENT_COLLECTIONS.legal.schema;
    const page = (updated: string) =>
      `---\ntitle: Terms\npath: /terms\nupdated: ${updated}\nseo:\n  title: Terms of Service here\n  description: ${'x'.repeat(60)}\n---\nBody\n`;
    expect(checkFile('content/legal/terms.md', page('2026-11-23'), legal)).toEqual([]);
    expect(checkFile('content/legal/terms.md', page('soon'), legal)).toEqual([
      { file: 'content/legal/terms.md', line: 4, column: 10, message: expect.stringMatching(/^updated: /) },
    ]);
    // No front matter: every required field is missing, reported at the top.
    const bare = checkFile('content/legal/terms.md', 'Just text\n', legal);
    expect(bare.map((p) => p.message)).toEqual(['title: Required', 'path: Required', 'updated: Required', 'seo: Required']);
    expect(bare.every((p) => p.line === 1)).toBe(true);
    expect(checkFile('content/company.yaml', '# nothing yet\n', CONTENT_COLLECTIONS.company.schema)).toEqual([
      { file: 'content/company.yaml', line: 1, column: 1, message: 'The file must hold fields (name: value), and holds none.' },
    ]);
  });

  it('lists the first ten problems of a file and counts the rest', () => {
    const problems = checkFile('content/home.yaml', 'seo: 1\n', CONTENT_COLLECTIONS.home.schema);
    expect(problems).toHaveLength(11);
    expect(problems.at(-1)!.message).toMatch(/^… and \d+ more in content\/home\.yaml$/);
  });

  it('takes a fraction of a second for the whole content folder', async () => {
    await checkContent(ROOT); // modules and schemas warmed
    const started = performance.now();
    await checkContent(ROOT);
    // About 20 ms on an idle machine; the bound leaves room for a loaded one.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
