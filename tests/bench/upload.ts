// npm run bench:upload — plan intake over loopback (issue 14; never part of npm test).
//
// Starts the real server as a child process (its own DATA_DIR in TMPDIR,
// SQLite), makes a 500 MB PDF-shaped file on the same disk, and measures:
//   - a plain streamed file copy of it (the disk's baseline),
//   - the file through tus (create + PATCHes of UPLOAD_CHUNK_BYTES, as the browser sends),
//   - the file through the multipart POST /api/queries (SPEC §7),
// each as MB/s beside the copy, with the server's peak RSS growth (VmHWM,
// reset through /proc/<pid>/clear_refs before each run); and the time from
// submitting a generated 300-page plan set to its sheet index being done.
// Aims: ≥ 50 % of the copy speed, < 100 MB RSS growth, index ≤ 10 s.
// Env: BENCH_UPLOAD_MB=500 BENCH_INDEX_PAGES=300. Stdout: JSON; stderr: a summary.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../../portal-api/src/config.ts';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { UPLOAD_CHUNK_BYTES } from '../../portal-api/src/modules/uploads/uploads.schema.ts';
import { ADMIN } from '../api/harness.ts';
import { planSetPdf } from '../api/plan-files.ts';
import { createClientOver, signInOver, startServerProcess } from '../api/process.ts';
import { createUpload, tusRequest } from '../api/tus-client.ts';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const INDEX_PAGES = Number(process.env.BENCH_INDEX_PAGES ?? 300);
const MB = 1024 * 1024;

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function procStatus(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await fsp.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
/** Resets the peak RSS counter (Linux: writing 5 to clear_refs), then reads the baseline. */
async function resetPeak(pid: number) {
  await fsp.writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);
  return procStatus(pid);
}

/**
 * A valid PDF of about `bytes`: one page, and the bulk as an unreferenced
 * stream of random bytes (like a scanned sheet), with a correct xref table so
 * a reader finds the page without scanning the file.
 */
async function makeFile(file: string, bytes: number): Promise<void> {
  const out = fs.createWriteStream(file);
  let offset = 0;
  const write = async (chunk: string | Buffer) => {
    offset += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  };
  const offsets: number[] = [];
  const object = async (body: string) => {
    offsets.push(offset);
    await write(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };
  await write('%PDF-1.7\n');
  await object('<< /Type /Catalog /Pages 2 0 R >>');
  await object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  await object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1224 792] >>');
  offsets.push(offset);
  await write(`4 0 obj\n<< /Length ${bytes} >>\nstream\n`);
  const block = randomBytes(MB);
  for (let written = 0; written < bytes; written += MB) await write(block.subarray(0, Math.min(MB, bytes - written)));
  await write('\nendstream\nendobj\n');
  const xref = offset;
  await write(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  await write(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  out.end();
  await new Promise((r) => out.once('finish', r));
}

async function main() {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  const dataDir = path.join(root, 'data');
  const file = path.join(root, 'plan-set.pdf');
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, UPLOAD_MAX_MB: String(SIZE_MB + 10) };
  const server = await startServerProcess(dataDir, env);
  const db = openDatabase(loadConfig({ DATA_DIR: dataDir }).database);
  try {
    const adminToken = await signInOver(server, ADMIN.email, ADMIN.password);
    const client = await createClientOver(
      server,
      adminToken,
      async (email) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );
    const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; title: string }>;
    const service = services.find((s) => s.title === 'Manufacturers')!._id;

    log(`making a ${SIZE_MB} MB file in ${root} …`);
    await makeFile(file, SIZE_MB * MB);
    const size = (await fsp.stat(file)).size;
    const mb = size / MB;

    // Baseline: a streamed copy on the same disk.
    let t = process.hrtime.bigint();
    await pipeline(fs.createReadStream(file), fs.createWriteStream(path.join(root, 'copy.pdf')));
    const copySeconds = seconds(t);
    await fsp.rm(path.join(root, 'copy.pdf'));

    // tus: create, then PATCH chunk by chunk from the file.
    const pid = server.child.pid!;
    let base = await resetPeak(pid);
    t = process.hrtime.bigint();
    const created = await createUpload(server.url, client.token, 'plan-set.pdf', size);
    for (let offset = 0; offset < size; offset += UPLOAD_CHUNK_BYTES) {
      const end = Math.min(offset + UPLOAD_CHUNK_BYTES, size) - 1;
      const body = Readable.toWeb(fs.createReadStream(file, { start: offset, end })) as ReadableStream;
      const res = await tusRequest(server.url, 'PATCH', created.path, {
        token: client.token,
        headers: {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(end - offset + 1),
        },
        body,
      });
      if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const claimed = await server.call('POST', '/api/queries', {
      token: client.token,
      json: { message: 'bench tus', service, uploadIds: [created.id] },
    });
    if (claimed.status !== 201) throw new Error(`request from upload: ${claimed.status} ${JSON.stringify(claimed.body)}`);
    const tusSeconds = seconds(t);
    const tusPeak = (await procStatus(pid)).hwm - base.rss;

    // Multipart (SPEC §7): the same file in files[].
    base = await resetPeak(pid);
    t = process.hrtime.bigint();
    const form = new FormData();
    form.append('message', 'bench multipart');
    form.append('service', service);
    form.append('files[]', await fs.openAsBlob(file, { type: 'application/pdf' }), 'plan-set.pdf');
    const multipart = await server.call('POST', '/api/queries', { token: client.token, form });
    if (multipart.status !== 201) throw new Error(`multipart: ${multipart.status} ${JSON.stringify(multipart.body)}`);
    const multipartSeconds = seconds(t);
    const multipartPeak = (await procStatus(pid)).hwm - base.rss;

    // Sheet index of a generated plan set, from submit to done.
    const sheets = Array.from({ length: INDEX_PAGES }, (_, i) => ({
      number: `A${Math.floor(i / 20) + 1}.${String((i % 20) + 1).padStart(2, '0')}`,
      title: `PLAN ${i + 1}`,
    }));
    const pdf = await planSetPdf(sheets);
    const indexForm = new FormData();
    indexForm.append('message', 'bench index');
    indexForm.append('service', service);
    indexForm.append('files[]', new Blob([new Uint8Array(pdf)]), 'set.pdf');
    t = process.hrtime.bigint();
    const indexed = await server.call('POST', '/api/queries', { token: client.token, form: indexForm });
    let summary = '';
    for (;;) {
      const q = await server.call('GET', `/api/queries/${indexed.body.data._id}`, { token: client.token });
      const index = q.body.data.files[0].index;
      if (index.status !== 'pending') {
        summary = index.summary;
        break;
      }
      if (seconds(t) > 120) throw new Error('index did not finish in 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const indexSeconds = seconds(t);

    const result = {
      fileMB: Math.round(mb),
      copy: { seconds: copySeconds, mbPerSecond: mb / copySeconds },
      tus: { seconds: tusSeconds, mbPerSecond: mb / tusSeconds, ofCopy: copySeconds / tusSeconds, peakRssGrowthMB: tusPeak / MB },
      multipart: {
        seconds: multipartSeconds,
        mbPerSecond: mb / multipartSeconds,
        ofCopy: copySeconds / multipartSeconds,
        peakRssGrowthMB: multipartPeak / MB,
      },
      index: { pages: INDEX_PAGES, seconds: indexSeconds, summary },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const pct = (x: number) => `${Math.round(x * 100)} %`;
    log(`plain copy   ${result.copy.mbPerSecond.toFixed(0)} MB/s`);
    log(
      `tus          ${result.tus.mbPerSecond.toFixed(0)} MB/s (${pct(result.tus.ofCopy)} of copy; aim ≥ 50 %), peak RSS +${result.tus.peakRssGrowthMB.toFixed(0)} MB (aim < 100)`,
    );
    log(
      `multipart    ${result.multipart.mbPerSecond.toFixed(0)} MB/s (${pct(result.multipart.ofCopy)} of copy), peak RSS +${result.multipart.peakRssGrowthMB.toFixed(0)} MB`,
    );
    log(`sheet index  ${INDEX_PAGES} pages in ${indexSeconds.toFixed(1)} s (aim ≤ 10 s): ${summary}`);
  } finally {
    await db.destroy();
    await server.stop();
    await fsp.rm(root, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
