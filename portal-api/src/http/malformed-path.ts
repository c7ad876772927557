import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.ts';

// A path whose percent-encoding does not decode (/uploads/public/%E0%A4%A)
// names nothing: it answers 400 with a message, never a 404 page or a 500.

export const MALFORMED_PATH = 'Malformed URL: invalid percent-encoding.';

/** True when a segment of `pathname` (as sent, still encoded) is not valid percent-encoded UTF-8. */
export function isMalformedPath(pathname: string): boolean {
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

/** Answers such a path with 400 before any handler tries to read it. */
export const refuseMalformedPath: MiddlewareHandler = async (c, next) => {
  if (isMalformedPath(new URL(c.req.url).pathname)) return c.json(errorBody(400, MALFORMED_PATH), 400);
  await next();
};
