import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { isUnstorableTextError } from '../db/database.ts';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '../db/open-errors.ts';
import { diskAnswer, isDiskError } from '../lib/disk-errors.ts';
import { codeForStatus, type ErrorCode } from '../shared/error-codes.ts';
import { issueSentence } from '../shared/issue-sentence.ts';
import type { AppEnv } from './env.ts';

export type { ErrorCode };

const HONO_MALFORMED_JSON = 'Malformed JSON in request body';

/** The answer to a body that is not JSON where JSON is expected. */
export const MALFORMED_JSON = 'Malformed JSON body.';

type HttpErrorOptions = {
  /** What a program branches on (shared/error-codes.ts); the status's own code when left out. */
  code?: ErrorCode;
  /** The request field a 400 is about (the first zod issue's path), for forms that mark it. */
  field?: string;
  headers?: Record<string, string>;
};

/**
 * The project's one error class (docs/architecture.md §4): a status, a user-facing sentence and a stable
 * machine code. `new HttpError(409, CHAT_CLOSED, { code: 'query_closed' })`.
 */
export class HttpError extends HTTPException {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  constructor(status: ContentfulStatusCode, message: string, options?: HttpErrorOptions) {
    super(status, { message, res: options?.headers ? new Response(null, { headers: options.headers }) : undefined });
    this.code = options?.code ?? codeForStatus(status);
    this.field = options?.field;
  }
}

/** The body of every error answer; `field` only on a 400 about one field. */
export type ErrorBody = { message: string; code: ErrorCode; field?: string };

/** An error body for the few answers built outside onError (middleware that answers before routing). */
export const errorBody = (status: number, message: string, code: ErrorCode = codeForStatus(status)): ErrorBody => ({
  message,
  code,
});

/** Any exception thrown by Hono or by us as the body it answers (the chat hub says the same in its error frames). */
export function errorOf(err: HTTPException): ErrorBody & { status: ContentfulStatusCode } {
  const status = err.status as ContentfulStatusCode;
  // Hono's own middleware (body-limit) throws HTTPException with its own text.
  const message = err.message || (status === 413 ? 'Request body is too large.' : 'Request failed.');
  // Hono's JSON validator says so in its own words, with no other mark (hono/validator).
  if (!(err instanceof HttpError))
    return { status, message, code: message === HONO_MALFORMED_JSON ? 'malformed_json' : codeForStatus(status) };
  return { status, message, code: err.code, ...(err.field ? { field: err.field } : {}) };
}

/** A failed zod parse as our 400: its first issue's sentence, and the field it is about. */
export function invalidInput(error: ZodError): HttpError {
  const path = error.issues[0]?.path ?? [];
  return new HttpError(400, zodMessage(error), { code: 'invalid_input', field: path.length ? path.join('.') : undefined });
}

/** Zod's first issue as a sentence a person can act on. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  return issue ? issueSentence(issue) : 'Invalid input.';
}

/** app.onError: the only place that builds error responses. */
export function onError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof HTTPException) {
    const { status, ...body } = errorOf(err);
    const headers: Record<string, string> = {};
    err.res?.headers.forEach((v, k) => (headers[k] = v));
    // The unread rest of a refused body would poison a kept-alive socket (RFC 9110 §15.5.14).
    if (status === 413) headers.connection = 'close';
    return c.json(body, status, headers);
  }
  if (err instanceof ZodError) return onError(invalidInput(err), c);
  if (err instanceof SyntaxError && /JSON/i.test(err.message)) return c.json(errorBody(400, MALFORMED_JSON, 'malformed_json'), 400);
  if (isUnstorableTextError(err)) return c.json(errorBody(400, 'The request contains characters that cannot be stored.'), 400);
  // A full or read-only disk (SQLite, uploads, outbox): 507/503 with a sentence, logged, the process goes on.
  if (isDiskError(err)) {
    c.var.log?.error({ err }, 'storage write failed');
    const { status, message } = diskAnswer(err);
    return c.json(errorBody(status, message), status);
  }
  if (isDatabaseUnreachable(err)) {
    c.var.log?.error({ err }, 'database unreachable');
    return c.json(errorBody(503, DATABASE_UNREACHABLE, 'database_unreachable'), 503);
  }
  c.var.log?.error({ err }, 'unhandled error');
  return c.json(errorBody(500, 'Internal server error'), 500);
}
