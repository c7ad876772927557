import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../portal-api/src/http/cursor.ts';
import { listAllQueries, type ListFilter } from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { createClient, recordingDatabase, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// The admin search (GET /api/queries?search=) finds the same requests on
// SQLite (FTS5) and PostgreSQL (a GIN tsvector index and trigram indexes, migration
// 20261123T1700-pg-search-indexes), answers whatever is typed, and on PostgreSQL
// each of its statements is driven by those indexes.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: TestServer;
let admin: string;
let files: string;
let quoted: string;
let named: string;
let erinIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  const erin = await createClient(server, admin, { fullName: 'Erin Searchfield', email: 'erin@example.com' });
  files = await submitQuery(
    server,
    erin.token,
    'Takeoff from plans.pdf; questions to estimator@site-office.com; addendum 2027/01/15; footing at -12 ft.',
  );
  quoted = await submitQuery(server, erin.token, `Tom's "quoted" bid & more: roof*deck at 50% off_list (a|b) <-> !c`);
  const other = await submitQuery(server, erin.token, 'Unrelated drywall request in Doral.');
  named = await submitQuery(server, erin.token, 'Framing takeoff.', {
    projectName: 'Kendall "Annex" Library',
    location: 'Coral Gables Zone Q7',
  });
  erinIds = [files, quoted, other, named];
  const bob = await createClient(server, admin, { fullName: 'Bob Otherman', email: 'bob@example.com' });
  await submitQuery(server, bob.token, 'Roofing takeoff.', { projectName: 'Doral Depot', location: 'Hialeah' });
});
afterAll(async () => {
  await server?.stop();
});

const search = async (text: string) => {
  const res = await server.call('GET', `/api/queries?pageSize=100&search=${encodeURIComponent(text)}`, { token: admin });
  expect(res.status, text).toBe(200);
  return (res.body.data as { _id: string }[]).map((q) => q._id);
};

describe('GET /api/queries?search=', () => {
  it('finds a word inside a file name, an e-mail address, a date or a signed number, as FTS5 splits them', async () => {
    // PostgreSQL's default parser keeps 'plans.pdf', 'estimator@site-office.com',
    // '2027/01/15' and '-12' as single words; FTS5 splits them at every non-letter.
    for (const text of ['pdf', 'plans.pdf', 'site', 'office.com', 'estimator@site', '01', '2027/01', '12 ft', 'addendum 2027']) {
      expect(await search(text), text).toEqual([files]);
    }
    expect(await search('lans'), 'not a word prefix').toEqual([]);
  });

  it('answers text with quotes, &, :, * and other operators of either engine, and finds it as typed', async () => {
    const typed = [
      `"`,
      `'`,
      `&`,
      `:`,
      `*`,
      `"quoted"`,
      `'quoted'`,
      `"unterminated`,
      `quoted" & bid:*`,
      `bid & more:`,
      `tom's`,
      `roof*deck`,
      `50% off_list`,
      `(a|b) <-> !c`,
      `NEAR(quoted bid)`,
      `quoted OR bid`,
      `\\`,
      `½`,
    ];
    for (const text of typed) await search(text); // 200 every time
    expect(await search(`"quoted" bid & more:`)).toEqual([quoted]);
    expect(await search(`Tom's`)).toEqual([quoted]);
    expect(await search(`roof*deck`)).toEqual([quoted]);
    expect(await search(`50% off_list`)).toEqual([quoted]);
    expect(await search(`(a|b) <-> !c`)).toEqual([quoted]);
    expect(await search(`"quoted`)).toEqual([quoted]);
    expect(await search(`&`)).toEqual([]); // no words: only the name, e-mail, project, location and service branches
    expect(await search(`50%_off`)).toEqual([]); // % and _ are literal
  });
});

describe('GET /api/queries?search= by project, location and client', () => {
  it('finds the text anywhere in the project name, the location, the name or e-mail of the client, in any case', async () => {
    expect(await search('ndall "ann')).toEqual([named]); // inside a word, across a double quote
    expect(await search('CORAL gab')).toEqual([named]);
    expect(await search('q7'), 'two characters: shorter than a trigram').toEqual([named]);
    expect((await search('archfi')).sort(), 'inside the client name').toEqual([...erinIds].sort());
    expect((await search('ERIN@EXAMPLE')).sort()).toEqual([...erinIds].sort());
    expect(await search('annex library zz')).toEqual([]);
    expect(await search('kendal_')).toEqual([]); // _ is literal, in the candidates' test too
  });

  it('finds a request when every word of the search matches, each in any field and in any order', async () => {
    // The client's name and the location: 'Delgado Miami' finds Delgado's requests in Miami.
    expect(await search('searchfield coral')).toEqual([named]);
    expect(await search('CORAL   searchfield')).toEqual([named]);
    // The client's name and a word of the message; the project and the client's e-mail.
    expect(await search('erin drywall')).toEqual([erinIds[2]]);
    expect(await search('library erin@example')).toEqual([named]);
    // A word that matches nowhere leaves nothing, even when the others match.
    expect(await search('bob drywall')).toEqual([]);
    expect(await search('searchfield coral hialeah')).toEqual([]);
    // A word with no letter or digit beside others says nothing of what is sought.
    expect(await search('kendall & annex')).toEqual([named]);
  });

  it('finds what a project or a client became after an update, and not what it was', async () => {
    const id = await submitQuery(
      server,
      (await createClient(server, admin, { fullName: 'Oldname Person', email: 'renamed@example.com' })).token,
      'x',
      {
        projectName: 'Bayfront Tower',
        location: 'Brickell',
      },
    );
    expect(await search('bayfront')).toEqual([id]);
    await server.deps.db.updateTable('queries').set({ project_name: 'Seaside Pavilion' }).where('id', '=', id).execute();
    expect(await search('oldname person')).toEqual([id]);
    await server.deps.db.updateTable('users').set({ full_name: 'Newname Person' }).where('email', '=', 'renamed@example.com').execute();
    expect(await search('bayfront')).toEqual([]);
    expect(await search('seaside pav')).toEqual([id]);
    expect(await search('oldname person')).toEqual([]);
    expect(await search('newname')).toEqual([id]);
  });

  it.runIf(!onPostgres)('reads project, location, names and e-mails through the trigram tables on SQLite', async () => {
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

  it.runIf(onPostgres)(
    'finds the words through queries_words_idx and names, e-mails, projects and locations through trigram indexes',
    async () => {
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
    },
  );

  it.runIf(onPostgres)('walks the keyset pages without a search on queries_created_idx', async () => {
    const plans = await plansOf({ sort: 'createdAt', page: 1, pageSize: 2, cursor: encodeCursor(['9999', 'zzzz']) }, ['enable_seqscan']);
    const page = plans.find((s) => /order by "q"\."created_at" desc/.test(s.sql))!;
    expect(page.plan).toMatch(/Index Scan Backward using queries_created_idx/);
  });
});
