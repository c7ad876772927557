// docs/product.md §8 profile sentence, answered by PUT /users/profile and shown by the profile screens. No imports.
export const PROFILE_UPDATED = 'Profile Updated Successfully';

/** An account status as every screen names one: 'pending' reads 'Pending', as the request statuses do. */
export function userStatusLabel(status: string): string {
  const words = status.trim().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
