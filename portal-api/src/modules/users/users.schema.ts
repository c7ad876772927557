import { z } from 'zod';
import { ROLES } from '../../shared/roles.ts';
import { FULL_NAME_REQUIRED } from '../auth/auth.schema.ts';
import { CursorParam, NextCursorField } from '../paging/paging.schema.ts';
import { PROFILE_LIMITS } from './users.limits.ts';

// docs/product.md §3 "User in admin list" and "Profile"; docs/product.md §5 shows no length limits, these are ours.

export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').default(1),
  /** docs/product.md §9: the admin user list shows 6 per page. */
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be 100 or less.').default(6),
  cursor: CursorParam,
  include: z
    .literal('latestQueryStatus', { error: "include must be 'latestQueryStatus'." })
    .optional()
    .meta({ description: "'latestQueryStatus' adds each user's newest query status (the /admin-queries client list)." }),
});

export const ListedUserSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    role: z.string(),
    status: z.string(),
    createdAt: z.string(),
    company: z
      .object({ _id: z.string(), name: z.string() })
      .nullable()
      .optional()
      .meta({ description: 'The client\'s company (docs/product.md, "Colleagues").' }),
    invitedBy: z
      .object({ _id: z.string(), fullName: z.string() })
      .nullable()
      .optional()
      .meta({ description: 'The colleague who invited this client into their company; null for one who signed up alone.' }),
    latestQueryStatus: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "With include=latestQueryStatus: the status of the user's newest query; null when they have none." }),
  })
  .meta({ id: 'ListedUser' });

export type ListedUser = z.infer<typeof ListedUserSchema>;

export const UserPageSchema = z
  .object({
    data: z.array(ListedUserSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    nextCursor: NextCursorField(),
  })
  .meta({ id: 'UserPage' });

export const ProfileSchema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    company: z.string(),
    bio: z.string(),
    profileImage: z.string().nullable(),
    role: z.enum(ROLES),
  })
  .meta({ id: 'Profile' });

export { PROFILE_LIMITS };

/** The text fields of PUT /users/profile (multipart); an absent field is left unchanged. */
export const ProfileUpdateSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, FULL_NAME_REQUIRED)
    .max(PROFILE_LIMITS.fullName, 'Full name must be at most 120 characters.')
    .optional(),
  phoneNumber: z.string().trim().max(PROFILE_LIMITS.phoneNumber, 'Phone number must be at most 40 characters.').optional(),
  company: z.string().trim().max(PROFILE_LIMITS.company, 'Company name must be at most 120 characters.').optional(),
  bio: z.string().trim().max(PROFILE_LIMITS.bio, 'Bio must be at most 2000 characters.').optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
