// npm run bench:plans — the query plan of every list read at 10,000 requests
// from 2,000 clients (copied into docs/performance.md). Seeds through
// the repos (tests/bench/growth.ts), then runs each list's repo function on a
// Kysely that records its SQL, and asks the engine how it runs each statement:
// EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE) on PostgreSQL when
// TEST_DATABASE_URL is set. Never part of npm test.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DB } from '../../portal-api/src/db/database.ts';
import type { Database } from '../../portal-api/src/db/schema.ts';
import { seedReferenceData } from '../../portal-api/src/db/seed.ts';
import { encodeCursor } from '../../portal-api/src/http/cursor.ts';
import { Storage } from '../../portal-api/src/lib/storage.ts';
import { listActivities } from '../../portal-api/src/modules/activities/activities.repo.ts';
import { listAllQueries, listUsersWithQueriesPage } from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { loadOwnQueriesPage } from '../../portal-api/src/modules/queries/queries.page.repo.ts';
import { listNonAdminUsers } from '../../portal-api/src/modules/users/users.repo.ts';
import { hashPassword } from '../../portal-api/src/modules/auth/password.ts';
import { seedTo } from './growth.ts';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-plans-'));
let url = '';
let drop = async () => {};
if (kind === 'postgres') {
  const name = `plans_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  url = u.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const file = path.join(dir, 'app.db');
const db = openDatabase(kind === 'postgres' ? { kind, url } : { kind, file });
await migrateToLatest(db);
await seedReferenceData(db);
const service = await db.selectFrom('services').select('id').where('title', '=', 'Manufacturers').executeTakeFirstOrThrow();
await seedTo(db, 2000, 10_000, { clients: 0, queries: 0, hash: await hashPassword('Plans-Passw0rd!'), serviceId: service.id });

// The same database through a Kysely that records every statement it runs.
let seen: CompiledQuery[] = [];
const pool = kind === 'postgres' ? new pg.Pool({ connectionString: url, max: 2 }) : null;
const sqlite = kind === 'sqlite' ? new SQLite(file) : null;
const logged = new Kysely<Database>({
  dialect: pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: sqlite! }),
  log: (e) => {
    if (e.level === 'query') seen.push(e.query);
  },
}) as DB;
if (pool) await pool.query('analyze');
else sqlite!.exec('analyze');

const storage = new Storage(dir, new Uint8Array(32), 1024);
const client = await db
  .selectFrom('queries')
  .select(['user_id', 'company_id'])
  .orderBy('created_at', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
const mid = await db
  .selectFrom('queries')
  .select(['created_at', 'id'])
  .orderBy('created_at', 'desc')
  .orderBy('id', 'desc')
  .offset(9_979)
  .limit(1)
  .executeTakeFirstOrThrow();
const cases: Array<[string, () => Promise<unknown>]> = [
  ['GET /queries (admin, page 1)', () => listAllQueries(logged, storage, { sort: 'createdAt', page: 1, pageSize: 20 })],
  [
    'GET /queries last page (cursor)',
    () => listAllQueries(logged, storage, { sort: 'createdAt', page: 1, pageSize: 20, cursor: encodeCursor([mid.created_at, mid.id]) }),
  ],
  ['GET /queries?search=kendall', () => listAllQueries(logged, storage, { sort: 'createdAt', page: 1, pageSize: 20, search: 'kendall' })],
  [
    'GET /queries?status=pending&sort=bidDueDate',
    () => listAllQueries(logged, storage, { status: 'pending', sort: 'bidDueDate', page: 1, pageSize: 20 }),
  ],
  ['GET /recent-activities (admin)', () => listActivities(logged, { limit: 6 })],
  ['GET /recent-activities (client)', () => listActivities(logged, { companyId: client.company_id ?? '', limit: 6 })],
  ['GET /queries/me?limit=20', () => loadOwnQueriesPage(logged, storage, client.company_id ?? '', { limit: 20 })],
  ['GET /users/with-queries?limit=20', () => listUsersWithQueriesPage(logged, { limit: 20 })],
  ['GET /users (page 1)', () => listNonAdminUsers(logged, 1, 6)],
];

const out: string[] = [`# Query plans, ${kind}, 10,000 requests from 2,000 clients\n`];
for (const [name, call] of cases) {
  await call(); // warm
  seen = [];
  const started = performance.now();
  await call();
  const ms = performance.now() - started;
  out.push(`## ${name} (${ms.toFixed(2)} ms in the repo function)\n`);
  for (const q of seen) {
    out.push('```sql', q.sql.length > 600 ? `${q.sql.slice(0, 600)} …` : q.sql, '```');
    let plan: string[];
    if (pool) {
      const res = await pool.query(`explain (analyze, costs off, timing off, summary off) ${q.sql}`, q.parameters as unknown[]);
      plan = res.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    } else {
      const rows = sqlite!.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as {
        id: number;
        parent: number;
        detail: string;
      }[];
      const depth = new Map<number, number>([[0, 0]]);
      plan = rows.map((r) => {
        const d = (depth.get(r.parent) ?? 0) + 1;
        depth.set(r.id, d);
        return `${'  '.repeat(d - 1)}${r.detail}`;
      });
    }
    out.push('```', ...plan, '```\n');
  }
}
const text = out.join('\n');
await fs.mkdir(path.resolve(import.meta.dirname, '../../test-results'), { recursive: true });
await fs.writeFile(path.resolve(import.meta.dirname, `../../test-results/plans-${kind}.md`), text);
process.stdout.write(text);
await logged.destroy();
await db.destroy();
await drop();
await fs.rm(dir, { recursive: true, force: true });
