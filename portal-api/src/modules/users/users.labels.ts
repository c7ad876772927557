// docs/product.md §8 profile sentence, answered by PUT /users/profile and shown by the profile screens. No imports.
export const PROFILE_UPDATED = 'Profile Updated Successfully';
