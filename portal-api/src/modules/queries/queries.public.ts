// What other modules use of the queries module beside its repo, schema, rules and mail files:
// who may read a request, and the step runner every move of the bid workflow goes through.
export {
  canSeeQuery,
  companyScope,
  findQueryForUser,
  getQueryForUser,
  linkViewerMaySee,
  ownCompany,
  type Viewer,
} from './queries.access.ts';
export { runStep, StepRefused, type Actor, type HistoryLine, type Step, type Trx } from './queries.step.ts';
// The users module serves a client's queries under /users (GET /users/with-queries, /users/{id}/queries).
export { findClient, listQueriesOfUser, listUsersWithQueriesPage, usersWithQueriesBatches } from './queries.admin.repo.ts';
export { UserIdParamsSchema, UserQueriesSchema, UsersWithQueriesQuerySchema, UsersWithQueriesSchema } from './queries.admin.schema.ts';
