import { z } from 'zod';
import { FULL_NAME_REQUIRED } from '../auth/auth.schema.ts';
import { PASSWORD_MIN } from '../auth/auth.rules.ts';
import { PROFILE_LIMITS } from './users.limits.ts';

// docs/product.md §25 "Staff": the admins' list, invitations and their acceptance.

const email = z
  .string({ error: 'Please enter a valid e-mail address.' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid e-mail address.')
  .pipe(z.email('Please enter a valid e-mail address.'));

export const StaffMemberSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    status: z.enum(['active', 'disabled']),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  invitedBy: z.string().nullable(),
});

export const StaffListSchema = z
  .object({ data: z.array(StaffMemberSchema), invitations: z.array(StaffInvitationSchema) })
  .meta({ id: 'StaffList' });

export const InviteStaffSchema = z.object({ email });

export const AcceptInvitationSchema = z.object({
  email,
  token: z.string({ error: 'The invitation link is incomplete.' }).min(1, 'The invitation link is incomplete.').max(256),
  fullName: z
    .string({ error: FULL_NAME_REQUIRED })
    .trim()
    .min(1, FULL_NAME_REQUIRED)
    .max(PROFILE_LIMITS.fullName, 'Full name must be at most 120 characters.'),
  password: z
    .string({ error: `Password must be at least ${PASSWORD_MIN.signup} characters.` })
    .min(PASSWORD_MIN.signup, `Password must be at least ${PASSWORD_MIN.signup} characters.`)
    .max(256),
});
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;

export const StaffIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' } }),
});

export const StaffMessageSchema = z.object({ message: z.string() });
