import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { pushToFirm } from '../chats/chats.public.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { findActiveAdmin } from '../users/staff.repo.ts';
import { QueryIdParamsSchema, QueryAnswerSchema } from './queries.admin.schema.ts';
import { findAdminQuery } from './queries.admin.repo.ts';
import { ASSIGN_TEXTS } from './queries.assign.labels.ts';
import { assignmentMail } from './queries.assign.mail.ts';
import { assigneeOf, setAssignee } from './queries.assign.repo.ts';
import { QUERY_NOT_FOUND } from './queries.labels.ts';
import { requestTitle } from './queries.mail.ts';
import { lockRequest } from './queries.repo.ts';

const AssignSchema = z.object({
  assigneeId: z
    .string({ error: ASSIGN_TEXTS.invalidAssignee })
    .min(1, ASSIGN_TEXTS.invalidAssignee)
    .max(64, ASSIGN_TEXTS.invalidAssignee)
    .nullable()
    .meta({ description: 'An active admin’s id, or null to give the request back to the whole team.' }),
});

/** Assigning a request to one admin (docs/product.md §25 "Assignment"). */
export function queriesAssignRoutes(deps: Deps) {
  const { db, storage, config } = deps;
  return createRouter().openapi(
    createRoute({
      method: 'put',
      path: '/queries/{id}/assignee',
      tags: ['Queries'],
      security: [{ bearer: [] }],
      middleware: [requireAuth(db, 'admin')] as const,
      summary: 'Assigns a request to an active admin, or to nobody (null). Admin only.',
      description:
        'The change is a line in the request’s history, a mail to the new assignee (unless they assigned it to themselves), and the frame ' +
        '{"type":"queryAssigned","queryId","assignee","by"} to every admin socket watching unread counts. Its client sees ' +
        "'Your estimator: {name}' (the Query's `assignee`). A client, a disabled admin or an unknown id is refused (400 `invalid_assignee`).",
      request: { params: QueryIdParamsSchema, ...jsonBody(AssignSchema) },
      responses: {
        200: jsonResponse(QueryAnswerSchema, 'The request after the change'),
        400: { description: 'Not an active admin (`invalid_assignee`)' },
        404: { description: 'No such request' },
        ...ADMIN_ONLY,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { assigneeId } = c.req.valid('json');
      const actor = c.var.user;
      const change = await db.transaction().execute(async (trx) => {
        const query = await lockRequest(trx, id);
        if (!query) throw new HttpError(404, QUERY_NOT_FOUND);
        const assignee = assigneeId ? await findActiveAdmin(trx, assigneeId) : null;
        if (assigneeId && !assignee) throw new HttpError(400, ASSIGN_TEXTS.invalidAssignee, { code: 'invalid_assignee' });
        if ((await assigneeOf(trx, id)) === (assignee?.id ?? null)) return null; // already so: no line, no mail
        await setAssignee(trx, id, assignee?.id ?? null);
        await recordActivity(trx, {
          userId: query.user_id,
          queryId: id,
          status: query.status,
          activity: assignee ? ASSIGN_TEXTS.historyAssigned(assignee.full_name) : ASSIGN_TEXTS.historyUnassigned,
          by: 'firm',
        });
        if (assignee && assignee.id !== actor.id) {
          const mail = assignmentMail(
            assignee.email,
            actor.fullName,
            { id, title: requestTitle(query), client: query.full_name },
            config.publicUrl,
          );
          if (mail) await enqueueMail(trx, mail);
        }
        return { assignee: assignee ? { _id: assignee.id, fullName: assignee.full_name } : null };
      });
      if (change) {
        await pushToFirm(deps, {
          type: 'queryAssigned',
          queryId: id,
          assignee: change.assignee,
          by: { _id: actor.id, fullName: actor.fullName },
        });
      }
      const data = await findAdminQuery(db, storage, id);
      if (!data) throw new HttpError(404, QUERY_NOT_FOUND);
      const message = data.assignee ? ASSIGN_TEXTS.assigned(data.assignee.fullName) : ASSIGN_TEXTS.unassigned;
      return c.json({ message, data }, 200);
    },
  );
}
