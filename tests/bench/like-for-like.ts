// The like-for-like baseline of the read rows of npm run bench (SQLite).
//
// For each read, the statements our server runs for it are recorded once: the same repo
// functions the route calls, with the route's arguments, through a Kysely that reports every
// compiled statement with its parameters, in the text our kept statements give SQLite
// (unplannedParameters, docs/decisions/0011-prepared-statements-kept.md: as written by Kysely,
// better-sqlite3 would prepare most of them again on every call). A bare Hono app on
// @hono/node-server (BASELINE below, a child process) then prepares each statement once with better-sqlite3 on the same database
// file and, per request, runs them all and answers their rows as JSON. It has no framework
// middleware, validation, sessions or mapping of ours, and neither side caches an answer: the
// ratio of the two req/s is what our code costs over the SQL it has to run.

import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import type { Database } from '../../portal-api/src/db/schema.ts';
import type { DB } from '../../portal-api/src/db/database.ts';
import { unplannedParameters } from '../../portal-api/src/db/statement-cache.ts';
import { LIST_BATCH, offsetBatches } from '../../portal-api/src/http/json-stream.ts';
import { Storage } from '../../portal-api/src/lib/storage.ts';
import { listBlogs } from '../../portal-api/src/modules/blogs/blogs.repo.ts';
import { BLOG_LIMITS } from '../../portal-api/src/modules/blogs/blogs.rules.ts';
import { withChatPreview } from '../../portal-api/src/modules/chats/unread.repo.ts';
import { listAllQueries } from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { loadQueries } from '../../portal-api/src/modules/queries/queries.repo.ts';
import { listServiceTree } from '../../portal-api/src/modules/services/services.repo.ts';

export type Statement = { sql: string; parameters: unknown[] };
/** A read: its path on our server (with the caller's token) and on the baseline, and its statements. */
export type LikeForLike = { name: string; path: string; asClient: boolean; statements: Statement[] };

/** Records the statements of each read, as the routes run them today. */
export async function recordReads(file: string, dataDir: string, client: { id: string; companyId: string | null }): Promise<LikeForLike[]> {
  let statements: Statement[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true }) }),
    log: (e) => {
      if (e.level === 'query') statements.push({ sql: unplannedParameters(e.query.sql), parameters: [...e.query.parameters] });
    },
  }) as unknown as DB;
  // Signing file links needs a key; its value changes no statement.
  const storage = new Storage(dataDir, new Uint8Array(32), 1);
  const record = async (name: string, path: string, asClient: boolean, run: () => Promise<unknown>): Promise<LikeForLike> => {
    statements = [];
    await run();
    return { name, path, asClient, statements };
  };
  try {
    return [
      await record('GET /api/services', '/api/services', false, () => listServiceTree(db)),
      await record('GET /api/blogs?status=published', '/api/blogs?status=published', false, () =>
        listBlogs(db, storage, { statuses: ['published'] }, 1, BLOG_LIMITS.maxPageSize),
      ),
      await record('GET /api/queries/me (client, unpaged)', '/api/queries/me', true, async () => {
        const reader = { id: client.id, role: 'client' as const, companyId: client.companyId };
        const batches = offsetBatches(
          async (limit, offset) =>
            withChatPreview(db, reader, await loadQueries(db, storage, { companyId: client.companyId ?? '', page: { limit, offset } })),
          (q) => q._id,
          LIST_BATCH,
        );
        for await (const batch of batches) void batch;
      }),
      await record('GET /api/queries?pageSize=20 (admin queue page)', '/api/queries?pageSize=20', false, () =>
        // A page's rows with their workflow summed up, as the route answers a page.
        listAllQueries(db, storage, { sort: 'createdAt', page: 1, pageSize: 20 }, false),
      ),
    ];
  } finally {
    await db.destroy();
  }
}

/** The baseline app: DATABASE_FILE and READS (a JSON file of LikeForLike[]) from the environment. */
export const BASELINE = `
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
const db = new Database(process.env.DATABASE_FILE, { readonly: true });
const reads = JSON.parse(fs.readFileSync(process.env.READS, 'utf8'));
const app = new Hono();
app.get('/', (c) => c.text('ok'));
reads.forEach((read, i) => {
  const prepared = read.statements.map((s) => ({ stmt: db.prepare(s.sql), parameters: s.parameters }));
  app.get('/read/' + i, (c) => c.json(prepared.map(({ stmt, parameters }) => (stmt.reader ? stmt.all(...parameters) : stmt.run(...parameters)))));
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
`;
