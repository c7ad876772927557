// What other modules use of the auth module: creating an admin hashes its password.
export { hashPassword } from './password.ts';
