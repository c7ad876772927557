import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { copyProject } from '../api/site-project.ts';
import { keepShot } from './support.ts';

// In `npm run dev`, a content file that breaks its schema shows in
// the browser's error overlay (naming the file and the field), not only in
// the terminal; fixing the file clears it. Runs Astro's dev server on a copy.

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

test('a broken content file shows in the dev overlay, with its file and field', async ({ page }) => {
  test.setTimeout(120_000);
  const project = copyProject();
  const port = await freePort();
  const dev = spawn(
    process.execPath,
    [path.join(project, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ASTRO_DEV: '1', DEV_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  dev.stdout.on('data', (d: Buffer) => (output += d.toString()));
  dev.stderr.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await expect.poll(() => /watching for file changes/.test(output), { timeout: 60_000 }).toBe(true);
    // The welcome pop-up would sit above the overlay: dismissed as a returning visitor.
    await page.context().addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
    await page.goto(`http://127.0.0.1:${port}/concrete`);
    await expect(page.locator('vite-error-overlay')).toHaveCount(0);

    const file = path.join(project, 'content/trades/concrete.md');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, good.replace(/^eyebrow:.*\n/m, ''));
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toHaveCount(1, { timeout: 30_000 });
    await expect(overlay.getByText('A content file does not match its schema: concrete.md')).toBeVisible();
    await expect(overlay.getByText('eyebrow: Required')).toBeVisible();
    await keepShot(page, { path: path.resolve('test-results', 'dev-content-overlay-1280.png') });

    // A tab opened afterwards gets it too.
    const late = await page.context().newPage();
    await late.goto(`http://127.0.0.1:${port}/about-us`);
    await expect(late.locator('vite-error-overlay').getByText('eyebrow: Required')).toBeVisible({ timeout: 15_000 });
    await late.close();

    // Fixed: the next page load shows no overlay.
    fs.writeFileSync(file, good);
    await expect
      .poll(() => /Reloaded data from|Synced content/.test(output.slice(output.lastIndexOf('Failed to reload'))), { timeout: 30_000 })
      .toBe(true);
    // Vite may itself reload the page on the fix, aborting a reload of ours (or, once in CI, leaving
    // it waiting for its load event past the whole wait): load it until it settles clean, each
    // attempt with its own time limit so that one stuck navigation cannot use up the others.
    await expect(async () => {
      await page.goto(`http://127.0.0.1:${port}/concrete`, { timeout: 10_000 });
      await expect(page.locator('vite-error-overlay')).toHaveCount(0);
    }).toPass({ timeout: 60_000 });
  } finally {
    // What the dev server printed, to read when this test fails.
    await test.info().attach('astro dev output', { body: output, contentType: 'text/plain' });
    dev.kill('SIGTERM');
    fs.rmSync(project, { recursive: true, force: true });
  }
});
