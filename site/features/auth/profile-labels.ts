// The profile fields of /profile and /client-profile (docs/product.md §2), apart from their schema
// (profile-form.ts, loaded on demand) so the screen shows them without zod.

/** The profile fields' labels, in the order the form shows and checks them. */
export const PROFILE_LABELS = { fullName: 'Full Name', phoneNumber: 'Phone No.', company: 'Company Name', bio: 'Your Bio' } as const;
