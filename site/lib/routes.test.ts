import { describe, expect, it } from 'vitest';
import { safeNext, workspacePath } from './routes.ts';

// /login?next=… must never send a signed-in visitor off-site.

const ORIGIN = 'https://estimating.example';

describe('safeNext', () => {
  it('keeps the request form with its query string, and the app routes', () => {
    expect(safeNext('/request?service=Sub-Contractor&subService=Demolititon', ORIGIN)).toBe(
      '/request?service=Sub-Contractor&subService=Demolititon',
    );
    expect(safeNext('/request?service=General%20Contractor', ORIGIN)).toBe('/request?service=General%20Contractor');
    for (const p of [
      '/portal',
      '/my-queries',
      '/chat',
      '/chat/01JABCDEF',
      '/admin',
      '/admin-chat/abc123',
      '/blog-upload/x1',
      '/user',
      '/profile',
      '/',
      '/contactus',
    ]) {
      expect(safeNext(p, ORIGIN), p).toBe(p);
    }
  });

  it('refuses every off-site spelling from the probe and its relatives', () => {
    const attacks = [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r\n/evil.example/',
      '/%09/evil.example/',
      '/%0a/evil.example/',
      '/%0d/evil.example/',
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example/',
      '\\/evil.example/',
      '/%5cevil.example/',
      '/%5Cevil.example/',
      'https://evil.example/',
      'http:evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' /portal',
      '\u0000/portal',
      '/\u0000/evil.example',
      'evil.example',
      '//evil.example/%2e%2e',
      '/%2F/evil.example',
      '/ /evil.example',
      '/\u2028/evil.example',
      '/portal\n',
      '/login',
      '/signup',
      '/reset-password?email=a@b.co',
      '/not-an-app-route',
      '/..//evil.example',
      '/chat/../../evil',
      '/chat/a/b',
      '/\u0085/evil.example',
      '',
      null,
      undefined,
    ];
    for (const attack of attacks) expect(safeNext(attack as string, ORIGIN), JSON.stringify(attack)).toBeNull();
    expect(safeNext('/%09/evil.example/', ORIGIN)).toBeNull();
    expect(safeNext('/\n/evil.example/', ORIGIN)).toBeNull();
    expect(safeNext('//evil.example/', ORIGIN)).toBeNull();
  });
});

describe('workspacePath', () => {
  it("leads to the request's workspace on each side", () => {
    expect(workspacePath('client', 'q1')).toBe('/chat/q1');
    expect(workspacePath('admin', 'a/b')).toBe('/admin-chat/a%2Fb');
  });
});
