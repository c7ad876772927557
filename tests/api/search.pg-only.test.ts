import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../portal-api/src/http/cursor.ts';
import { listAllQueries, type ListFilter } from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { searchHits } from '../../portal-api/src/modules/search/search.repo.ts';
import { postgresUrl, recordingDatabase, startTestServer, type TestServer } from './harness.ts';
import { seedSearchRequests } from './search-requests.ts';

// On PostgreSQL each statement of the admin search is driven by its indexes (a GIN tsvector index
// and trigram indexes, migration 20261123T1700-pg-search-indexes). What it finds, on both
// engines: search.pg.test.ts. The one search box reads no more chat messages than it keeps, for
// a common word too (migration 20261201T0200, modules/search/search.repo.ts); what it finds:
// search-box.pg.test.ts.

let server: TestServer;
let seeded: Awaited<ReturnType<typeof seedSearchRequests>>;

beforeAll(async () => {
  postgresUrl();
  server = await startTestServer();
  seeded = await seedSearchRequests(server);
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

describe('the one search box on PostgreSQL', () => {
  /** Rows of chat_messages each statement of one search reads (EXPLAIN ANALYZE, every node on the table or one of its indexes). */
  async function chatRowsRead(companyId: string | null, text: string, cap: number) {
    const seen: CompiledQuery[] = [];
    const logged = recordingDatabase(server, (q) => seen.push(q));
    const explain = new pg.Client({ connectionString: (server.deps.config.database as { url: string }).url });
    try {
      const hits = await searchHits(logged, text, companyId, cap);
      await explain.connect();
      let read = 0;
      for (const q of seen.filter((s) => s.sql.includes('chat_messages'))) {
        const res = await explain.query(`explain (analyze, format json) ${q.sql}`, q.parameters as unknown[]);
        type Node = { 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: Node[] };
        const walk = (n: Node): void => {
          if (n['Relation Name'] === 'chat_messages' || n['Index Name']?.startsWith('chat_messages_'))
            read += n['Actual Rows'] * n['Actual Loops'];
          n.Plans?.forEach(walk);
        };
        walk((res.rows[0] as { 'QUERY PLAN': Array<{ Plan: Node }> })['QUERY PLAN'][0]!.Plan);
      }
      return { read, chats: hits.filter((h) => h.field === 'chat').map((h) => h.text) };
    } finally {
      await explain.end();
      await logged.destroy();
    }
  }

  it('keeps the newest messages of a common word reading about as many, across the firm and within a company', async () => {
    const db = server.deps.db;
    const files = await db.selectFrom('queries').select(['id', 'user_id']).where('id', '=', seeded.files).executeTakeFirstOrThrow();
    const bob = await db
      .selectFrom('queries as q')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .select(['q.id', 'q.user_id', 'q.company_id'])
      .where('u.email', '=', 'bob@example.com')
      .executeTakeFirstOrThrow();
    // 3,000 messages on one of Erin's requests, one in three about the slab; three on Bob's. ANALYZE
    // then tells how common the word is, as on any database autovacuum has looked at.
    await sql`insert into chat_messages (id, query_id, sender_id, message, created_at)
      select 'bulk-' || i, ${files.id}, ${files.user_id},
        'Message ' || i || case when i % 3 = 0 then ': pour the slab' else ': check the rebar' end,
        to_char(timestamp '2026-06-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from generate_series(1, 3000) i`.execute(db);
    await sql`insert into chat_messages (id, query_id, sender_id, message, created_at)
      select 'bob-' || i, ${bob.id}, ${bob.user_id}, 'Bob''s slab ' || i, '2026-05-01T00:00:0' || i || '.000Z'
      from generate_series(1, 3) i`.execute(db);
    await sql`analyze chat_messages`.execute(db);
    const matches = 1000 + 3;

    const firm = await chatRowsRead(null, 'SLAB', 20);
    expect(firm.chats).toEqual(Array.from({ length: 20 }, (_, k) => `Message ${3000 - 3 * k}: pour the slab`));
    // Walked newest first: about three rows per match kept; reading every match from the GIN
    // index and sorting them would read over a thousand.
    expect(firm.read, 'chat rows read across the firm').toBeLessThan(200);
    expect(firm.read).toBeLessThan(matches / 5);

    // A rare word still goes through the GIN index: as many rows as it finds.
    const rare = await chatRowsRead(null, 'message 2998', 20);
    expect(rare.chats).toEqual(['Message 2998: check the rebar']);
    expect(rare.read).toBeLessThan(20);

    // Within Bob's company: his request's messages, not every match of the firm.
    const company = await chatRowsRead(bob.company_id, 'slab', 20);
    expect(company.chats.sort()).toEqual(["Bob's slab 1", "Bob's slab 2", "Bob's slab 3"]);
    expect(company.read, "chat rows read within Bob's company").toBeLessThan(20);
  });
});
