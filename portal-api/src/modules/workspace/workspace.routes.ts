import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import yazl from 'yazl';
import type { Deps } from '../../deps.ts';
import { authenticate, bearerToken, requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { createRouter, jsonResponse } from '../../http/router.ts';
import { QUERY_NOT_FOUND } from '../queries/queries.labels.ts';
import { findQueryForUser, linkViewerMaySee } from '../queries/queries.public.ts';
import { findQueryRow } from '../queries/queries.repo.ts';
import { QueryIdParamsSchema } from '../queries/queries.schema.ts';
import { listPlanFiles, zipKey, zipName } from './workspace.repo.ts';
import { FilesZipQuerySchema, WorkspaceSchema } from './workspace.schema.ts';
import { loadWorkspace } from './workspace.view.ts';

/** The request workspace: the panel's data in one call, and the plans as one ZIP. */
export function workspaceRoutes(deps: Deps) {
  const { db, storage } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/{id}/workspace',
        tags: ['Queries'],
        summary:
          "One request's workspace: the query, its client's contact, history, allowed status actions and workflow moves, a ZIP link and unread count. Owner (read-only) or admin; someone else's answers 404.",
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        request: { params: QueryIdParamsSchema },
        responses: {
          200: jsonResponse(z.object({ data: WorkspaceSchema }), 'The workspace'),
          404: { description: 'Unknown or not yours' },
        },
      }),
      async (c) => c.json({ data: await loadWorkspace(db, storage, c.req.valid('param').id, c.var.user) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/{id}/files.zip',
        tags: ['Queries'],
        summary:
          "Every plan file of a request as one ZIP, streamed as it is built. Either the signed link from the workspace's filesZipUrl, or a bearer token of the owner or an admin.",
        security: [{ bearer: [] }],
        request: { params: QueryIdParamsSchema, query: FilesZipQuerySchema },
        responses: {
          200: { description: 'application/zip', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
          401: { description: 'No signature and no valid token' },
          403: { description: 'A signed link that is tampered with or expired (a guessed or expired link gets 403)' },
          404: { description: 'Unknown, not yours, or no files' },
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { exp, sig, u } = c.req.valid('query');
        if (exp && sig) {
          if (!storage.verifySignature(zipKey(id), zipName(id), exp, sig, u))
            throw new HttpError(403, 'This download link has expired or is not valid. Reload the page and try again.', {
              code: 'link_expired',
            });
          // A link signed for a user opens only while that user may still see the request (lib/link-viewer.ts).
          const row = u ? await findQueryRow(db, id) : null;
          if (u && (!row || !(await linkViewerMaySee(db, u, row)))) throw new HttpError(404, QUERY_NOT_FOUND);
        } else {
          const user = await authenticate(db, bearerToken(c.req.header('authorization')));
          await findQueryForUser(db, id, user);
        }
        const files = await listPlanFiles(db, id);
        if (!files.length) throw new HttpError(404, QUERY_NOT_FOUND);
        // Check every file before the first byte goes out: a missing one then answers 404, not a torn ZIP.
        const paths = await Promise.all(
          files.map(async (f) => {
            const full = storage.resolve(f.storage_key);
            await fs.access(full).catch(() => {
              throw new HttpError(404, 'A file of this request is missing.');
            });
            return full;
          }),
        );
        const zip = new yazl.ZipFile();
        const used = new Map<string, number>();
        files.forEach((f, i) =>
          zip.addFile(paths[i]!, uniqueName(f.name, used), { compress: !/\.(zip|pdf|png|jpe?g|gif|webp|avif)$/i.test(f.name) }),
        );
        zip.end();
        c.header('content-type', 'application/zip');
        c.header('content-disposition', `attachment; filename="${zipName(id)}"`);
        c.header('cache-control', 'private, no-store');
        return c.body(Readable.toWeb(zip.outputStream as Readable) as ReadableStream, 200);
      },
    );
}

/** Two plans called plan.pdf become plan.pdf and plan (2).pdf inside the ZIP. */
function uniqueName(name: string, used: Map<string, number>): string {
  const count = (used.get(name) ?? 0) + 1;
  used.set(name, count);
  if (count === 1) return name;
  const dot = name.lastIndexOf('.');
  const candidate = dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  return used.has(candidate) ? uniqueName(candidate, used) : (used.set(candidate, 1), candidate);
}
