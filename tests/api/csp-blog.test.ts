import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../portal-api/src/lib/ids.ts';
import { startTestServer, type TestServer } from './harness.ts';

// The CSP of a server-rendered blog page was built from the
// page's final HTML, so a script that got into a post would have been allowed
// by its own hash. Now only the inline scripts of the build are hashed. The
// build here is a small stand-in for dist/ with the blog post shell and one
// inline loader script, as Astro emits them.

const LOADER = 'window.__builtLoader = true;';
const SMUGGLED = 'alert(document.cookie)';
const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-dist-'));
  await fs.mkdir(path.join(distDir, 'blog/post'), { recursive: true });
  await fs.writeFile(
    path.join(distDir, 'blog/post/index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>__BLOG_TITLE__ | Site</title><meta name="description" content="__BLOG_DESCRIPTION__"><script>${LOADER}</script></head><body><main><article class="post">__BLOG_POST__</article></main></body></html>`,
  );
  server = await startTestServer({ DIST_DIR: distDir });
  const now = new Date().toISOString();
  // Straight into the table, past the sanitiser: as if a script had got through it.
  await server.deps.db
    .insertInto('blogs')
    .values({
      id: newId(),
      title: 'Concrete takeoffs',
      slug: 'concrete-takeoffs',
      sub_title: null,
      body: `<p>Read this.</p><script>${SMUGGLED}</script><img src=x onerror="${SMUGGLED}">`,
      category_id: null,
      status: 'published',
      image: null,
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .execute();
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('CSP of server-rendered blog pages', () => {
  it('allows the build’s inline script and not one that came with the post', async () => {
    const res = await fetch(`${server.url}/blog/concrete-takeoffs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The script did reach the page: the policy is the only thing in its way.
    expect(html).toContain(`<script>${SMUGGLED}</script>`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain(sha(LOADER));
    expect(scriptSrc).not.toContain(sha(SMUGGLED));
    expect(scriptSrc.trim()).toBe(`script-src 'self' ${sha(LOADER)}`);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-(inline|hashes)/);
  });
});
