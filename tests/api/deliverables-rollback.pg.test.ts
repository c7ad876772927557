import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Every insert into activities fails, as a database fault in the middle of the deliverables transaction would. */
async function breakActivityInserts(): Promise<() => Promise<void>> {
  const db = server.deps.db;
  if (server.deps.config.database.kind === 'postgres') {
    await sql
      .raw(`create function fail_activities() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(db);
    await sql.raw('create trigger fail_activities before insert on activities for each row execute function fail_activities()').execute(db);
    return async () => {
      await sql.raw('drop trigger fail_activities on activities').execute(db);
      await sql.raw('drop function fail_activities()').execute(db);
    };
  }
  await sql.raw(`create trigger fail_activities before insert on activities begin select raise(abort, 'injected fault'); end`).execute(db);
  return async () => void (await sql.raw('drop trigger fail_activities').execute(db));
}

async function filesIn(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => []);
}

describe('POST /api/queries/{id}/deliverables when its transaction fails', () => {
  it('leaves no row and no file on disk; the same upload works once the fault is gone', async () => {
    const admin = await signInAdmin(server);
    const client = await createClient(server, admin, { fullName: 'Dana Ortiz' });
    const services = (await server.call('GET', '/api/services')).body as any[];
    const sub = services.find((s) => s.title === 'Sub-Contractor');
    const f = new FormData();
    f.append('message', 'Takeoff please.');
    f.append('service', sub._id);
    f.append('subService', sub.subservices[0]._id);
    f.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'plans.pdf');
    const q = (await server.call('POST', '/api/queries', { form: f, token: client.token })).body.data;
    const form = () => {
      const d = new FormData();
      d.append('files[]', new Blob([new Uint8Array(PDF)]), 'takeoff.pdf');
      d.append('files[]', new Blob([new Uint8Array(PDF)]), 'sheets.pdf');
      return d;
    };
    const folder = path.join(server.dataDir, 'uploads', 'private', 'deliverables');

    const repair = await breakActivityInserts();
    const failed = await server.call('POST', `/api/queries/${q._id}/deliverables`, { form: form(), token: admin });
    await repair();
    expect(failed.status).toBe(500);
    expect(await filesIn(folder)).toEqual([]);
    const rows = await server.deps.db
      .selectFrom('query_files')
      .select('id')
      .where('query_id', '=', q._id)
      .where('kind', '=', 'deliverable')
      .execute();
    expect(rows).toEqual([]);
    expect(await filesIn(path.join(server.dataDir, 'uploads', 'tmp'))).toEqual([]);

    const ok = await server.call('POST', `/api/queries/${q._id}/deliverables`, { form: form(), token: admin });
    expect(ok.status).toBe(201);
    expect((await filesIn(folder)).length).toBe(2);
  });
});

// A fault after the commit (the answer's read failing, a dropped connection)
// ran the rollback's clean-up and deleted the files of the request or addendum just saved, which
// then answered 404 for good.
describe('a failure after a request or addendum is saved', () => {
  /** The first signed link of `name` fails, as a fault in the answer's read after the commit would. */
  function failAnswerReadOf(name: string): void {
    const storage = server.deps.storage;
    const signedUrl = storage.signedUrl.bind(storage);
    storage.signedUrl = (key, fileName, ttl) => {
      if (fileName !== name) return signedUrl(key, fileName, ttl);
      storage.signedUrl = signedUrl;
      throw new Error('injected fault after the commit');
    };
  }
  const plans = (name: string) => {
    const f = new FormData();
    f.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), name);
    return f;
  };

  it('keeps their files: the saved request and addendum download them', async () => {
    const admin = await signInAdmin(server);
    const client = await createClient(server, admin, { fullName: 'Noor Haddad' });
    const services = (await server.call('GET', '/api/services')).body as any[];
    const sub = services.find((s) => s.title === 'Sub-Contractor');
    const form = plans('after-commit.pdf');
    form.append('message', 'Saved, then the answer fails.');
    form.append('service', sub._id);
    form.append('subService', sub.subservices[0]._id);
    failAnswerReadOf('after-commit.pdf');
    expect((await server.call('POST', '/api/queries', { form, token: client.token })).status).toBe(500);
    const mine = (await server.call('GET', '/api/queries/me', { token: client.token })).body.data as any[];
    const saved = mine.find((q) => q.message === 'Saved, then the answer fails.');
    expect(saved).toBeTruthy();
    const opened = (await server.call('GET', `/api/queries/${saved._id}`, { token: client.token })).body.data;
    const file = opened.files.find((f: any) => f.name === 'after-commit.pdf');
    expect((await fetch(`${server.url}${file.url}`)).status).toBe(200);

    failAnswerReadOf('addendum-1.pdf');
    const addendum = await server.call('POST', `/api/queries/${saved._id}/addenda`, { form: plans('addendum-1.pdf'), token: client.token });
    expect(addendum.status).toBe(500);
    const again = (await server.call('GET', `/api/queries/${saved._id}`, { token: client.token })).body.data;
    const added = again.files.find((f: any) => f.name === 'addendum-1.pdf');
    expect(added).toBeTruthy();
    expect((await fetch(`${server.url}${added.url}`)).status).toBe(200);
  });
});
