import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiledDir } from './compiled-server.ts';
import { ADMIN, readOutbox } from './harness.ts';
import { planSetPdf } from './plan-files.ts';
import { ROOT, startNode, stopNode, type Started } from './site-project.ts';

// The production image runs `node dist-server/server.js` with production
// dependencies only. This copies the server compiled for this test run (the
// production build, from the current sources: compiled-server.ts) into a
// folder whose node_modules holds exactly what `npm ci --omit=dev` installs
// (hard links to the checkout's copies, found with `npm ls --omit=dev`), so a
// runtime import of a build-time package (astro, tsx, react…) fails here.

let dir: string;
let started: Started | undefined;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estimating-pruned-'));
  fs.cpSync(compiledDir(), path.join(dir, 'dist-server'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  const listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const packages = new Set<string>();
  for (const line of listing.split('\n')) {
    const rel = path.relative(ROOT, line.trim());
    const parts = rel.split(path.sep);
    if (parts[0] !== 'node_modules' || parts.length < 2) continue;
    packages.add(parts[1]!.startsWith('@') ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/'));
  }
  for (const pkg of packages) {
    fs.mkdirSync(path.dirname(path.join(dir, pkg)), { recursive: true });
    // Hard links: instant, and module resolution starts from this folder (a symlink would resolve back into the checkout).
    execFileSync('cp', ['-al', path.join(ROOT, pkg), path.join(dir, pkg)]);
  }
}, 120_000);

afterAll(async () => {
  if (started) await stopNode(started);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('node dist-server/server.js starts from a pruned install and answers /api/health', async () => {
  for (const buildTime of ['astro', 'tsx', 'react', 'vite', 'esbuild', 'typescript', '@scalar/api-reference', '@redocly/cli']) {
    expect(fs.existsSync(path.join(dir, 'node_modules', buildTime)), buildTime).toBe(false);
  }
  for (const runtime of ['hono', 'better-sqlite3', 'kysely', 'zod'])
    expect(fs.existsSync(path.join(dir, 'node_modules', runtime)), runtime).toBe(true);
  started = startNode(dir, ['dist-server/server.js'], {
    DATA_DIR: path.join(dir, 'data'),
    NODE_ENV: 'production',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const url = await started.url;
  const health = await fetch(`${url}/api/health`);
  expect(health.status).toBe(200);
  // The compiled server carries the commit it was built from (no git needed at run time).
  expect(await health.json()).toEqual({
    status: 'ok',
    database: 'ok',
    version: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
    commit: expect.stringMatching(/^[0-9a-f]{12}$/),
  });
  const docs = await fetch(`${url}/api/openapi.json`);
  expect(docs.status).toBe(200);
  // /api/docs serves Scalar's bundle from the copy the server build put beside it (no CDN, no build-time package).
  const page = await (await fetch(`${url}/api/docs`)).text();
  const src = /<script src="(\/api\/docs\/scalar\.js\?v=[0-9a-f]+)"/.exec(page)?.[1];
  expect(src).toBeTruthy();
  const bundle = await fetch(`${url}${src}`);
  expect(bundle.status).toBe(200);
  expect(await bundle.text()).toContain('createApiReference');
  // Probes are logged at debug, not at the default info level; other API calls at info.
  for (let i = 0; i < 40 && !started.output().includes('"path":"/api/openapi.json"'); i++) await new Promise((r) => setTimeout(r, 50));
  expect(started.output()).toContain('"path":"/api/openapi.json"');
  expect(started.output()).not.toContain('"path":"/api/health"');
}, 60_000);

// The sheet index reads PDFs in a worker thread started from its own file (dist-server/index-worker.js),
// with pdfjs-dist and its fake worker from the pruned node_modules.
it('the compiled server indexes an uploaded PDF in its worker thread', async () => {
  const url = await started!.url;
  const dataDir = path.join(dir, 'data');
  const call = async (method: string, route: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body instanceof FormData || !body ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const signIn = async (email: string, password: string) => {
    const seen = (await readOutbox(dataDir)).filter((m) => m.to.includes(email)).length;
    expect((await call('POST', '/api/auth/login', { email, password })).status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const mail = (await readOutbox(dataDir))
        .filter((m) => m.to.includes(email))
        .slice(seen)
        .at(-1);
      const otp = mail && /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
      if (otp) return (await call('POST', '/api/auth/login-verify-otp', { email, otp })).body.token as string;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  };
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const client = { fullName: 'Pruned Client', email: 'pruned@example.com', password: 'Client-Passw0rd' };
  expect((await call('POST', '/api/auth/register', client)).status).toBe(201);
  const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
  const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(client.email) as { id: string };
  db.close();
  expect((await call('POST', `/api/auth/approve/${id}`, undefined, admin)).status).toBe(200);
  const token = await signIn(client.email, client.password);
  const services = (await call('GET', '/api/services')).body as Array<{ _id: string; title: string }>;
  const fd = new FormData();
  fd.append('message', 'Plan set');
  fd.append('service', services.find((s) => s.title === 'Manufacturers')!._id);
  fd.append(
    'files[]',
    new Blob([
      new Uint8Array(
        await planSetPdf([
          { number: 'A1.01', title: 'FIRST FLOOR PLAN' },
          { number: 'S-201', title: 'FOUNDATION PLAN' },
        ]),
      ),
    ]),
    'set.pdf',
  );
  const created = await call('POST', '/api/queries', fd, token);
  expect(created.status).toBe(201);
  let file: { index: { status: string; summary: string | null } } | undefined;
  for (let i = 0; i < 300; i++) {
    file = (await call('GET', `/api/queries/${created.body.data._id}`, undefined, token)).body.data.files[0];
    if (file!.index.status !== 'pending') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(file!.index).toEqual({ status: 'done', summary: '2 sheets: A1.01, S-201' });
}, 60_000);
