import path from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { databaseFileProblem, isMigrated, ping, writeCheck } from '../../db/database.ts';
import { DATABASE_UNREACHABLE } from '../../db/open-errors.ts';
import type { Deps } from '../../deps.ts';
import type { Logger } from '../../lib/logger.ts';
import { HttpError } from '../../http/errors.ts';
import { checkWritable, diskProblem } from '../../lib/data-dir.ts';
import { createRouter, jsonResponse } from '../../http/router.ts';
import { outboxBacklog } from '../outbox/outbox.repo.ts';
import { APP_COMMIT, APP_VERSION } from '../../version.ts';

const HealthSchema = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    version: z.string().openapi({ description: 'The version in package.json', example: '1.1.0' }),
    commit: z.string().nullable().openapi({ description: 'The git commit it was built from, when known', example: '4e54fee60d2c' }),
  })
  .openapi('Health');
const MailBacklogSchema = z.object({
  pending: z.number().int().openapi({ description: 'Mails in the outbox not sent yet (retries included)' }),
  oldestUnsentSeconds: z.number().int().openapi({ description: 'Age of the oldest unsent mail in seconds; 0 when none waits' }),
});
const ReadySchema = z
  .object({ status: z.literal('ready'), database: z.literal('ok'), migrations: z.literal('applied'), mail: MailBacklogSchema })
  .openapi('Ready');
/** The row /ready rewrites to prove the database takes writes. */
const WRITE_CHECK_KEY = 'ready.write-check';
const ErrorSchema = z.object({ message: z.string(), code: z.string() });

/**
 * Probe requests are logged at debug whatever they answer (http/request-log.ts): a
 * probe logs one error line when it starts failing (or fails for another reason) and
 * one info line when it passes again, instead of an error every few seconds.
 */
function probeLog(log: Logger, probe: string) {
  let problem: string | null = null;
  return async <T>(check: () => Promise<T>): Promise<T> => {
    try {
      const result = await check();
      if (problem !== null) log.info({ probe }, `${probe} passes again`);
      problem = null;
      return result;
    } catch (err) {
      const message = err instanceof HttpError ? err.message : String(err);
      if (problem !== message) log.error({ probe, problem: message }, `${probe} fails: ${message}`);
      problem = message;
      throw err;
    }
  };
}

export function healthRoutes({ db, storage, log }: Deps) {
  const healthProbe = probeLog(log, '/api/health');
  const readyProbe = probeLog(log, '/api/ready');
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/health',
        tags: ['Operations'],
        summary: 'Liveness: the process answers and the database responds. Public.',
        responses: {
          200: jsonResponse(HealthSchema, 'Healthy'),
          503: jsonResponse(ErrorSchema, 'Database unreachable'),
        },
      }),
      async (c) => {
        await healthProbe(async () => {
          try {
            await ping(db);
          } catch {
            throw new HttpError(503, DATABASE_UNREACHABLE, { code: 'database_unreachable' });
          }
        });
        return c.json({ status: 'ok' as const, database: 'ok' as const, version: APP_VERSION, commit: APP_COMMIT }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/ready',
        tags: ['Operations'],
        summary:
          'Readiness for a load balancer: the database is reachable and takes writes (and its SQLite file is still the one open), every migration is applied, the upload folder is writable; also how old the oldest unsent mail is. Public.',
        responses: {
          200: jsonResponse(ReadySchema, 'Ready to serve'),
          503: jsonResponse(
            ErrorSchema,
            'Database unreachable or read-only, its file deleted or replaced, migrations pending, or upload folder not writable',
          ),
        },
      }),
      async (c) => {
        const mail = await readyProbe(() => readiness());
        // A mail backlog is reported, not a reason to stop traffic: mail waits in the outbox.
        return c.json({ status: 'ready' as const, database: 'ok' as const, migrations: 'applied' as const, mail }, 200);
      },
    );

  /** Throws the HttpError of the first check that fails; the mail backlog otherwise. */
  async function readiness(): Promise<z.infer<typeof MailBacklogSchema>> {
    let migrated: boolean;
    try {
      await ping(db);
      migrated = await isMigrated(db);
    } catch {
      throw new HttpError(503, DATABASE_UNREACHABLE, { code: 'database_unreachable' });
    }
    if (!migrated) throw new HttpError(503, 'Database migrations are not applied.');
    // A deleted SQLite file still reads and writes through the open handle; only its path tells.
    const fileProblem = databaseFileProblem(db);
    if (fileProblem) throw new HttpError(503, fileProblem);
    // A server on a read-only or full disk still reads: only a write tells.
    try {
      await writeCheck(db, WRITE_CHECK_KEY);
    } catch (err) {
      throw new HttpError(503, `The database does not take writes: ${diskProblem(err)}.`);
    }
    try {
      await checkWritable(path.join(storage.root, 'tmp'));
    } catch (err) {
      throw new HttpError(503, `The upload folder is not writable: ${diskProblem(err)}.`);
    }
    try {
      return await outboxBacklog(db);
    } catch {
      throw new HttpError(503, DATABASE_UNREACHABLE, { code: 'database_unreachable' });
    }
  }
}
