import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { LIST_BATCH, streamJsonList } from '../../http/json-stream.ts';
import { ADMIN_ONLY, createRouter, jsonResponse } from '../../http/router.ts';
import {
  findClient,
  listQueriesOfUser,
  listUsersWithQueriesPage,
  usersWithQueriesBatches,
  UserIdParamsSchema,
  UserQueriesSchema,
  UsersWithQueriesQuerySchema,
  UsersWithQueriesSchema,
} from '../queries/queries.public.ts';
import { PROFILE_IMAGE_MAX_BYTES, profileImageKey, storeProfileImage } from './profile-image.ts';
import { companiesOfUsers } from '../companies/companies.repo.ts';
import { findUserById, listNonAdminUsers, toProfile, toUser, updateProfile } from './users.repo.ts';
import { ProfileSchema, ProfileUpdateSchema, UserListQuerySchema, UserPageSchema } from './users.schema.ts';
import { PROFILE_UPDATED } from './users.labels.ts';
import { SESSION_EXPIRED } from '../auth/auth.labels.ts';

/**
 * The users sub-app (docs/product.md §7 "Users and profile"), with the admin's views of a
 * client's queries. GET /users/{id} is deliberately absent: it would shadow
 * GET /users/with-queries.
 */
export function usersRoutes(deps: Deps) {
  const { db, storage } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/users',
        tags: ['Users'],
        security: [{ bearer: [] }],
        summary: 'Registered users except admins, newest first, paged (default 6 per page). Admin only.',
        middleware: [requireAuth(db, 'admin')] as const,
        request: { query: UserListQuerySchema },
        responses: {
          200: jsonResponse(UserPageSchema, 'A page of users'),
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { page, pageSize, cursor, include } = c.req.valid('query');
        const withLatest = include === 'latestQueryStatus';
        const { rows, total, nextCursor } = await listNonAdminUsers(db, page, pageSize, cursor, withLatest);
        // The approval list names each client's company and who invited them (docs/product.md, "Colleagues").
        const companies = await companiesOfUsers(
          db,
          rows.map((r) => r.id),
        );
        const data = rows.map((row) => {
          const { _id, fullName, email, role, status, createdAt } = toUser(row);
          const listed = { _id, fullName, email, role, status, createdAt, company: null, invitedBy: null, ...companies.get(row.id) };
          return withLatest ? { ...listed, latestQueryStatus: row.latest_query_status ?? null } : listed;
        });
        return c.json({ data, page, pageSize, total, nextCursor }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/users/profile',
        tags: ['Users'],
        security: [{ bearer: [] }],
        summary: "The signed-in user's profile. Any signed-in user.",
        middleware: [requireAuth(db)] as const,
        responses: { 200: jsonResponse(z.object({ data: ProfileSchema }), 'Profile'), 401: { description: 'Not signed in' } },
      }),
      async (c) => {
        const row = await findUserById(db, c.var.user.id);
        if (!row) throw new HttpError(401, SESSION_EXPIRED);
        return c.json({ data: toProfile(row) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/users/profile',
        tags: ['Users'],
        security: [{ bearer: [] }],
        summary:
          "Updates the signed-in user's profile. Any signed-in user. multipart/form-data: fullName, bio, phoneNumber, company, optional profileImage (an image, at most 5 MB, stored as WebP). The e-mail cannot be changed.",
        middleware: [requireAuth(db)] as const,
        responses: {
          200: jsonResponse(z.object({ data: ProfileSchema, message: z.string() }), 'Updated profile'),
          400: { description: 'Invalid field' },
          413: { description: 'Photo over 5 MB' },
          415: { description: 'Not an image' },
        },
      }),
      async (c) => {
        const { fields, files } = await storage.receive(c.req.raw, {
          maxFiles: 1,
          maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
          fileFields: ['profileImage'],
        });
        let imageUrl: string | undefined;
        try {
          const patch = ProfileUpdateSchema.parse(fields);
          if (files[0]) imageUrl = await storeProfileImage(storage, files[0]);
          const before = await findUserById(db, c.var.user.id);
          if (!before) throw new HttpError(401, SESSION_EXPIRED);
          const { replaced } = await updateProfile(db, before.id, { ...patch, profileImage: imageUrl });
          await storage.remove(profileImageKey(replaced));
        } catch (err) {
          await storage.discard(files);
          if (imageUrl) await storage.remove(profileImageKey(imageUrl));
          throw err;
        }
        const row = await findUserById(db, c.var.user.id);
        return c.json({ data: toProfile(row!), message: PROFILE_UPDATED }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/users/with-queries',
        tags: ['Users'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary:
          'Clients who have queries, most recently active first, with their queries and whether they are connected to chat now. Admin only.',
        description:
          'With `limit` or `cursor` (or `q`) the clients come in keyset pages of `limit` (default 20) with `nextCursor`, ' +
          'filtered by `q`, and each query message is cut to a 120-character preview. Without them, every client, in full.',
        request: { query: UsersWithQueriesQuerySchema },
        responses: {
          200: jsonResponse(UsersWithQueriesSchema, 'Users with queries'),
          400: { description: 'Bad cursor or limit' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { limit, cursor, q } = c.req.valid('query');
        if (limit === undefined && cursor === undefined && !q) {
          // Every client, streamed a batch of clients at a time (http/json-stream.ts).
          const batches = async function* () {
            for await (const users of usersWithQueriesBatches(db, LIST_BATCH))
              yield users.map((u) => ({ ...u, online: deps.hub.isOnline(u._id) }));
          };
          return streamJsonList<z.infer<typeof UsersWithQueriesSchema>>(c, 'users', batches());
        }
        const page = await listUsersWithQueriesPage(db, { limit: limit ?? 20, cursor, q });
        return c.json({ users: page.users.map((u) => ({ ...u, online: deps.hub.isOnline(u._id) })), nextCursor: page.nextCursor }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/users/{id}/queries',
        tags: ['Users'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: "One client's queries, newest first. Admin only.",
        request: { params: UserIdParamsSchema },
        responses: { 200: jsonResponse(UserQueriesSchema, 'The queries'), 404: { description: 'No such client' }, ...ADMIN_ONLY },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!(await findClient(db, id))) throw new HttpError(404, 'User not found.');
        return c.json({ data: await listQueriesOfUser(db, storage, id) }, 200);
      },
    );
}
