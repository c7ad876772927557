import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppEnv } from '../../http/env.ts';
import { errorBody, HttpError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { countOpenUploads, deleteUploadRow, extendUpload, findUpload } from './uploads.repo.ts';
import { MAX_OPEN_UPLOADS, TUS_PATH } from './uploads.schema.ts';
import { createTusServer } from './tus-server.ts';

const UPLOAD_NOT_FOUND = 'Upload not found.';
const IdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
const tusHeaders = { description: 'tus 1.0.0 protocol response (https://tus.io/protocols/resumable-upload)' };

/**
 * Resumable uploads (tus 1.0.0: creation, termination, expiration) under
 * /api/uploads/tus. Signed-in users only; an upload is reachable only by the
 * user who created it (anyone else gets 404, as for an unknown id).
 */
export function uploadsRoutes(deps: Deps) {
  const { db } = deps;
  const tus = createTusServer(deps);
  // A literal type, so that the chained AppType keeps every other route's path (site/lib/api.ts).
  const base = TUS_PATH.replace(/^\/api/, '') as '/uploads/tus';
  const route = (method: 'post' | 'patch' | 'delete', withId: boolean, summary: string, errors: Record<number, string> = {}) =>
    createRoute({
      method,
      path: withId ? `${base}/{id}` : base,
      tags: ['Uploads'],
      summary,
      security: [{ bearer: [] }],
      middleware: [requireAuth(db)] as const,
      ...(withId ? { request: { params: IdParams } } : {}),
      responses: {
        200: tusHeaders,
        201: tusHeaders,
        204: tusHeaders,
        401: { description: 'No session' },
        404: { description: "Unknown upload, or someone else's" },
        412: { description: 'No Tus-Resumable header, or a tus version other than 1.0.0' },
        ...Object.fromEntries(Object.entries(errors).map(([status, description]) => [status, { description }])),
      },
    });

  const forward = async (c: Context<AppEnv>, id: string | null) => {
    const user = c.var.user;
    if (id) {
      const row = await findUpload(db, id);
      if (!row || row.user_id !== user.id) throw new HttpError(404, UPLOAD_NOT_FOUND);
    } else if ((await countOpenUploads(db, user.id)) >= MAX_OPEN_UPLOADS) {
      throw new HttpError(429, `You have ${MAX_OPEN_UPLOADS} unfinished uploads. Please submit or wait for them to expire.`);
    }
    const res = await tus.handle(c.req.raw, user, id, c.var.log);
    // Expiry counts from the last bytes received, so a slow 10 GB set is not cut off at 24 h.
    if (id && c.req.raw.method === 'PATCH' && res.status === 204) await extendUpload(db, id);
    // A cancelled upload (tus termination) is gone: its row no longer counts toward MAX_OPEN_UPLOADS.
    if (id && c.req.raw.method === 'DELETE' && res.status === 204) await deleteUploadRow(db, id);
    const answer = await asJsonError(res);
    // tus's own Response replaces the context's, so the request id that hono/request-id set is put back.
    answer.headers.set('X-Request-Id', c.var.requestId);
    return answer;
  };

  return (
    createRouter()
      .openapi(
        route(
          'post',
          false,
          'Creates an upload (tus creation). Upload-Length and Upload-Metadata `filename` required; at most UPLOAD_MAX_MB.',
          {
            400: 'No Upload-Length (deferred lengths are refused) or an empty file',
            413: 'Upload-Length over UPLOAD_MAX_MB',
            429: 'Too many unfinished uploads',
          },
        ),
        (c) => forward(c, null) as never,
      )
      .openapi(
        route(
          'patch',
          true,
          'Appends bytes at Upload-Offset (tus). A wrong offset is 409, bytes past Upload-Length 413. The last PATCH checks the file type (415 names a refused file, which is deleted). HEAD on the same URL answers the offset (tus; no body, so errors are status only) and checks a full upload the server stopped before checking.',
          {
            409: 'Upload-Offset is not the offset the server has',
            410: 'The upload expired (24 hours after its last bytes): start it again',
            413: 'Bytes past Upload-Length (or UPLOAD_MAX_MB)',
            415: 'The completed file is not a PDF, DWG, ZIP or image (by content); it is deleted and the message names it',
          },
        ),
        (c) => forward(c, c.req.param('id') ?? null) as never,
      )
      .openapi(
        route('delete', true, 'Deletes the upload (tus termination).', { 410: 'The upload had already expired' }),
        (c) => forward(c, c.req.param('id') ?? null) as never,
      )
      // Hono answers HEAD with the GET route (dropping the body), so tus's HEAD
      // (documented with PATCH: HTTP gives it no body for a {message}) is served
      // here; a real GET (download) is not offered.
      .get(`${base}/:id`, requireAuth(db), (c) => {
        if (c.req.raw.method !== 'HEAD') throw new HttpError(404, 'Not found.');
        return forward(c, c.req.param('id'));
      })
      // tus discovery (https://tus.io/protocols/resumable-upload#options): what a tus client asks
      // before it starts. Public, as the protocol says: it reveals only the server's limits.
      .on('OPTIONS', [base, `${base}/:id`], (c) =>
        c.body(null, 204, {
          'Tus-Resumable': '1.0.0',
          'Tus-Version': '1.0.0',
          'Tus-Extension': 'creation,termination,expiration',
          'Tus-Max-Size': String(deps.storage.uploadMaxBytes),
        }),
      )
  );
}

/**
 * The API answers {message, code} everywhere. Our own refusals inside tus carry that JSON already
 * (tus-server.ts); tus's own (a wrong offset, bytes past the length) are plain text, and get the
 * code of their status.
 */
async function asJsonError(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = (await res.text()).trim() || 'Upload failed.';
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(ownErrorBody(text) ?? errorBody(res.status, text)), { status: res.status, headers });
}

/** The error JSON tus-server.ts wrote, or null for tus's own plain text. */
function ownErrorBody(text: string): ReturnType<typeof errorBody> | null {
  if (!text.startsWith('{')) return null;
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    return typeof body.message === 'string' && typeof body.code === 'string' ? (body as ReturnType<typeof errorBody>) : null;
  } catch {
    return null;
  }
}
