import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

let dir: string;
const page = `<!doctype html><html><body>${'<p>Takeoffs and bids.</p>'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'precompress-'));
  await fs.mkdir(path.join(dir, '_astro'));
  await fs.writeFile(path.join(dir, 'index.html'), page);
  await fs.writeFile(path.join(dir, '_astro', 'app.js'), `console.log(${JSON.stringify('x'.repeat(3000))});`);
  await fs.writeFile(path.join(dir, 'tiny.css'), 'a{}');
  // The server sends these with its PUBLIC_URL in the placeholder's place (portal-api/src/http/static.ts).
  await fs.writeFile(
    path.join(dir, 'about.html'),
    page.replace('<body>', '<head><link rel="canonical" href="https://public-url.invalid/about/"></head><body>'),
  );
  await fs.writeFile(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the precompress build step', () => {
  it('writes a .br and a .gz copy of each text file worth it, and nothing for the rest (nor for a file holding the placeholder origin)', async () => {
    expect(await precompressDir(dir, 'https://public-url.invalid')).toBe(2);
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, 'index.html.br'))).toString()).toBe(page);
    expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'index.html.gz'))).toString()).toBe(page);
    await fs.access(path.join(dir, '_astro', 'app.js.br'));
    const names = await fs.readdir(dir);
    expect(names).not.toContain('tiny.css.br');
    expect(names).not.toContain('photo.png.br');
    expect(names).not.toContain('about.html.br');
    expect(names).not.toContain('about.html.gz');
  });
});
