import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import type { DB } from '../db/database.ts';
import type { Storage } from '../lib/storage.ts';
import { canSeeQuery, linkViewerMaySee } from '../modules/queries/queries.public.ts';
import { findFileByStorageKey } from '../modules/queries/queries.repo.ts';
import { findActiveAdmin } from '../modules/users/staff.repo.ts';
import { authenticate, bearerToken } from './auth.ts';
import { errorBody } from './errors.ts';
import { INLINE_IMAGES, TYPES } from './mime.ts';
import { parseUploadPath, type UploadArea } from './upload-path.ts';

const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * /uploads/*: public files as they are; private ones (request files and deliverables) with a
 * valid, unexpired signature (of a user who may still see the request), or with the bearer token of a member of the request's company or an admin
 * (docs/product.md §19; someone else's file is 404). Always nosniff; anything but an
 * image is an attachment.
 *
 * The area is decided from the raw path (upload-path.ts), and the file's real
 * path must lie inside that area's real folder before it is opened, so no
 * spelling of '..' (nor a symlink) reaches private files from /uploads/public.
 * The file is then served by @hono/node-server's serveStatic rooted at that
 * area's folder (HEAD and byte ranges included).
 */
export function createUploadsHandler(storage: Storage, db: DB) {
  const roots: Record<UploadArea, string> = { public: path.join(storage.root, 'public'), private: path.join(storage.root, 'private') };
  const realRoots = new Map<UploadArea, string>();
  const realRoot = async (area: UploadArea) => {
    let root = realRoots.get(area);
    if (!root) realRoots.set(area, (root = await fs.promises.realpath(roots[area])));
    return root;
  };
  // Each area is served by @hono/node-server's serveStatic rooted at its folder, which refuses dot segments and '%' on its own as well.
  const serveArea = (area: UploadArea) => serveStatic({ root: roots[area], rewriteRequestPath: (p) => p.slice(`/uploads/${area}`.length) });
  const serve = { public: serveArea('public'), private: serveArea('private') };

  return async (c: Context): Promise<Response> => {
    const parsed = parseUploadPath(new URL(c.req.url).pathname);
    if (!parsed.ok) return c.json(errorBody(parsed.status, parsed.message), parsed.status);
    const { area, key, segments } = parsed;
    const file = path.join(roots[area], ...segments);
    let name = c.req.query('name') ?? segments[segments.length - 1]!;
    const viewer = c.req.query('u');
    if (area === 'private' && storage.verifySignature(key, name, c.req.query('exp') ?? '', c.req.query('sig') ?? '', viewer)) {
      // A link signed for a user opens only while that user may still see the request (lib/link-viewer.ts).
      // A saved reply's file (docs/product.md §25) belongs to no request: it opens for an active admin only.
      if (viewer && key.startsWith('private/replies/')) {
        if (!(await findActiveAdmin(db, viewer))) return c.json(errorBody(404, 'Not found.'), 404);
      } else if (viewer) {
        const stored = await findFileByStorageKey(db, key);
        if (!stored || !(await linkViewerMaySee(db, viewer, stored))) return c.json(errorBody(404, 'Not found.'), 404);
      }
    } else if (area === 'private') {
      const token = bearerToken(c.req.header('authorization'));
      if (!token) return c.json(errorBody(403, 'This link has expired or is not valid.', 'link_expired'), 403);
      const user = await authenticate(db, token);
      const stored = await findFileByStorageKey(db, key);
      if (!stored || !canSeeQuery(user, stored)) return c.json(errorBody(404, 'Not found.'), 404);
      name = stored.name;
    }
    try {
      const real = await fs.promises.realpath(file);
      if (!real.startsWith((await realRoot(area)) + path.sep)) throw new Error('outside its area');
      if (!(await fs.promises.stat(real)).isFile()) throw new Error('not a file');
    } catch {
      return c.json(errorBody(404, 'Not found.'), 404);
    }

    let missing = false;
    const res = await serve[area](c, async () => {
      missing = true;
    });
    if (missing || !res) return c.json(errorBody(404, 'Not found.'), 404);
    for (const [k, v] of Object.entries(fileHeaders(file, name, area))) res.headers.set(k, v);
    return res;
  };
}

function fileHeaders(file: string, name: string, area: UploadArea): Record<string, string> {
  const ext = path.extname(file).toLowerCase();
  const disposition = INLINE_IMAGES.has(ext) ? 'inline' : 'attachment';
  return {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`,
    'cache-control': area === 'private' ? 'private, no-store' : 'public, max-age=31536000, immutable',
    'content-security-policy': FILE_CSP,
  };
}
