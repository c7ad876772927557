import { z } from 'zod';
import { firstTooLong } from '../../lib/text-limit.ts';
import { ProfileUpdateSchema } from '../../../portal-api/src/modules/users/users.schema.ts';
import { PROFILE_LIMITS } from '../../../portal-api/src/modules/users/users.limits.ts';
import { PROFILE_LABELS } from './profile-labels.ts';

// The form of /profile and /client-profile (docs/product.md §2): first the counters' too-long sentence
// ("Full Name: At most 120 characters: …") on the trimmed text, field by field in the
// order shown, then the shared ProfileUpdateSchema (all four fields are sent), so a form the
// server would refuse is refused here with the server's words. The screen loads this file on
// demand (site/lib/form.ts), so zod is not part of its first load.

const FIELDS = Object.keys(PROFILE_LABELS) as (keyof typeof PROFILE_LABELS)[];

export const ProfileFormSchema = z
  .object({ fullName: z.string(), phoneNumber: z.string(), company: z.string(), bio: z.string() })
  .superRefine((fields, ctx) => {
    for (const field of FIELDS) {
      const problem = firstTooLong([[PROFILE_LABELS[field], fields[field].trim(), PROFILE_LIMITS[field]]]);
      if (problem) return ctx.addIssue({ code: 'custom', message: problem, path: [field] });
    }
  })
  .pipe(ProfileUpdateSchema.required());
