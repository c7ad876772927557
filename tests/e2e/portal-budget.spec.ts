import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { DIST, firstLoadJs, pageHtml, PORTAL_PATHS } from './first-load-js.ts';

// First-load JavaScript of each portal page, gzipped, read from dist/, against the budgets
// of docs/decisions/0007-react-not-preact.md: ≤ 120 KB a page with React 19 included, ≤ 220 KB
// on the blog editor (`npm run bench:site` prints every page against them). React, React DOM
// and the shared layer are one file every page shares (astro.config.mjs, SHARED_LAYER); zod
// is in no first load: the forms load their schema on demand (site/lib/form.ts,
// lazyZodResolver) and the constants the screens show live in zod-free modules
// (*.labels/rules/limits.ts).
const BUDGET_KB = 120;
/** Pages allowed more than BUDGET_KB. */
const CEILINGS: ReadonlyArray<{ kb: number; pages: readonly string[] }> = [
  // The blog editor, Quill on demand.
  { kb: 220, pages: ['/blog-upload'] },
];
const ceilingOf = (page: string) => CEILINGS.find((c) => c.pages.includes(page))?.kb ?? BUDGET_KB;
const hasZod = (url: string) => fs.readFileSync(path.join(DIST, url), 'utf8').includes('$ZodType');
/** The files a page loads on demand (import()), with everything those import. */
const onDemandFiles = (p: string) =>
  firstLoadJs(
    firstLoadJs(pageHtml(p))
      .lazy.map((url) => `<script type="module" src="${url}"></script>`)
      .join(''),
  ).files;

test('Quill loads only on the blog editor, and only when the editor is shown', () => {
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    expect(load.files.join(' '), p).not.toMatch(/quill/i);
    if (p !== '/blog-upload') expect(load.lazy.join(' '), p).not.toMatch(/quill/i);
  }
  expect(firstLoadJs(pageHtml('/blog-upload')).lazy.join(' ')).toMatch(/QuillEditor/);
});

/** A piece of sonner's bundled stylesheet: only sonner's code holds it. */
const SONNER_CODE = 'toast-icon-margin-start';

test('sonner is not part of any portal page first load', () => {
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    expect(load.files.join(' '), p).not.toMatch(/Toaster|sonner/i);
    // sonner's own code (its injected stylesheet), not our selectors that find its list once it is there.
    for (const f of load.files) expect(fs.readFileSync(path.join(DIST, f), 'utf8'), `${p}: ${f}`).not.toContain(SONNER_CODE);
  }
  // The check is not vacuous: sonner's chunk, loaded on demand, holds the marker.
  expect(onDemandFiles('/login').some((f) => fs.readFileSync(path.join(DIST, f), 'utf8').includes(SONNER_CODE))).toBe(true);
});

test('no portal page carries zod in its first load; the forms load it on demand', () => {
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    expect(load.files.filter(hasZod), p).toEqual([]);
  }
  // The check is not vacuous: what the login form loads on demand (its schema and their imports) brings zod.
  expect(onDemandFiles('/login').some(hasZod)).toBe(true);
});

test('every portal page runs on React 19 from one shared file, and no Preact is built', () => {
  // React 19's react-dom client carries both strings.
  const isReact = (f: string) => {
    const text = fs.readFileSync(path.join(DIST, f), 'utf8');
    return text.includes('Minified React error') && text.includes('__CLIENT_INTERNALS_DO_NOT_USE');
  };
  const shared = new Set<string>();
  for (const p of PORTAL_PATHS) {
    const react = firstLoadJs(pageHtml(p)).files.filter(isReact);
    expect(react, p).toHaveLength(1);
    shared.add(react[0]!);
  }
  expect([...shared]).toHaveLength(1);
  expect([...shared][0]).toMatch(/\/framework\.[\w-]+\.js$/);
  for (const f of fs.readdirSync(path.join(DIST, '_astro')).filter((name) => name.endsWith('.js')))
    expect(fs.readFileSync(path.join(DIST, '_astro', f), 'utf8'), f).not.toMatch(/preact/i);
});

test('every portal page stays within its first-load JavaScript budget (gzip)', () => {
  for (const c of CEILINGS) for (const page of c.pages) expect(PORTAL_PATHS, page).toContain(page);
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    const kb = load.gzipBytes / 1024;
    expect(kb, `${p}: ${kb.toFixed(1)} KB gz`).toBeLessThanOrEqual(ceilingOf(p));
  }
});

test("the first submit of a form waits for its schema: /login refuses a bad e-mail with the server's sentence, without calling the API", async ({
  page,
}) => {
  // Every chunk the page loads on demand is held until after the click, so the schema can
  // have been neither warmed (idle time, focus) nor loaded when the form is submitted.
  const onDemand = new Set(firstLoadJs(pageHtml('/login')).lazy);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(
    (url) => onDemand.has(url.pathname),
    async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) calls.push(req.url());
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill('ada@localhost');
  await page.getByLabel('Password', { exact: true }).fill('Ada-Passw0rd');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const sentence = page.locator('[data-sonner-toast]').getByText('Please enter a valid email address.');
  await expect(sentence).toHaveCount(0);
  release();
  await expect(sentence).toBeVisible();
  expect(calls).toEqual([]);
});

test('every portal page names its first-load modules in its head; the public pages name none', () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  for (const p of PORTAL_PATHS) {
    const html = pageHtml(p);
    // The island loader finds them one import level at a time otherwise (site/integrations/island-preload.ts).
    expect(preloads(html.slice(0, html.indexOf('</head>'))).sort(), p).toEqual([...firstLoadJs(html).files].sort());
  }
  for (const p of ['/', '/contactus', '/blog', '/concrete']) expect(preloads(pageHtml(p)), p).toEqual([]);
});
