import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { planSetPdf, zipOf } from './plan-files.ts';
import { claimNextPendingFile, type ClaimCursor } from '../../portal-api/src/modules/sheet-index/sheet-index.repo.ts';
import { SHEET_INDEX_PAGE_BYTES, ZIP_NAME_MAX_CHARS } from '../../portal-api/src/modules/sheet-index/sheet-index.schema.ts';

// Hostile plan files against the sheet index: a ZIP of thousands of very long
// names, and a small PDF whose pages all point at one large content stream. The
// index stays small and paged, the server keeps answering, and one client's slow
// file does not hold another client's (docs/decisions/0013-sheet-index-worker.md).

let server: TestServer;
let admin: string;
let ana: Awaited<ReturnType<typeof createClient>>;
let bob: Awaited<ReturnType<typeof createClient>>;
let serviceId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  ana = await createClient(server, admin);
  bob = await createClient(server, admin);
  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; title: string }>;
  serviceId = services.find((s) => s.title === 'Manufacturers')!._id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

type IndexedFile = { _id: string; name: string; index: { status: string; summary: string | null } };

async function submit(token: string, files: Array<[string, Buffer]>): Promise<string> {
  const fd = new FormData();
  fd.append('message', 'Plan set');
  fd.append('service', serviceId);
  for (const [name, data] of files) fd.append('files[]', new Blob([new Uint8Array(data)]), name);
  const res = await server.call('POST', '/api/queries', { token, form: fd });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

async function files(queryId: string, token: string): Promise<IndexedFile[]> {
  return (await server.call('GET', `/api/queries/${queryId}`, { token })).body.data.files as IndexedFile[];
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Asks /api/health over and over until stopped; answers every time it took (a failed call counts as never). */
function watchHealth() {
  const times: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const started = performance.now();
      const ok = await fetch(`${server.url}/api/health`).then(
        async (res) => (await res.arrayBuffer(), res.status === 200),
        () => false,
      );
      times.push(ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    on = false;
    await loop;
    return times;
  };
}

/** `pages` pages that all draw one content stream of `mib` MiB ('q Q ' over and over): a few KB on disk. */
function sharedStreamPdf(pages: number, mib: number): Buffer {
  const raw = Buffer.concat([Buffer.alloc(mib * 1024 * 1024, 'q Q '), Buffer.from(' BT /F1 24 Tf 500 40 Td (A-101) Tj ET')]);
  const data = zlib.deflateSync(raw, { level: 9 });
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.alloc(0), // the page tree, below
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const kids: string[] = [];
  for (let i = 0; i < pages; i++) {
    objects.push(
      Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>'),
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`);
  const parts = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

describe('sheet index of hostile files', () => {
  it(
    'cuts long ZIP names, stores the list within its budget, pages the answer, and keeps the server answering',
    { timeout: 240_000 },
    async () => {
      const entries = Array.from({ length: 2000 }, (_, i) => ({
        name: `${String(i).padStart(4, '0')}/${'n'.repeat(10_000)}.pdf`,
        data: Buffer.from('x'),
      }));
      const zip = zipOf(entries);
      expect(zip.length).toBeGreaterThan(40_000_000);
      const id = await submit(ana.token, [['names.zip', zip]]);
      // From here the server reads the ZIP's 20 MB of names, then answers six readers of its index.
      const health = watchHealth();
      const file = await until(
        'the ZIP to be indexed',
        async () => (await files(id, ana.token)).find((f) => f.index.status !== 'pending'),
        180_000,
      );
      expect(file!.index.status).toBe('done');
      expect(file!.index.summary).toMatch(
        /^2,000 files, 2 KB unpacked; [\d,]+ of 2,000 names listed \(the list is cut at its size limit\)$/,
      );

      // Six readers at once, as the hostile client did: each answer stays small.
      const answers = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await fetch(`${server.url}/api/queries/${id}/sheet-index`, { headers: { authorization: `Bearer ${ana.token}` } });
          expect(res.status).toBe(200);
          return res.text();
        }),
      );
      for (const text of answers) expect(Buffer.byteLength(text)).toBeLessThan(SHEET_INDEX_PAGE_BYTES + 16 * 1024);
      const times = await health();
      expect(Math.max(...times), JSON.stringify(times.map(Math.round))).toBeLessThan(2000);

      const first = JSON.parse(answers[0]!) as {
        data: Array<{
          fileId: string;
          detail: { entries: Array<{ name: string }>; files: number; listedEntries: number; cut: boolean };
          listed: { offset: number; count: number; total: number };
        }>;
        total: number;
        page: number;
        pageSize: number;
      };
      expect(first).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      const [index] = first.data;
      expect(index!.detail).toMatchObject({ kind: 'zip', files: 2000, cut: true });
      expect(index!.detail.listedEntries).toBeLessThan(2000);
      expect(index!.listed.total).toBe(index!.detail.listedEntries);
      expect(index!.listed.count).toBeLessThan(index!.listed.total);
      // Stored names are cut to 1,024 characters and say so.
      expect(index!.detail.entries[0]!.name).toHaveLength(ZIP_NAME_MAX_CHARS);
      expect(index!.detail.entries[0]!.name).toMatch(/^0000\/n+…$/);

      // The rest of the stored list, a bounded page at a time, by fileId and offset.
      const names = index!.detail.entries.map((e) => e.name);
      let offset = index!.listed.count;
      while (offset < index!.listed.total) {
        const res = await fetch(`${server.url}/api/queries/${id}/sheet-index?fileId=${index!.fileId}&offset=${offset}`, {
          headers: { authorization: `Bearer ${ana.token}` },
        });
        const text = await res.text();
        expect(Buffer.byteLength(text)).toBeLessThan(SHEET_INDEX_PAGE_BYTES + 16 * 1024);
        const page = JSON.parse(text) as typeof first;
        expect(page.data[0]!.listed.offset).toBe(offset);
        expect(page.data[0]!.listed.count).toBeGreaterThan(0);
        names.push(...page.data[0]!.detail.entries.map((e) => e.name));
        offset += page.data[0]!.listed.count;
      }
      expect(names).toHaveLength(index!.detail.listedEntries);
      expect(names.map((n) => n.slice(0, 4))).toEqual(names.map((_, i) => String(i).padStart(4, '0')));

      // Paging parameters are checked.
      const bad = await server.call('GET', `/api/queries/${id}/sheet-index?pageSize=500`, { token: ana.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('pageSize must be between 1 and 50.');
    },
  );

  it(
    "reads another client's 1-page PDF while a slow file is read, and stops the slow one at its time budget",
    { timeout: 400_000 },
    async () => {
      const slow = sharedStreamPdf(50, 20);
      expect(slow.length).toBeLessThan(64 * 1024);
      const health = watchHealth();
      const slowId = await submit(ana.token, [['slow.pdf', slow]]);
      const [slowFile] = await files(slowId, ana.token);
      // The reader has taken it.
      await until(
        'the slow file to be claimed',
        async () =>
          (
            await server.deps.db
              .selectFrom('query_files')
              .select('index_claimed_at')
              .where('id', '=', slowFile!._id)
              .executeTakeFirstOrThrow()
          ).index_claimed_at !== null,
        30_000,
      );
      const quickId = await submit(bob.token, [['one.pdf', await planSetPdf([{ number: 'A1.01', title: 'PLAN' }])]]);
      const [quick] = await until(
        'the 1-page PDF to be indexed',
        async () => {
          const list = await files(quickId, bob.token);
          return list.every((f) => f.index.status !== 'pending') && list;
        },
        120_000,
      );
      expect(quick!.index).toEqual({ status: 'done', summary: '1 sheet: A1.01' });
      // ...while the slow one is still being read.
      expect((await files(slowId, ana.token))[0]!.index.status).toBe('pending');

      const [stopped] = await until(
        'the slow file to be stopped',
        async () => {
          const list = await files(slowId, ana.token);
          return list.every((f) => f.index.status !== 'pending') && list;
        },
        360_000,
      );
      expect(stopped!.index.status).toBe('failed');
      expect(stopped!.index.summary).toMatch(
        /^Not indexed: reading took longer than its time budget \(1\d s for 50 pages, \d+(\.\d)? KB\)$/,
      );
      const times = await health();
      expect(Math.max(...times), JSON.stringify(times.map(Math.round))).toBeLessThan(2000);
    },
  );

  // Last: it stops this server's reader.
  it('hands out pending files round-robin by owner, and skips owners whose file is being read', async () => {
    await server.deps.indexer.stop();
    const db = server.deps.db;
    await db.updateTable('query_files').set({ index_status: 'done' }).where('index_status', '=', 'pending').execute();
    const carl = await createClient(server, admin);
    const pdf = await planSetPdf([{ number: 'A1.01', title: 'PLAN' }]);
    const owners = new Map([
      [ana.id, 'ana'],
      [bob.id, 'bob'],
      [carl.id, 'carl'],
    ]);
    await submit(ana.token, [
      ['a1.pdf', pdf],
      ['a2.pdf', pdf],
      ['a3.pdf', pdf],
    ]);
    await submit(bob.token, [
      ['b1.pdf', pdf],
      ['b2.pdf', pdf],
    ]);
    await submit(carl.token, [['c1.pdf', pdf]]);
    // Whoever sent first, each owner's turn comes once per round.
    const taken: string[] = [];
    let after: ClaimCursor = null;
    for (;;) {
      const row = await claimNextPendingFile(db, after);
      if (!row) break;
      taken.push(owners.get(row.owner)!);
      after = { createdAt: row.created_at, id: row.id };
    }
    const rounds = [taken.slice(0, 3), taken.slice(3, 5), taken.slice(5)];
    expect(rounds.map((r) => [...r].sort())).toEqual([['ana', 'bob', 'carl'], ['ana', 'bob'], ['ana']]);
    expect(taken.slice(3, 5)).toEqual(taken.slice(0, 3).filter((o) => o !== 'carl'));

    // An owner whose file a reader holds is skipped while others wait.
    await db.updateTable('query_files').set({ index_claimed_at: null }).where('index_status', '=', 'pending').execute();
    const next = await claimNextPendingFile(db, null, new Date(), [ana.id, bob.id]);
    expect(owners.get(next!.owner)).toBe('carl');
    expect(await claimNextPendingFile(db, null, new Date(), [ana.id, bob.id])).toBeUndefined();
  });
});
