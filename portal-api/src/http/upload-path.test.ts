import { describe, expect, it } from 'vitest';
import { parseUploadPath } from './upload-path.ts';

describe('parseUploadPath', () => {
  it('reads the area from the raw first segment and keeps generated names', () => {
    expect(parseUploadPath('/uploads/public/blogs/01ABC.webp')).toEqual({
      ok: true,
      area: 'public',
      key: 'public/blogs/01ABC.webp',
      segments: ['blogs', '01ABC.webp'],
    });
    expect(parseUploadPath('/uploads/private/queries/01ABC.pdf')).toMatchObject({
      ok: true,
      area: 'private',
      key: 'private/queries/01ABC.pdf',
    });
  });

  it('refuses any segment that decodes to a parent, a separator, a control character or a second encoding', () => {
    for (const p of [
      '/uploads/public/..%2Fprivate/queries/a.pdf',
      '/uploads/public/%2e%2e%2Fprivate/a.pdf',
      '/uploads/public/x/..%2F..%2Fprivate/a.pdf',
      '/uploads/public/..',
      '/uploads/public/%2e%2e/private/a.pdf',
      '/uploads/public/..%5Cprivate%5Ca.pdf',
      '/uploads/public/a%00.png',
      '/uploads/public/%252e%252e%252fprivate/a.pdf',
      '/uploads/public/blogs//a.png',
      '/uploads/public/.',
      '/uploads/public/a%09b.png',
      '/uploads/%70ublic/blogs/a.png',
      '/uploads/public',
      '/uploads/public/',
      '/uploads/other/a.png',
      '/uploads/private/queries/..\\..\\app.db',
    ]) {
      expect(parseUploadPath(p), p).toMatchObject({ ok: false, status: 404 });
    }
  });

  it('answers 400 for a malformed percent-encoding', () => {
    expect(parseUploadPath('/uploads/public/%E0%A4%A')).toMatchObject({ ok: false, status: 400 });
    expect(parseUploadPath('/uploads/public/%c0%ae%c0%ae/a.pdf')).toMatchObject({ ok: false, status: 400 });
  });
});
