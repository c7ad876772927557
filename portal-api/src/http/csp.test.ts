import { describe, expect, it } from 'vitest';
import { cspFor, inlineScriptHashes } from './csp.ts';

describe('inlineScriptHashes', () => {
  it('hashes inline executable scripts only', () => {
    const html = `<script>console.log(1)</script><script type="module">import "/a.js"</script>
      <script src="/x.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>`;
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    // sha256 of "console.log(1)"
    expect(hashes[0]).toBe("'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='");
  });
});

describe('cspFor', () => {
  it('never allows inline scripts wholesale and forbids framing', () => {
    const csp = cspFor('<p>hello</p>');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('cspFor with the build’s hashes', () => {
  it('hashes only the scripts the build produced', () => {
    const html = '<script>built()</script><p>post</p><script>alert(1)</script>';
    const [built, smuggled] = inlineScriptHashes(html);
    const csp = cspFor(html, new Set([built!]));
    expect(csp).toContain(built!);
    expect(csp).not.toContain(smuggled!);
  });
});

describe('SECURE_HEADERS (listed once instead of a middleware per request)', () => {
  it('are exactly what hono/secure-headers set with the options the app used', async () => {
    const { Hono } = await import('hono');
    const { secureHeaders } = await import('hono/secure-headers');
    const { SECURE_HEADERS } = await import('./csp.ts');
    const app = new Hono();
    app.use(
      secureHeaders({
        xFrameOptions: 'DENY',
        referrerPolicy: 'strict-origin-when-cross-origin',
        strictTransportSecurity: false,
        crossOriginEmbedderPolicy: false,
      }),
    );
    app.get('/', (c) => c.text('x'));
    const res = await app.request('/');
    const fromHono = [...res.headers].filter(([name]) => name !== 'content-type').sort();
    expect([...SECURE_HEADERS].map(([n, v]) => [n, v]).sort()).toEqual(fromHono);
  });
});
