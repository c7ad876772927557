import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * GET /metrics in Prometheus text format (docs/operations.md "Metrics"). Off (404, as any
 * unknown path) unless METRICS_TOKEN is set; then only that token as a bearer opens it.
 * Outside /api: scrapers ask for /metrics, and it belongs to no client's API.
 */
export function metricsRoutes({ config, metrics }: Deps) {
  const expected = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    if (!expected) throw new HttpError(404, 'Not found.');
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, 'A valid metrics token is required.', { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    c.header('content-type', metrics.registry.contentType);
    c.header('cache-control', 'no-store');
    return c.body(await metrics.registry.metrics());
  });
}
