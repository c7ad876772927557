import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address for rate limits: the socket's peer. X-Forwarded-For is
 * not trusted, since anyone can send it; behind a proxy every caller shares
 * the proxy's bucket (docs/scaling.md).
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in-process has no socket
  }
}
