import type { Logger } from '../lib/logger.ts';

export type RequestLine = { reqId: string; method: string; path: string; status: number; ms: number };

const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * The one line written per request: errors (5xx) at error, API calls at info, the rest
 * (pages, files, health probes) at debug. Written by app.ts and by the replayed public
 * reads of http/replay.ts alike.
 */
export function requestLogger(log: Logger): (line: RequestLine) => void {
  // The request line holds no secrets (method, path, status, time): it skips the redaction
  // paths, which pino otherwise walks on every line (docs/performance.md).
  const requestLog = log.child({}, { redact: [] });
  return (line) => {
    if (line.status >= 500) requestLog.error(line, 'request');
    // Probes come every few seconds from a load balancer or Docker: debug, not info.
    else if (line.path.startsWith('/api/') && !PROBES.has(line.path)) requestLog.info(line, 'request');
    else if (requestLog.isLevelEnabled('debug')) requestLog.debug(line, 'request');
  };
}
