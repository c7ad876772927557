// npm run bench:site — Lighthouse (mobile, default simulated throttling) with
// Debian's Chromium over every public page of docs/product.md §2, against the real server
// serving dist/. Prints a table, writes test-results/bench/site.json, and
// exits 1 when a page misses a budget: every category ≥ 95 (aim 100),
// home JavaScript ≤ 15 KB gzipped, CLS < 0.02. Not part of npm test: scores
// depend on the machine, so they are measured here, not asserted in timed tests.
// "JS files KB" counts script files fetched; inline scripts (the site chrome) are
// inside the HTML bytes, and tests/e2e/public-budget.spec.ts counts both.
//
// Then the page rows, each beside its baseline from this run: LCP of
// / and /concrete against a bare static page (an <h1> and a paragraph, served by
// node:http on this machine), every portal page's first-load JavaScript (gzipped,
// read from dist/ like tests/e2e/portal-budget.spec.ts), and Lighthouse on /admin
// and /admin-chat/{id} signed in as the admin, with one client request seeded
// through the API. `npm run bench:site -- /path …` audits only those public pages.
// `--runs N` measures each LCP row N times (the bare page, / and /concrete in turn, so a
// loaded machine weighs on all three alike) and prints every run and the median;
// `--lcp` stops after those rows (and the pages named, if any):
// `npm run bench:site -- --lcp --runs 3 / /concrete`. `--portal` measures the portal rows
// alone: every portal page's first-load JavaScript beside its budget (≤ 120 KB with React,
// ≤ 220 KB on the blog editor; docs/decisions/0007-react-not-preact.md), the shared React
// file, and Lighthouse mobile on /admin, /admin-chat/{id} and /chat/{id}, the median of
// --runs (3 by default there) against ≥ 90.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { hashPassword } from '../../portal-api/src/modules/auth/password.ts';
import { insertQuery } from '../../portal-api/src/modules/queries/queries.repo.ts';
import { ADMIN, createClient, latestCode, startTestServer } from '../api/harness.ts';
import { seedTo } from './growth.ts';
import { firstLoadJs, pageHtml, PORTAL_PATHS } from '../e2e/first-load-js.ts';
import { PUBLIC_PATHS } from '../e2e/public-pages.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FLOOR = 95;
const HOME_JS_BUDGET = 15 * 1024;
const CLS_BUDGET = 0.02;
const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const only = args.filter((a) => a.startsWith('/'));
const lcpOnly = args.includes('--lcp');
const portalOnly = args.includes('--portal');
const runs = Math.max(1, Number(args[args.indexOf('--runs') + 1]) || (portalOnly ? 3 : 1));

if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('dist/ is missing: building the site first (npx astro build)…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/astro/astro.js'), 'build'], { cwd: root, stdio: 'inherit' });
}

const server = await startTestServer({ DIST_DIR: path.join(root, 'dist') });
// The baseline: the least a page can be, on the same machine and browser.
const BARE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title><meta name="description" content="A bare page."></head><body><main><h1>Pre-construction estimates in Miami</h1><p>A bare static page: no styles, no fonts, no scripts.</p></main></body></html>';
const bare = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_HTML));
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

type Row = {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  failures: string[];
};
const rows: Row[] = [];

/** One Lighthouse run; a run whose trace broke (NO_NAVSTART and the like) is retried once. */
async function audit(url: string, attempt = 1, token?: string): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']> {
  let result;
  if (token) {
    // Signed in the way the sign-in screens leave it (localStorage), so Lighthouse must not
    // reset storage; the HTTP cache is cleared by hand instead, so the load is still cold.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(new URL('/login', url).href);
    await page.evaluate((t: string) => localStorage.setItem('token', t), token);
    await page.evaluate((u: Record<string, string>) => Object.entries(u).forEach(([k, v]) => localStorage.setItem(k, v)), signedIn);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    await page.close();
    await browser.disconnect();
  } else {
    result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  }
  const lhr = result?.lhr;
  if (lhr && !lhr.runtimeError) {
    // BENCH_LHR_DIR=<dir>: keep each signed-in audit's full report, to read its long tasks.
    if (token && process.env.BENCH_LHR_DIR) {
      fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.split('/')[1]}.json`), JSON.stringify(lhr));
    }
    return lhr;
  }
  if (attempt < 2) return audit(url, attempt + 1, token);
  throw new Error(`${url}: ${lhr?.runtimeError?.message ?? 'Lighthouse returned nothing'}`);
}
let adminStorage: Record<string, string> = {};
/** The localStorage of the user a signed-in audit or visit runs as (docs/product.md §3 "Session data"). */
let signedIn: Record<string, string> = {};

/** Loads a signed-in page until the network is quiet: API calls made, DOM nodes, time to settle. */
async function visit(url: string, token: string, storage: Record<string, string>) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(new URL('/login', url).href);
  await page.evaluate(
    (t: string, u: Record<string, string>) => {
      localStorage.setItem('token', t);
      Object.entries(u).forEach(([k, v]) => localStorage.setItem(k, v));
    },
    token,
    storage,
  );
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r.url());
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  // networkidle0 waits 500 ms of quiet after the last request.
  const settleMs = Date.now() - started - 500;
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  await page.close();
  await browser.disconnect();
  return { calls: calls.length, settleMs, nodes };
}

type PageRow = { what: string; now: string; baseline: string; goal: string; met: boolean };
const pageRows: PageRow[] = [];
const lcpOf = (lhr: Awaited<ReturnType<typeof audit>>) => Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);

try {
  for (const pagePath of only.length ? only : lcpOnly || portalOnly ? [] : PUBLIC_PATHS) {
    const lhr = await audit(`${server.url}${pagePath}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Row['scores'];
    const requests =
      (lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ??
      [];
    const jsBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const totalBytes = requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const failures: string[] = [];
    for (const c of CATEGORIES) {
      if (scores[c] < FLOOR) {
        const failing = (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${ref.id} ${lhr.audits[ref.id]?.displayValue ?? ''}`.trim());
        failures.push(`${c} ${scores[c]} < ${FLOOR}: ${failing.join(', ')}`);
      }
    }
    if (cls >= CLS_BUDGET) failures.push(`CLS ${cls.toFixed(3)} ≥ ${CLS_BUDGET}`);
    if (pagePath === '/' && jsBytes > HOME_JS_BUDGET) failures.push(`home JavaScript ${jsBytes} B > ${HOME_JS_BUDGET} B`);
    rows.push({
      path: pagePath,
      scores,
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number(cls.toFixed(4)),
      jsBytes,
      totalBytes,
      failures,
    });
    const last = rows.at(-1)!;
    console.log(
      `${pagePath.padEnd(32)} perf ${scores.performance} a11y ${scores.accessibility} bp ${scores['best-practices']} seo ${scores.seo}${failures.length ? '  ✗' : ''}`,
    );
    for (const f of last.failures) console.log(`    ${f}`);
  }

  // The page rows. With --runs, the median of the runs (each run's figures are listed).
  const lcpRuns: Record<string, number[]> = { bare: [], '/': [], '/concrete': [] };
  for (let run = 0; run < (portalOnly ? 0 : runs); run++) {
    lcpRuns.bare!.push(lcpOf(await audit(bareUrl)));
    for (const p of ['/', '/concrete']) {
      const audited = run === 0 ? rows.find((r) => r.path === p)?.lcpMs : undefined;
      lcpRuns[p]!.push(audited ?? lcpOf(await audit(`${server.url}${p}`)));
    }
    if (runs > 1)
      console.log(
        `LCP run ${run + 1}: bare ${lcpRuns.bare!.at(-1)} ms, / ${lcpRuns['/']!.at(-1)} ms, /concrete ${lcpRuns['/concrete']!.at(-1)} ms`,
      );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ofRuns = runs > 1 ? ` (median of ${runs})` : '';
  for (const p of portalOnly ? [] : ['/', '/concrete']) {
    const lcp = median(lcpRuns[p]!);
    pageRows.push({
      what: `LCP ${p} (mobile)`,
      now: `${lcp} ms${ofRuns}`,
      baseline: `bare page ${median(lcpRuns.bare!)} ms`,
      goal: '≤ 1,200 ms',
      met: lcp <= 1200,
    });
  }
  if (!lcpOnly) await portalRows();
} finally {
  chrome.kill();
  bare.close();
  await server.stop();
}

/** The portal rows: first-load JS, Lighthouse signed in, and the scale rows. */
async function portalRows() {
  const shared = new Map<string, number>();
  for (const p of PORTAL_PATHS) {
    const load = firstLoadJs(pageHtml(p));
    for (const f of load.files) if (/\/framework\.[\w-]+\.js$/.test(f)) shared.set(f, (shared.get(f) ?? 0) + 1);
    const kb = load.gzipBytes / 1024;
    const budget = p === '/blog-upload' ? 220 : 120;
    pageRows.push({ what: `first-load JS ${p}`, now: `${kb.toFixed(1)} KB gz`, baseline: '', goal: `≤ ${budget} KB`, met: kb <= budget });
  }
  // React, React DOM and the shared layer: one file, in every portal page's first load.
  const [sharedFile, sharedPages = 0] = [...shared][0] ?? [];
  pageRows.push({
    what: 'shared React file',
    now: sharedFile
      ? `${sharedFile} ${(zlib.gzipSync(fs.readFileSync(path.join(root, 'dist', sharedFile)), { level: 9 }).length / 1024).toFixed(1)} KB gz`
      : 'none',
    baseline: '',
    goal: `one file, in all ${PORTAL_PATHS.length} pages`,
    met: shared.size === 1 && sharedPages === PORTAL_PATHS.length,
  });
  // Signed in through the API, then stored under the keys the sign-in screens write (docs/product.md §3).
  await server.call('POST', '/api/auth/login', { json: ADMIN });
  const session = (
    await server.call('POST', '/api/auth/login-verify-otp', { json: { email: ADMIN.email, otp: await latestCode(server, ADMIN.email) } })
  ).body as {
    token: string;
    user: { _id: string; fullName: string; email: string; role: string };
  };
  const adminToken = session.token;
  const u = session.user;
  adminStorage = { role: u.role, userId: u._id, fullName: u.fullName, FullName: u.fullName, email: u.email, Email: u.email };
  signedIn = adminStorage;
  const client = await createClient(server, adminToken, { fullName: 'Bench Client' });
  const services = (await server.call('GET', '/api/services')).body as Array<{
    _id: string;
    title: string;
    subservices: Array<{ _id: string }>;
  }>;
  const form = new FormData();
  form.append('message', 'Concrete takeoff for a 3-story office in Hialeah.');
  form.append('service', services[0]!._id);
  if (services[0]!.subservices[0]) form.append('subService', services[0]!.subservices[0]._id);
  form.append(
    'files[]',
    new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))], { type: 'application/pdf' }),
    'plans.pdf',
  );
  const submitted = await server.call('POST', '/api/queries', { form, token: client.token });
  const queryId = (submitted.body as { data?: { _id?: string } }).data?._id;
  if (!queryId) throw new Error(`seeding a request failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const bareScore = Math.round(((await audit(bareUrl)).categories.performance?.score ?? 0) * 100);
  const clientStorageOf = {
    role: 'client',
    userId: client.id,
    fullName: client.fullName,
    FullName: client.fullName,
    email: client.email,
    Email: client.email,
  };
  for (const p of ['/admin', `/admin-chat/${queryId}`, `/chat/${queryId}`]) {
    const asClient = p.startsWith('/chat/');
    signedIn = asClient ? { token: client.token, ...clientStorageOf } : adminStorage;
    // The median run by score, with its own figures.
    const audits: Awaited<ReturnType<typeof audit>>[] = [];
    for (let run = 0; run < runs; run++) audits.push(await audit(`${server.url}${p}`, 1, asClient ? client.token : adminToken));
    const scoreOf = (lhr: (typeof audits)[number]) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const lhr = [...audits].sort((x, y) => scoreOf(x) - scoreOf(y))[Math.floor(audits.length / 2)]!;
    const score = scoreOf(lhr);
    const a = lhr.audits;
    pageRows.push({
      what: `Lighthouse mobile ${p.replace(queryId, '{id}')}`,
      now: `perf ${score}${runs > 1 ? ` (median of ${audits.map(scoreOf).join(', ')})` : ''} (FCP ${Math.round(a['first-contentful-paint']?.numericValue ?? 0)} ms, LCP ${lcpOf(lhr)} ms, TBT ${Math.round(a['total-blocking-time']?.numericValue ?? 0)} ms)`,
      baseline: `bare page perf ${bareScore}`,
      goal: '≥ 90',
      met: score >= 90,
    });
  }
  signedIn = adminStorage;
  if (portalOnly) return;

  // Scale rows: a client with 200 requests opens /chat/{id}; the admin opens /admin-chat with
  // 2,000 clients and 10,000 requests. Seeded through the repos (insertQuery, growth.ts seedTo).
  const db = server.deps.db;
  for (let i = 1; i < 200; i++) {
    await insertQuery(db, {
      userId: client.id,
      message: `Takeoff request ${i} for a building in Doral.`,
      serviceId: services[0]!._id,
      subserviceId: null,
      bidDueDate: null,
    });
  }
  const clientStorage = {
    role: 'client',
    userId: client.id,
    fullName: client.fullName,
    FullName: client.fullName,
    email: client.email,
    Email: client.email,
  };
  const chatVisit = await visit(`${server.url}/chat/${queryId}`, client.token, clientStorage);
  signedIn = { token: client.token, ...clientStorage };
  const chatLhr = await audit(`${server.url}/chat/${queryId}`, 1, client.token);
  const chatTbt = Math.round(chatLhr.audits['total-blocking-time']?.numericValue ?? 0);
  signedIn = adminStorage;
  pageRows.push({
    what: '/chat/{id}, client with 200 requests',
    now: `${chatVisit.calls} API calls, TBT ${chatTbt} ms, settled ${(chatVisit.settleMs / 1000).toFixed(2)} s`,
    baseline: '',
    goal: '≤ 4 calls, TBT ≤ 50 ms',
    met: chatVisit.calls <= 4 && chatTbt <= 50,
  });
  const service = await db.selectFrom('services').select('id').where('title', '=', 'Manufacturers').executeTakeFirstOrThrow();
  const counts = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'client')
    .executeTakeFirstOrThrow();
  const queries = await db
    .selectFrom('queries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await seedTo(db, 2000, 10_000, {
    clients: Number(counts.n),
    queries: Number(queries.n),
    hash: await hashPassword('Growth-Passw0rd!'),
    serviceId: service.id,
  });
  const adminChat = await visit(`${server.url}/admin-chat`, adminToken, adminStorage);
  pageRows.push({
    what: '/admin-chat, 2,000 clients / 10,000 requests',
    now: `${adminChat.nodes} DOM nodes, ${adminChat.calls} API calls, settled ${(adminChat.settleMs / 1000).toFixed(2)} s`,
    baseline: '',
    goal: '≤ 1,500 nodes, ≤ 1 s',
    met: adminChat.nodes <= 1500 && adminChat.settleMs <= 1000,
  });
}

console.log('');
if (rows.length)
  console.table(
    rows.map((r) => ({
      page: r.path,
      perf: r.scores.performance,
      a11y: r.scores.accessibility,
      'best-pr.': r.scores['best-practices'],
      seo: r.scores.seo,
      'LCP ms': r.lcpMs,
      'TBT ms': r.tbtMs,
      CLS: r.cls,
      'JS files KB': Number((r.jsBytes / 1024).toFixed(1)),
      'total KB': Number((r.totalBytes / 1024).toFixed(1)),
    })),
  );
console.log('\nPage rows (each beside its budget and its baseline from this run):');
for (const r of pageRows)
  console.log(`  ${r.what.padEnd(36)} ${r.now.padEnd(54)} ${r.baseline.padEnd(22)} goal ${r.goal} ${r.met ? '✓' : '✗'}`);
console.log(
  `  load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1/5/15 min) at the end of the run`,
);
const out = path.join(root, 'test-results', 'bench', 'site.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      chromium: chrome.pid ? (process.env.CHROME_PATH ?? '/usr/bin/chromium') : null,
      budgets: { floor: FLOOR, homeJsBytes: HOME_JS_BUDGET, cls: CLS_BUDGET },
      pages: rows,
      issue15: pageRows,
      loadavg: os.loadavg(),
    },
    null,
    2,
  ),
);
console.log(`\nJSON written to ${path.relative(root, out)}`);
const failed = rows.filter((r) => r.failures.length);
const missed = portalOnly ? pageRows.filter((r) => !r.met) : [];
if (failed.length || missed.length) {
  console.log(`${failed.length + missed.length} page(s) or row(s) missed a budget.`);
  process.exitCode = 1;
} else console.log('Every page meets the budgets.');
