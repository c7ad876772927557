import { z } from 'zod';

// Client companies (docs/product.md, "Colleagues"): the Team section of /client-profile.

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, 'E-mail must be at most 320 characters.')
  .email('Please enter a valid e-mail address.');

export const InviteBodySchema = z.object({ email }).meta({ id: 'InviteColleague' });
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** An invitation token, as the sign-up page read it from its link. */
export const InviteTokenSchema = z.string().trim().min(1).max(100);

export const InviteLookupBodySchema = z.object({ invite: InviteTokenSchema }).meta({ id: 'InviteLookup' });
export const InviteLookupSchema = z
  .object({ email: z.string(), companyName: z.string(), invitedBy: z.string() })
  .meta({ id: 'InviteDetails', description: 'What the sign-up page shows of an open invitation.' });

export const CompanyMemberSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    status: z.string().meta({ description: "'pending' until the firm approves them, then 'approved'." }),
    isOwner: z.boolean(),
  })
  .meta({ id: 'CompanyMember' });

export const CompanySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    isOwner: z.boolean().meta({ description: 'Whether the viewer owns the company account (may invite and remove).' }),
    members: z.array(CompanyMemberSchema),
    invites: z
      .array(z.object({ _id: z.string(), email: z.string(), createdAt: z.string(), expiresAt: z.string() }))
      .meta({ description: 'Open invitations (the owner only; empty for other members).' }),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof CompanySchema>;

export const MemberIdParamsSchema = z.object({ userId: z.string().min(1).max(64) });
export const InviteIdParamsSchema = z.object({ inviteId: z.string().min(1).max(64) });
export const FollowSchema = z.object({ message: z.string(), following: z.boolean() }).meta({ id: 'Follow' });
