// The request's limits, shared by the queries schemas and the request form. No imports: the
// form shows them without loading zod.
export const MAX_QUERY_FILES = 20;
export const MAX_MESSAGE_LENGTH = 10_000;
