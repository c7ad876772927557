// What other modules use of the queries module: the users module serves a
// client's queries under /users (GET /users/with-queries, /users/{id}/queries).
export { findClient, listQueriesOfUser, listUsersWithQueriesPage, usersWithQueriesBatches } from './queries.admin.repo.ts';
export { UserIdParamsSchema, UserQueriesSchema, UsersWithQueriesQuerySchema, UsersWithQueriesSchema } from './queries.admin.schema.ts';
