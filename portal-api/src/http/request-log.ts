import type { Logger } from '../lib/logger.ts';

export type RequestLine = { reqId: string; method: string; path: string; status: number; ms: number };

const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * The one line written per request: errors (5xx) at error, API calls at info, the rest
 * (pages, files, health probes whatever their answer) at debug. Written by app.ts. A probe
 * that starts or stops failing is logged once by the probe itself (health.routes.ts).
 */
export function requestLogger(log: Logger): (line: RequestLine) => void {
  // The request line holds no secrets (method, path, status, time): it skips the redaction
  // paths, which pino otherwise walks on every line (docs/performance.md).
  const requestLog = log.child({}, { redact: [] });
  return (line) => {
    // Probes come every few seconds from a load balancer or Docker: debug, not info, and
    // a failing one (503) not at error on every probe either.
    if (PROBES.has(line.path)) requestLog.debug(line, 'request');
    else if (line.status >= 500) requestLog.error(line, 'request');
    else if (line.path.startsWith('/api/')) requestLog.info(line, 'request');
    else if (requestLog.isLevelEnabled('debug')) requestLog.debug(line, 'request');
  };
}
