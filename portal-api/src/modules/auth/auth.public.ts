// What other modules may use of the auth module beyond its repo and schema (eslint's module wall):
// password hashing for the bootstrap admin, and the token bucket the contact form limits with.
export { hashPassword } from './password.ts';
export { RefillingTokenBucket } from './rate-limit.ts';
