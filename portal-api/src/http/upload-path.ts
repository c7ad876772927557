// Which stored file an /uploads/… address names, never a file outside its area. The area
// (public or private) is read from the raw first segment, before any decoding,
// and every later segment is decoded once and refused if it could name a
// parent, a sibling area or anything odd: no decoded segment may be empty, '.',
// '..', hold a slash, a backslash, a control character (NUL included) or a '%'
// left over from double encoding. Stored keys are generated names
// (storage.ts), so none of this ever refuses a real file.

import { MALFORMED_PATH } from './malformed-path.ts';

export type UploadArea = 'public' | 'private';
export type UploadPath =
  { ok: true; area: UploadArea; key: string; segments: string[] } | { ok: false; status: 400 | 404; message: string };

const NOT_FOUND = { ok: false, status: 404, message: 'Not found.' } as const;

/** `pathname` is the request's path as sent (percent-encoding intact), e.g. /uploads/public/blogs/x.webp. */
export function parseUploadPath(pathname: string): UploadPath {
  if (!pathname.startsWith('/uploads/')) return NOT_FOUND;
  const [area, ...rest] = pathname.slice('/uploads/'.length).split('/');
  if (area !== 'public' && area !== 'private') return NOT_FOUND;
  if (rest.length === 0) return NOT_FOUND;
  const segments: string[] = [];
  for (const raw of rest) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, status: 400, message: MALFORMED_PATH };
    }
    if (!isPlainSegment(segment)) return NOT_FOUND;
    segments.push(segment);
  }
  return { ok: true, area, key: `${area}/${segments.join('/')}`, segments };
}

function isPlainSegment(segment: string): boolean {
  if (segment === '' || segment === '.' || segment === '..') return false;
  // '%' after one decoding means the client encoded twice (%252e%252e): refused, never decoded again.
  return !/[/\\%\u0000-\u001f\u007f]/.test(segment);
}
