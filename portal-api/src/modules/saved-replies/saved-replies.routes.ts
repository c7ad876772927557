import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { isUniqueViolation } from '../categories/categories.repo.ts';
import {
  deleteSavedReply,
  findSavedReply,
  insertSavedReply,
  listSavedReplies,
  titleTaken,
  updateSavedReply,
} from './saved-replies.repo.ts';
import { SAVED_REPLY_TEXTS as T } from './saved-replies.labels.ts';
import { SAVED_REPLY_LIMITS } from './saved-replies.rules.ts';
import {
  CreateSavedReplySchema,
  SavedReplyAnswerSchema,
  SavedReplyIdParamsSchema,
  SavedReplyListSchema,
  UpdateSavedReplySchema,
} from './saved-replies.schema.ts';

const duplicate = () => new HttpError(409, T.duplicate, { code: 'already_exists' });

/** The firm's shared saved replies (docs/product.md §25), managed on /admin-replies. Admins only. */
export function savedRepliesRoutes(deps: Deps) {
  const { db, storage } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/saved-replies',
        tags: ['Saved replies'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Every saved reply, by title, with its files as signed links. Admin only.',
        responses: { 200: jsonResponse(SavedReplyListSchema, 'The replies'), ...ADMIN_ONLY },
      }),
      async (c) => c.json({ data: await listSavedReplies(db, storage) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/saved-replies',
        tags: ['Saved replies'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Creates a saved reply. Admin only. multipart/form-data: title (unique, any case), body, and up to 5 files in files[].',
        description:
          'The body may use {client_first_name}, {project_name} and {bid_due_date}. Files follow the deliverables’ rules (PDF, DWG, ZIP, XLSX, CSV ' +
          'or images). A title already used (in any case) answers 409 `already_exists`.',
        responses: {
          201: jsonResponse(SavedReplyAnswerSchema, 'Created'),
          400: { description: 'Missing or too long title or body, too many files' },
          409: { description: 'Title already used' },
          413: { description: 'A file over the upload limit' },
          415: { description: 'A file type not accepted' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { fields, files } = await storage.receive(c.req.raw, {
          maxFiles: SAVED_REPLY_LIMITS.files,
          fileFields: ['files[]', 'files'],
        });
        const stored: StoredFile[] = [];
        try {
          const input = CreateSavedReplySchema.parse(fields);
          if (await titleTaken(db, input.title)) throw duplicate();
          for (const file of files) stored.push(await storage.store(file, 'deliverable', 'private', 'replies'));
          const id = await db
            .transaction()
            .execute((trx) => insertSavedReply(trx, { ...input, createdBy: c.var.user.id, files: stored }))
            .catch((err: unknown) => {
              // Two admins saving one title at once: the unique index decides.
              throw isUniqueViolation(err) ? duplicate() : err;
            });
          return c.json({ message: T.created, data: (await findSavedReply(db, storage, id))! }, 201);
        } catch (err) {
          await storage.discard(files);
          await Promise.all(stored.map((s) => storage.remove(s.key)));
          throw err;
        }
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/saved-replies/{id}',
        tags: ['Saved replies'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: "Changes a saved reply's title or body (its files stay). Admin only.",
        request: {
          params: SavedReplyIdParamsSchema,
          ...jsonBody(UpdateSavedReplySchema),
        },
        responses: {
          200: jsonResponse(SavedReplyAnswerSchema, 'Updated'),
          400: { description: 'Empty or too long' },
          404: { description: 'No such reply' },
          409: { description: 'Title already used' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const patch = c.req.valid('json');
        if (patch.title !== undefined && (await titleTaken(db, patch.title, id))) throw duplicate();
        const found = await db
          .transaction()
          .execute((trx) => updateSavedReply(trx, id, patch))
          .catch((err: unknown) => {
            throw isUniqueViolation(err) ? duplicate() : err;
          });
        if (!found) throw new HttpError(404, T.notFound);
        return c.json({ message: T.updated, data: (await findSavedReply(db, storage, id))! }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/saved-replies/{id}',
        tags: ['Saved replies'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Deletes a saved reply and its files. Files already sent with it stay with their requests. Admin only.',
        request: { params: SavedReplyIdParamsSchema },
        responses: {
          200: jsonResponse(SavedReplyAnswerSchema.pick({ message: true }), 'Deleted'),
          404: { description: 'No such reply' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const keys = await db.transaction().execute((trx) => deleteSavedReply(trx, c.req.valid('param').id));
        if (!keys) throw new HttpError(404, T.notFound);
        await Promise.all(keys.map((key) => storage.remove(key)));
        return c.json({ message: T.deleted }, 200);
      },
    );
}
