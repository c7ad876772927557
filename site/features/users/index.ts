// What other areas may take from the users area (eslint.config.js, "areas").
export { userKeys } from './api.ts';
export type { ListedUser } from './types.ts';
