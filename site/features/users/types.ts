export type { ListedUser } from '../../../portal-api/src/modules/users/users.schema.ts';
