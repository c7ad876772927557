import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { isUnstorableTextError } from '../db/database.ts';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '../db/open-errors.ts';
import { diskAnswer, isDiskError } from '../lib/disk-errors.ts';
import { issueSentence } from '../shared/issue-sentence.ts';
import type { AppEnv } from './env.ts';

/** The answer to a body that is not JSON where JSON is expected. */
export const MALFORMED_JSON = 'Malformed JSON body.';

/** The project's one error class (STYLE.md "Errors"): a status and a user-facing sentence. */
export class HttpError extends HTTPException {
  constructor(status: ContentfulStatusCode, message: string, options?: { headers?: Record<string, string> }) {
    super(status, { message, res: options?.headers ? new Response(null, { headers: options.headers }) : undefined });
  }
}

/** Zod's first issue as a sentence a person can act on. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  return issue ? issueSentence(issue) : 'Invalid input.';
}

/** app.onError: the only place that builds error responses. */
export function onError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const headers: Record<string, string> = {};
    err.res?.headers.forEach((v, k) => (headers[k] = v));
    // Hono's own middleware (body-limit) throws HTTPException with its own text.
    const message = err.message || (status === 413 ? 'Request body is too large.' : 'Request failed.');
    // The unread rest of a refused body would poison a kept-alive socket (RFC 9110 §15.5.14).
    if (status === 413) headers.connection = 'close';
    return c.json({ message }, status, headers);
  }
  if (err instanceof ZodError) return c.json({ message: zodMessage(err) }, 400);
  if (err instanceof SyntaxError && /JSON/i.test(err.message)) return c.json({ message: MALFORMED_JSON }, 400);
  if (isUnstorableTextError(err)) return c.json({ message: 'The request contains characters that cannot be stored.' }, 400);
  // A full or read-only disk (SQLite, uploads, outbox): 507/503 with a sentence, logged, the process goes on.
  if (isDiskError(err)) {
    c.var.log?.error({ err }, 'storage write failed');
    const { status, message } = diskAnswer(err);
    return c.json({ message }, status);
  }
  if (isDatabaseUnreachable(err)) {
    c.var.log?.error({ err }, 'database unreachable');
    return c.json({ message: DATABASE_UNREACHABLE }, 503);
  }
  c.var.log?.error({ err }, 'unhandled error');
  return c.json({ message: 'Internal server error' }, 500);
}
