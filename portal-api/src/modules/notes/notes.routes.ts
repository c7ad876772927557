import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import { pushToFirm } from '../chats/chats.public.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { QUERY_NOT_FOUND } from '../queries/queries.labels.ts';
import { requestTitle } from '../queries/queries.mail.ts';
import { findQueryRow, lockRequest } from '../queries/queries.repo.ts';
import { listActiveAdmins } from '../users/staff.repo.ts';
import { mentionMail } from './notes.mail.ts';
import { insertNote, listNotes } from './notes.repo.ts';
import { mentionedIn } from './notes.rules.ts';
import { CreateNoteSchema, NoteListSchema, NoteQueryParamsSchema, NoteSchema, type Note } from './notes.schema.ts';

/**
 * Internal notes (docs/product.md §25): admins only, kept apart from the chat's messages, so no
 * client answer, socket room, mail, unread count or export ever carries one.
 */
export function notesRoutes(deps: Deps) {
  const { db, config } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/{id}/notes',
        tags: ['Notes'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: "A request's internal notes, oldest first (the newest 500). Admin only.",
        request: { params: NoteQueryParamsSchema },
        responses: { 200: jsonResponse(NoteListSchema, 'The notes'), 404: { description: 'No such request' }, ...ADMIN_ONLY },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!(await findQueryRow(db, id))) throw new HttpError(404, QUERY_NOT_FOUND);
        const admins = await listActiveAdmins(db);
        const people = admins.map((a) => ({ id: a.id, fullName: a.full_name }));
        const data: Note[] = (await listNotes(db, id)).map((n) => ({
          _id: n.id,
          query: n.query_id,
          body: n.body,
          author: n.author_id && n.author_name != null ? { _id: n.author_id, fullName: n.author_name } : null,
          createdAt: n.created_at,
          mentions: mentionedIn(
            n.body,
            people.filter((p) => p.id !== n.author_id),
          ).map((p) => ({ _id: p.id, fullName: p.fullName })),
        }));
        return c.json({ data }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries/{id}/notes',
        tags: ['Notes'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Writes an internal note on a request (at most 10,000 characters). Admin only.',
        description:
          "A note naming another active admin with '@' ('@Maria' or '@Maria Lopez') mails them and raises their alert: the frame " +
          '{"type":"noteAdded","note"} goes to every admin socket watching unread counts, with the named admins in `note.mentions`. ' +
          'Notes never reach a client: not their sockets, answers, mails, unread counts or exports.',
        request: {
          params: NoteQueryParamsSchema,
          ...jsonBody(CreateNoteSchema),
        },
        responses: {
          201: jsonResponse(z.object({ data: NoteSchema }), 'Written'),
          400: { description: 'Empty, or over 10,000 characters' },
          404: { description: 'No such request' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { body } = c.req.valid('json');
        const author = c.var.user;
        const note = await db.transaction().execute(async (trx) => {
          const query = await lockRequest(trx, id);
          if (!query) throw new HttpError(404, QUERY_NOT_FOUND);
          const others = (await listActiveAdmins(trx)).filter((a) => a.id !== author.id);
          const named = mentionedIn(
            body,
            others.map((a) => ({ id: a.id, fullName: a.full_name })),
          );
          const stored = await insertNote(trx, { queryId: id, authorId: author.id, body });
          for (const person of named) {
            const to = others.find((a) => a.id === person.id)!.email;
            const mail = mentionMail(to, author.fullName, { id, title: requestTitle(query) }, body, config.publicUrl);
            if (mail) await enqueueMail(trx, mail);
          }
          return {
            _id: stored.id,
            query: id,
            body,
            author: { _id: author.id, fullName: author.fullName },
            createdAt: stored.createdAt,
            mentions: named.map((p) => ({ _id: p.id, fullName: p.fullName })),
          } satisfies Note;
        });
        await pushToFirm(deps, { type: 'noteAdded', note });
        return c.json({ data: note }, 201);
      },
    );
}
