// The request's limits, shared by the queries schemas and the request form. No imports: the
// form shows them without loading zod.
export const MAX_QUERY_FILES = 20;
export const MAX_MESSAGE_LENGTH = 10_000;
/** A project name is 1 to this many characters. */
export const PROJECT_NAME_MAX = 120;
/** A reason to reopen a request for a revision is 1 to this many characters. */
export const REOPEN_REASON_MAX = 1000;
