import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, startTestServer, type TestServer } from './harness.ts';
import { seedSearchRequests } from './search-requests.ts';
import { submitQuery } from './submit-query.ts';

// The admin search (GET /api/queries?search=) finds the same requests on
// SQLite (FTS5) and PostgreSQL (a GIN tsvector index and trigram indexes, migration
// 20261123T1700-pg-search-indexes) and answers whatever is typed. The indexes each engine's
// statements go through: search.sqlite-only.test.ts and search.pg-only.test.ts.

let server: TestServer;
let admin: string;
let files: string;
let quoted: string;
let named: string;
let erinIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, files, quoted, named, erinIds } = await seedSearchRequests(server));
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
});
