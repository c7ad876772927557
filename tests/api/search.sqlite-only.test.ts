import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAllQueries } from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { recordingDatabase, startTestServer, type TestServer } from './harness.ts';
import { seedSearchRequests } from './search-requests.ts';

// The admin search on SQLite reads the project, the location, the names and the e-mails through
// the trigram tables (EXPLAIN QUERY PLAN). What it finds, on both engines: search.pg.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedSearchRequests(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('the search on SQLite', () => {
  it('reads project, location, names and e-mails through the trigram tables on SQLite', async () => {
    const seen: CompiledQuery[] = [];
    const logged = recordingDatabase(server, (q) => seen.push(q));
    const sqlite = new SQLite((server.deps.config.database as { file: string }).file, { readonly: true });
    try {
      await listAllQueries(logged, server.deps.storage, { sort: 'createdAt', page: 1, pageSize: 20, search: 'kendall annex' });
      // The page with its count; and the count alone when the page is empty (no row to carry it).
      const searching = seen.filter((q) => q.sql.includes('queries_names'));
      expect(searching.length).toBeGreaterThanOrEqual(1);
      for (const q of searching) {
        const nodes = sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{
          id: number;
          parent: number;
          detail: string;
        }>;
        // The matches are read once (the WITH clause m); the lines under it are the search's branches.
        const m = nodes.find((n) => n.detail === 'MATERIALIZE m');
        expect(m, 'the matches are materialized once').toBeDefined();
        const under = new Set([m!.id]);
        for (const n of nodes) if (under.has(n.parent)) under.add(n.id);
        const branches = nodes
          .filter((n) => under.has(n.id))
          .map((n) => n.detail)
          .join('\n');
        expect(branches).toMatch(/SCAN queries_names VIRTUAL TABLE INDEX/);
        expect(branches).toMatch(/SCAN users_names VIRTUAL TABLE INDEX/);
        expect(branches, 'no branch reads every request or every user').not.toMatch(/^SCAN (q|users)$/m);
      }
    } finally {
      sqlite.close();
      await logged.destroy();
    }
  });
});
