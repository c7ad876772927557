// Profile field lengths, shared by ProfileUpdateSchema and the profile screens' counters,
// so both refuse the same text. No imports: the screens show them without loading zod.
export const PROFILE_LIMITS = { fullName: 120, phoneNumber: 40, company: 120, bio: 2000 } as const;
