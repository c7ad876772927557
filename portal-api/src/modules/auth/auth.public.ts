// What other modules use of the auth module: creating or re-keying an admin hashes its password,
// and a new password ends the account's sessions; the chat closes sockets whose sessions ran out;
// a staff invitation is a random token stored only as its SHA-256, like a session's.
export { hashPassword, verifyPassword } from './password.ts';
export { deleteUserSessions } from './session.repo.ts';
export { liveSessionIds } from './session.ts';
// Invitation tokens (modules/companies) are made and hashed as session tokens are.
export { generateToken, hashToken } from './session.ts';
