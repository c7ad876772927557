import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, recordingDatabase, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { dwgFile, encryptedPdf, flateBombPdf, manyPagesPdf, planSetPdf, zipOf } from './plan-files.ts';
import { READ_MEMORY_CAP_BYTES } from '../../portal-api/src/modules/sheet-index/indexer.ts';
import { uploadWhole } from './tus-client.ts';
import { until } from './until.ts';
import { formatBytes } from '../../portal-api/src/shared/byte-size.ts';
import {
  INDEX_LEASE_MS,
  claimNextPendingFile,
  releaseSheetIndexClaim,
  type ClaimCursor,
} from '../../portal-api/src/modules/sheet-index/sheet-index.repo.ts';

// The sheet index: a background worker reads each stored file —
// PDFs (text layer), ZIPs (directory only), DWGs (header) — and the API shows
// a summary on every file object and the detail at /queries/{id}/sheet-index.

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

type IndexedFile = { name: string; index: { status: string; summary: string | null } };

async function submit(files: Array<[string, Buffer]>): Promise<string> {
  const fd = new FormData();
  fd.append('message', 'Plan set');
  fd.append('service', serviceId);
  for (const [name, data] of files) fd.append('files[]', new Blob([new Uint8Array(data)]), name);
  const res = await server.call('POST', '/api/queries', { token: ana.token, form: fd });
  expect(res.status).toBe(201);
  // Stored before it is read: the request never waits for the index.
  for (const f of res.body.data.files as IndexedFile[]) expect(f.index.status).toBe('pending');
  return res.body.data._id as string;
}

async function indexed(queryId: string, token = ana.token): Promise<IndexedFile[]> {
  return until(
    'the index finished',
    async () => {
      const files = (await server.call('GET', `/api/queries/${queryId}`, { token })).body.data.files as IndexedFile[];
      return files.every((f) => f.index.status !== 'pending') && files;
    },
    // Below the slowest test's own timeout, so a stuck index says so.
    110_000,
  );
}

describe('sheet index', () => {
  it('reads sheet numbers and titles from the title block of a generated plan set, and says which pages have none', async () => {
    const pdf = await planSetPdf([
      { number: 'A0.00', title: 'COVER SHEET' },
      { number: 'A1.01', title: 'FIRST FLOOR PLAN' },
      { number: 'A5.12', title: 'DOOR SCHEDULE' },
      { title: 'PHOTOGRAPHS' },
      { number: 'S-201', title: 'FOUNDATION PLAN' },
      { number: 'S-202', title: 'FRAMING PLAN' },
      { number: 'M2.1', title: 'HVAC PLAN' },
      { number: 'E-3', title: 'LIGHTING PLAN' },
      { number: 'FP-1001', title: 'FIRE SPRINKLER PLAN' },
      {},
    ]);
    const id = await submit([['set.pdf', pdf]]);
    const [file] = await indexed(id);
    expect(file!.index).toEqual({
      status: 'done',
      summary: '8 sheets: A0.00–A5.12, S-201–S-202, M2.1, E-3, FP-1001; 2 pages without a sheet number',
    });
    const detail = (await server.call('GET', `/api/queries/${id}/sheet-index`, { token: ana.token })).body.data[0];
    expect(detail.detail.kind).toBe('pdf');
    expect(detail.detail.pages).toBe(10);
    expect(detail.detail.sheets).toEqual([
      { page: 1, number: 'A0.00', title: 'COVER SHEET' },
      { page: 2, number: 'A1.01', title: 'FIRST FLOOR PLAN' },
      { page: 3, number: 'A5.12', title: 'DOOR SCHEDULE' },
      { page: 4, number: null, title: null },
      { page: 5, number: 'S-201', title: 'FOUNDATION PLAN' },
      { page: 6, number: 'S-202', title: 'FRAMING PLAN' },
      { page: 7, number: 'M2.1', title: 'HVAC PLAN' },
      { page: 8, number: 'E-3', title: 'LIGHTING PLAN' },
      { page: 9, number: 'FP-1001', title: 'FIRE SPRINKLER PLAN' },
      { page: 10, number: null, title: null },
    ]);
    // The admin sees it too; another client does not.
    expect((await server.call('GET', `/api/queries/${id}/sheet-index`, { token: admin })).status).toBe(200);
    expect((await server.call('GET', `/api/queries/${id}/sheet-index`, { token: bob.token })).status).toBe(404);
  });

  it("marks fake, truncated and encrypted PDFs 'not indexed' with the reason", async () => {
    const good = await planSetPdf([{ number: 'A1.01', title: 'PLAN' }]);
    const id = await submit([
      ['fake.pdf', Buffer.from('%PDF-1.7\nnot really a PDF at all\n%%EOF\n')],
      ['cut.pdf', good.subarray(0, good.length >> 1)],
      ['locked.pdf', encryptedPdf()],
    ]);
    const files = await indexed(id);
    expect(files.map((f) => [f.name, f.index.status, f.index.summary])).toEqual([
      ['fake.pdf', 'failed', 'Not indexed: not a readable PDF (invalid structure)'],
      ['cut.pdf', 'failed', 'Not indexed: the file is truncated (no end-of-file marker)'],
      ['locked.pdf', 'failed', 'Not indexed: the PDF is encrypted with a password'],
    ]);
  });

  // The worker's heap limit did not hold what pdfjs unpacks; a 1 MB PDF took the server to 2.5 GB.
  it('stops reading a PDF whose streams unpack past the memory cap, and reads the next file', { timeout: 120_000 }, async () => {
    const bomb = await flateBombPdf(1536);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    try {
      const id = await submit([['bomb.pdf', bomb]]);
      const [file] = await indexed(id);
      expect(file!.index).toMatchObject({ status: 'failed', summary: 'Not indexed: the file needs too much memory to read' });
    } finally {
      clearInterval(sampler);
    }
    // The server (this process) grew by about the cap, not by the 1.5 GiB the stream unpacks to.
    expect(peak - before).toBeLessThan(READ_MEMORY_CAP_BYTES + 256 * 1024 * 1024);
    const next = await submit([['after.pdf', await planSetPdf([{ number: 'A1.01', title: 'PLAN' }])]]);
    expect((await indexed(next))[0]!.index.status).toBe('done');
  });

  it('stops a 10,000-page PDF at the page cap and says so', { timeout: 120_000 }, async () => {
    const id = await submit([['huge.pdf', manyPagesPdf(10_000)]]);
    // While the reader is busy with it, another request is stored and answered at once.
    const started = Date.now();
    const other = await submit([['small.pdf', await planSetPdf([{ number: 'A1.01', title: 'PLAN' }])]]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await server.call('GET', `/api/queries/${id}`, { token: ana.token })).body.data.files[0].index.status).toBe('pending');
    await indexed(other);
    const [file] = await indexed(id);
    expect(file!.index.status).toBe('done');
    expect(file!.index.summary).toBe('2,000 sheets: A0.00–A19.99; stopped at the page cap: 2,000 of 10,000 pages read');
    const detail = (await server.call('GET', `/api/queries/${id}/sheet-index`, { token: ana.token })).body.data[0].detail;
    expect(detail).toMatchObject({ pages: 10_000, indexedPages: 2000, capped: true });
    expect(detail.sheets).toHaveLength(2000);
  });

  it("lists a ZIP without unpacking it, flags a bomb and '../' names; reads a DWG's version", async () => {
    const pdf = await planSetPdf([{ number: 'A1.01', title: 'PLAN' }]);
    const bomb = zipOf([{ name: 'zeros.bin', data: Buffer.alloc(64 * 1024 * 1024), deflate: true }]);
    expect(bomb.length).toBeLessThan(200 * 1024); // > 300:1
    const sneaky = zipOf([
      { name: 'plans/A1.01.pdf', data: pdf },
      { name: '../../etc/cron.d/evil', data: Buffer.from('* * * * * root true\n') },
    ]);
    const id = await submit([
      ['bomb.zip', bomb],
      ['sneaky.zip', sneaky],
      ['site.dwg', dwgFile('AC1032')],
      ['old.dwg', dwgFile('AC1015')],
    ]);
    const files = await indexed(id);
    expect(files.map((f) => f.index.summary)).toEqual([
      '1 file, 64 MB unpacked; flagged as a possible ZIP bomb (not unpacked)',
      `2 files, ${formatBytes(pdf.length + 20)} unpacked; 1 name leaving the folder (../) flagged`,
      'AutoCAD 2018 drawing (AC1032)',
      'AutoCAD 2000 drawing (AC1015)',
    ]);
    const details = (await server.call('GET', `/api/queries/${id}/sheet-index`, { token: ana.token })).body.data;
    expect(details[0].detail).toMatchObject({ kind: 'zip', bomb: true, files: 1, unpackedBytes: 64 * 1024 * 1024 });
    expect(details[1].detail.entries).toEqual([
      { name: 'plans/A1.01.pdf', size: pdf.length, packed: pdf.length, unsafe: false },
      { name: '../../etc/cron.d/evil', size: 20, packed: 20, unsafe: true },
    ]);
    expect(details[2].detail).toEqual({ kind: 'dwg', code: 'AC1032', release: 'AutoCAD 2018' });
  });

  it('indexes files of a request made from tus uploads, and an image is left unindexed without failing', async () => {
    const pdf = await planSetPdf([{ number: 'A2.01', title: 'ROOF PLAN' }]);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const ids = [await uploadWhole(server.url, ana.token, 'roof.pdf', pdf), await uploadWhole(server.url, ana.token, 'photo.png', png)];
    const res = await server.call('POST', '/api/queries', {
      token: ana.token,
      json: { message: 'Roof', service: serviceId, uploadIds: ids },
    });
    expect(res.status).toBe(201);
    const files = await indexed(res.body.data._id);
    expect(files.map((f) => f.index)).toEqual([
      { status: 'done', summary: '1 sheet: A2.01' },
      { status: 'done', summary: null },
    ]);
  });

  // Last: it stops this server's reader.
  it('hands each pending file to one reader only (a lease), free again after the lease or when given back', async () => {
    await server.deps.indexer.stop();
    const id = await submit([['lease.pdf', await planSetPdf([{ number: 'A3.01', title: 'SECTIONS' }])]]);
    const fileId = (await server.call('GET', `/api/queries/${id}/sheet-index`, { token: ana.token })).body.data[0].fileId as string;
    const db = server.deps.db;
    const now = new Date();
    // Two instances asking at once: exactly one gets it.
    const [a, b] = await Promise.all([claimNextPendingFile(db, null, now), claimNextPendingFile(db, null, now)]);
    expect([a?.id, b?.id].filter(Boolean)).toEqual([fileId]);
    expect(await claimNextPendingFile(db, null, new Date(now.getTime() + INDEX_LEASE_MS - 1000))).toBeUndefined();
    // An instance that died holds it no longer than the lease.
    expect((await claimNextPendingFile(db, null, new Date(now.getTime() + INDEX_LEASE_MS + 1000)))?.id).toBe(fileId);
    // One that stops gives it back at once.
    await releaseSheetIndexClaim(db, fileId);
    expect((await claimNextPendingFile(db, null))?.id).toBe(fileId);
  });

  it('moves through the pending files by a cursor, oldest first, with a statement that does not grow with the run', async () => {
    // The reader is stopped by the test above, so these stay pending.
    const db = server.deps.db;
    await db.updateTable('query_files').set({ index_status: 'done' }).where('index_status', '=', 'pending').execute();
    const id = await submit([
      ['one.pdf', await planSetPdf([{ number: 'A1.01', title: 'ONE' }])],
      ['two.pdf', await planSetPdf([{ number: 'A1.02', title: 'TWO' }])],
      ['three.pdf', await planSetPdf([{ number: 'A1.03', title: 'THREE' }])],
    ]);
    const pending = (await server.call('GET', `/api/queries/${id}/sheet-index`, { token: ana.token })).body.data as Array<{
      fileId: string;
    }>;
    // The same database through a Kysely that records what each claim sends.
    const sent: number[] = [];
    const logged = recordingDatabase(server, (q) => {
      if (/from "query_files"/.test(q.sql)) sent.push(q.parameters.length);
    });
    const seen: string[] = [];
    let after: ClaimCursor = null;
    try {
      for (;;) {
        const row = await claimNextPendingFile(logged, after);
        if (!row) break;
        seen.push(row.id);
        after = { createdAt: row.created_at, id: row.id };
      }
    } finally {
      await logged.destroy();
    }
    // Every claim's select carried as many parameters as the first: none grew with the run.
    expect(new Set(sent.slice(1)).size, JSON.stringify(sent)).toBe(1);
    // Each file once, in the order they were stored; none is offered again in this run although
    // all three are still pending (claimed, not read).
    expect(seen).toEqual(pending.map((f) => f.fileId));
    expect(await claimNextPendingFile(db, after)).toBeUndefined();
  });
});
