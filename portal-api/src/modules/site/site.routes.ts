import { createRoute } from '@hono/zod-openapi';
import { seedContentServices } from '../../db/seed.ts';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { ADMIN_ONLY, createRouter, jsonResponse } from '../../http/router.ts';
import { astroCli, buildSite, projectRootFor } from '../../site/build.ts';
import { SITE_BUILD_TEXTS, SiteBuildStatusSchema, type SiteBuildStatus } from './site.schema.ts';

/**
 * POST /site/rebuild starts the safe build (site/build.ts: Astro in a child
 * process, swapped in only when it succeeds) and answers at once; GET reports
 * its progress and outcome. One build at a time per process.
 */
export function siteRoutes({ db, log, config, shutdown, startBuild }: Deps) {
  const admin = requireAuth(db, 'admin');
  const root = projectRootFor(config.distDir);
  // The build `npm start` ran is the last build the admin sees until a rebuild: a failure there
  // (the last good site still online) is not hidden behind 'idle'.
  let status: Omit<SiteBuildStatus, 'available' | 'message'> = startBuild
    ? {
        state: startBuild.ok ? 'succeeded' : 'failed',
        startedAt: startBuild.startedAt,
        finishedAt: startBuild.finishedAt,
        ms: startBuild.ms,
        error: startBuild.ok ? null : startBuild.error,
      }
    : { state: 'idle', startedAt: null, finishedAt: null, ms: null, error: null };

  const current = (): SiteBuildStatus => {
    const available = astroCli(root) !== null;
    const message =
      status.state === 'running'
        ? SITE_BUILD_TEXTS.started
        : status.state === 'succeeded'
          ? SITE_BUILD_TEXTS.succeeded
          : status.state === 'failed'
            ? SITE_BUILD_TEXTS.failed
            : available
              ? 'The public site is built from content/ at start; rebuild it after editing content.'
              : SITE_BUILD_TEXTS.unavailable;
    return { ...status, available, message };
  };

  const rebuild = async () => {
    const outcome = await buildSite({ distDir: config.distDir, root, signal: shutdown });
    if (shutdown.aborted) return; // the server closed meanwhile: nothing was swapped in
    if (outcome.ok) {
      // The new pages' request options exist before the build is reported done.
      const added = await seedContentServices(db, config.distDir);
      status = { state: 'succeeded', startedAt: outcome.startedAt, finishedAt: outcome.finishedAt, ms: outcome.ms, error: null };
      log.info({ ms: outcome.ms, added }, 'site rebuilt');
    } else {
      status = { state: 'failed', startedAt: outcome.startedAt, finishedAt: outcome.finishedAt, ms: outcome.ms, error: outcome.error };
      log.warn({ error: outcome.error }, 'site rebuild failed; the previous build stays online');
    }
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/site/rebuild',
        tags: ['Operations'],
        summary:
          'State of the last public-site rebuild (running, succeeded, failed with every broken content file and its line). Admin only.',
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        responses: { 200: jsonResponse(SiteBuildStatusSchema, 'Status'), ...ADMIN_ONLY },
      }),
      (c) => c.json(current(), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/site/rebuild',
        tags: ['Operations'],
        summary:
          'Rebuilds the public site from content/ in the background; the current site stays online until the new build is complete. Admin only.',
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        responses: {
          202: jsonResponse(SiteBuildStatusSchema, 'Started'),
          ...ADMIN_ONLY,
          409: { description: 'A rebuild is already running, or the build tools are not installed here' },
        },
      }),
      (c) => {
        if (status.state === 'running') throw new HttpError(409, SITE_BUILD_TEXTS.running);
        if (!astroCli(root)) throw new HttpError(409, SITE_BUILD_TEXTS.unavailable);
        status = { state: 'running', startedAt: new Date().toISOString(), finishedAt: null, ms: null, error: null };
        rebuild().catch((err: unknown) => {
          status = {
            ...status,
            state: 'failed',
            finishedAt: new Date().toISOString(),
            error: err instanceof Error ? err.message : String(err),
          };
          log.error({ err }, 'site rebuild crashed');
        });
        return c.json(current(), 202);
      },
    );
}
