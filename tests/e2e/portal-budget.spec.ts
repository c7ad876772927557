import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DIST, firstLoadJs, pageHtml, PORTAL_PATHS } from './first-load-js.ts';

// Issue 15 "Lighter pages": first-load JavaScript of each portal page, gzipped, read
// from dist/. The goal is ≤ 80 KB a page and ≤ 140 KB on the blog editor
// (`npm run bench:site` prints every page against it). These ceilings are what the
// pages weigh today, a ratchet against growth, not the goal: React 19's react-dom
// client alone is 63 KB gz and @tanstack/react-query 8 KB more, and the pages that
// parse a shared *.schema.ts carry zod's core (53 KB gz, English messages only since
// the build stopped bundling its 50 locales). docs/performance.md says what is left.
// 106: /user weighs 105.6 KB since the typed hc client and the shared labels (issue 11) landed.
const BUDGET_KB = 106;
const ZOD_PAGES_BUDGET_KB = 165;
const EDITOR_BUDGET_KB = 165;
const isZod = (url: string) => fs.readFileSync(path.join(DIST, url), 'utf8').includes('$ZodType');

test('Quill loads only on the blog editor, and only when the editor is shown', () => {
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    expect(load.files.join(' '), p).not.toMatch(/quill/i);
    if (p !== '/blog-upload') expect(load.lazy.join(' '), p).not.toMatch(/quill/i);
  }
  expect(firstLoadJs(pageHtml('/blog-upload')).lazy.join(' ')).toMatch(/QuillEditor/);
});

test('sonner is not part of any portal page first load', () => {
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    expect(load.files.join(' '), p).not.toMatch(/Toaster|sonner/i);
    for (const f of load.files) expect(fs.readFileSync(path.join(DIST, f), 'utf8'), `${p}: ${f}`).not.toContain('data-sonner-toaster');
  }
});

test('zod ships with its English messages only', () => {
  for (const p of PORTAL_PATHS) {
    for (const f of firstLoadJs(pageHtml(p)).files)
      expect(fs.readFileSync(path.join(DIST, f), 'utf8'), `${p}: ${f}`).not.toMatch(/Ungültig|Nieprawid/);
  }
});

test('every portal page stays within its first-load JavaScript budget (gzip)', () => {
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    const kb = load.gzipBytes / 1024;
    const budget = p === '/blog-upload' ? EDITOR_BUDGET_KB : load.files.some(isZod) ? ZOD_PAGES_BUDGET_KB : BUDGET_KB;
    expect(kb, `${p}: ${kb.toFixed(1)} KB gz`).toBeLessThanOrEqual(budget);
  }
});
