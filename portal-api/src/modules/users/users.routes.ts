import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { PROFILE_IMAGE_MAX_BYTES, profileImageKey, storeProfileImage } from './profile-image.ts';
import { findUserById, listNonAdminUsers, toProfile, toUser, updateProfile } from './users.repo.ts';
import { ProfileSchema, ProfileUpdateSchema, UserListQuerySchema, UserPageSchema } from './users.schema.ts';
import { PROFILE_UPDATED } from './users.labels.ts';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

/**
 * The users sub-app (SPEC §7 "Users and profile"). GET /users/{id} is deliberately
 * absent: it would shadow GET /users/with-queries of the admin queries module.
 */
export function usersRoutes({ db, storage }: Deps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get', path: '/users', tags: ['Users'], security: [{ bearer: [] }],
        summary: 'Registered users except admins, newest first, paged (default 6 per page). Admin only.',
        middleware: [requireAuth(db, 'admin')] as const,
        request: { query: UserListQuerySchema },
        responses: { 200: { description: 'A page of users', ...json(UserPageSchema) }, 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } },
      }),
      async (c) => {
        const { page, pageSize, cursor } = c.req.valid('query');
        const { rows, total, nextCursor } = await listNonAdminUsers(db, page, pageSize, cursor);
        const data = rows.map((row) => {
          const { _id, fullName, email, role, status, createdAt } = toUser(row);
          return { _id, fullName, email, role, status, createdAt };
        });
        return c.json({ data, page, pageSize, total, nextCursor }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get', path: '/users/profile', tags: ['Users'], security: [{ bearer: [] }],
        summary: "The signed-in user's profile. Any signed-in user.",
        middleware: [requireAuth(db)] as const,
        responses: { 200: { description: 'Profile', ...json(z.object({ data: ProfileSchema })) }, 401: { description: 'Not signed in' } },
      }),
      async (c) => {
        const row = await findUserById(db, c.var.user.id);
        if (!row) throw new HttpError(401, 'Your session has expired. Please sign in again.');
        return c.json({ data: toProfile(row) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put', path: '/users/profile', tags: ['Users'], security: [{ bearer: [] }],
        summary:
          "Updates the signed-in user's profile. Any signed-in user. multipart/form-data: fullName, bio, phoneNumber, company, optional profileImage (an image, at most 5 MB, stored as WebP). The e-mail cannot be changed.",
        middleware: [requireAuth(db)] as const,
        responses: {
          200: { description: 'Updated profile', ...json(z.object({ data: ProfileSchema, message: z.string() })) },
          400: { description: 'Invalid field' }, 413: { description: 'Photo over 5 MB' }, 415: { description: 'Not an image' },
        },
      }),
      async (c) => {
        const { fields, files } = await storage.receive(c.req.raw, { maxFiles: 1, maxFileBytes: PROFILE_IMAGE_MAX_BYTES, fileFields: ['profileImage'] });
        let imageUrl: string | undefined;
        try {
          const patch = ProfileUpdateSchema.parse(fields);
          if (files[0]) imageUrl = await storeProfileImage(storage, files[0]);
          const before = await findUserById(db, c.var.user.id);
          if (!before) throw new HttpError(401, 'Your session has expired. Please sign in again.');
          await updateProfile(db, before.id, { ...patch, profileImage: imageUrl });
          if (imageUrl) await storage.remove(profileImageKey(before.profile_image));
        } catch (err) {
          await storage.discard(files);
          if (imageUrl) await storage.remove(profileImageKey(imageUrl));
          throw err;
        }
        const row = await findUserById(db, c.var.user.id);
        return c.json({ data: toProfile(row!), message: PROFILE_UPDATED }, 200);
      },
    );
}
