import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../portal-api/src/http/cursor.ts';
import { listAllQueries, type ListFilter } from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { postgresUrl, recordingDatabase, startTestServer, type TestServer } from './harness.ts';
import { seedSearchRequests } from './search-requests.ts';

// On PostgreSQL each statement of the admin search is driven by its indexes (a GIN tsvector index
// and trigram indexes, migration 20261123T1700-pg-search-indexes). What it finds, on both
// engines: search.pg.test.ts.

let server: TestServer;

beforeAll(async () => {
  postgresUrl();
  server = await startTestServer();
  await seedSearchRequests(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('the search on PostgreSQL', () => {
  /**
   * The statements listAllQueries runs, each with its plan under `off` (planner settings such as
   * enable_seqscan): a few test rows fit in one page, where a scan is cheaper than any index,
   * which would prove nothing; with scans off the planner still scans where no index fits.
   */
  async function plansOf(filter: ListFilter, off: string[]): Promise<{ sql: string; plan: string }[]> {
    const seen: CompiledQuery[] = [];
    const logged = recordingDatabase(server, (q) => seen.push(q));
    const explain = new pg.Client({ connectionString: (server.deps.config.database as { url: string }).url });
    try {
      await listAllQueries(logged, server.deps.storage, filter);
      await explain.connect();
      for (const setting of off) await explain.query(`set ${setting} = off`);
      const out = [];
      for (const q of seen) {
        const res = await explain.query(`explain ${q.sql}`, q.parameters as unknown[]);
        out.push({ sql: q.sql, plan: res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n') });
      }
      return out;
    } finally {
      await explain.end();
      await logged.destroy();
    }
  }

  it('finds the words through queries_words_idx and names, e-mails, projects and locations through trigram indexes', async () => {
    const cursor = encodeCursor(['9999', 'zzzz']);
    // Index scans off too: a whole walk of a primary key filtering every row is a scan as well.
    // What is left to reach a row through an index is a bitmap scan with a condition.
    const off = ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'];
    for (const filter of [
      { sort: 'createdAt', page: 1, pageSize: 20, search: 'roof deck' },
      { sort: 'createdAt', page: 1, pageSize: 20, search: 'roof deck', cursor },
      { sort: 'createdAt', page: 1, pageSize: 20, search: 'roof nowhere' },
    ] satisfies ListFilter[]) {
      const searching = (await plansOf(filter, off)).filter((s) => s.sql.includes('to_tsvector'));
      // The page carries its count; an empty page has its count asked apart.
      expect(searching.length, 'the page, and the count when the page is empty').toBe(filter.search === 'roof deck' ? 1 : 2);
      for (const { plan } of searching) {
        expect(plan).toContain('Bitmap Index Scan on queries_words_idx');
        for (const index of [
          'queries_project_name_trgm_idx',
          'queries_location_trgm_idx',
          'users_full_name_trgm_idx',
          'users_email_trgm_idx',
        ])
          expect(plan).toContain(`Bitmap Index Scan on ${index}`);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    }
  });

  it('walks the keyset pages without a search on queries_created_idx', async () => {
    const plans = await plansOf({ sort: 'createdAt', page: 1, pageSize: 2, cursor: encodeCursor(['9999', 'zzzz']) }, ['enable_seqscan']);
    const page = plans.find((s) => /order by "q"\."created_at" desc/.test(s.sql))!;
    expect(page.plan).toMatch(/Index Scan Backward using queries_created_idx/);
  });
});
