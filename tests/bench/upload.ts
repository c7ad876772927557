// npm run bench:upload — plan intake over loopback (never part of npm test).
//
// Starts the real server as a child process (its own DATA_DIR in TMPDIR,
// SQLite), makes a 500 MB PDF-shaped file on the same disk, and measures:
//   - a plain streamed file copy of it (the disk's baseline),
//   - the file through tus (create + PATCHes of UPLOAD_CHUNK_BYTES, as the browser sends),
//   - the file through the multipart POST /api/queries (docs/product.md §7),
// each as MB/s beside the copy, with the server's peak RSS growth (VmHWM,
// reset through /proc/<pid>/clear_refs before each run); and the time from
// submitting a generated 300-page plan set to its sheet index being done.
// Aims: ≥ 50 % of the copy speed, < 100 MB RSS growth, index ≤ 10 s.
// Env: BENCH_UPLOAD_MB=500 BENCH_INDEX_PAGES=300. Stdout: JSON; stderr: a summary.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../../portal-api/src/config.ts';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { UPLOAD_CHUNK_BYTES } from '../../portal-api/src/modules/uploads/uploads.schema.ts';
import { ADMIN } from '../api/harness.ts';
import { planSetPdf } from '../api/plan-files.ts';
import { createClientOver, signInOver, startServerProcess } from '../api/process.ts';
import { createUpload } from '../api/tus-client.ts';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const INDEX_PAGES = Number(process.env.BENCH_INDEX_PAGES ?? 300);
const MB = 1024 * 1024;
/** Bytes per PATCH, as the browser sends them (BENCH_CHUNK_MB to try others). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHUNK = process.env.BENCH_CHUNK_MB ? Number(process.env.BENCH_CHUNK_MB) * MB : UPLOAD_CHUNK_BYTES;

/**
 * One tus PATCH of bytes start..end of `file`, streamed by node:http as a
 * browser streams a File (fetch with a ReadableStream body costs the client
 * more CPU than the server spends, and both share this machine's cores).
 */
function patchFromFile(url: URL, token: string, file: string, start: number, end: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-offset': String(start),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - start + 1),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    fs.createReadStream(file, { start, end, highWaterMark: MB }).pipe(req);
  });
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function procStatus(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await fsp.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
/** utime + stime of a process, in seconds (/proc/<pid>/stat fields 14 and 15, in clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await fsp.readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

type Run = { seconds: number; serverCpu: number; peakGrowth: number };
async function measure(pid: number, work: () => Promise<void>): Promise<Run> {
  const base = await resetPeak(pid);
  const cpu = await cpuSeconds(pid);
  const t = process.hrtime.bigint();
  await work();
  const elapsed = seconds(t);
  return { seconds: elapsed, serverCpu: (await cpuSeconds(pid)) - cpu, peakGrowth: (await procStatus(pid)).hwm - base.rss };
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
  const env: Record<string, string> = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, UPLOAD_MAX_MB: String(SIZE_MB + 10) };
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
  if (process.env.BENCH_PROFILE) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`;
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

    // Sheet index of a generated plan set, from submit to done.
    const sheets = Array.from({ length: INDEX_PAGES }, (_, i) => ({
      number: `A${Math.floor(i / 20) + 1}.${String((i % 20) + 1).padStart(2, '0')}`,
      title: `PLAN ${i + 1}`,
    }));
    const pdf = await planSetPdf(sheets);
    const timeIndex = async () => {
      const indexForm = new FormData();
      indexForm.append('message', 'bench index');
      indexForm.append('service', service);
      indexForm.append('files[]', new Blob([new Uint8Array(pdf)]), 'set.pdf');
      const t = process.hrtime.bigint();
      const indexed = await server.call('POST', '/api/queries', { token: client.token, form: indexForm });
      for (;;) {
        const q = await server.call('GET', `/api/queries/${indexed.body.data._id}`, { token: client.token });
        const index = q.body.data.files[0].index;
        if (index.status !== 'pending') return { seconds: seconds(t), summary: index.summary as string };
        if (seconds(t) > 120) throw new Error('index did not finish in 120 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // First file right after the start: the reader thread may still be loading pdfjs.
    const cold = await timeIndex();

    log(`making a ${SIZE_MB} MB file in ${root} …`);
    await makeFile(file, SIZE_MB * MB);
    const size = (await fsp.stat(file)).size;
    const mb = size / MB;

    const pid = server.child.pid!;
    const loadBefore = os.loadavg();
    // The machine is shared: each way runs BENCH_RUNS times, interleaved, and
    // the fastest run of each counts (the least disturbed); server CPU seconds
    // (from /proc) say what the server itself spent, whatever the load.
    const copy: Run[] = [];
    const tus: Run[] = [];
    const multipart: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Baseline: a streamed copy on the same disk.
      copy.push(
        await measure(pid, async () => {
          await pipeline(fs.createReadStream(file), fs.createWriteStream(path.join(root, 'copy.pdf')));
        }),
      );
      await fsp.rm(path.join(root, 'copy.pdf'));

      // tus: create, then PATCH chunk by chunk from the file, then a request claims it.
      tus.push(
        await measure(pid, async () => {
          const created = await createUpload(server.url, client.token, 'plan-set.pdf', size);
          for (let offset = 0; offset < size; offset += CHUNK) {
            const end = Math.min(offset + CHUNK, size) - 1;
            const status = await patchFromFile(new URL(created.path, server.url), client.token, file, offset, end);
            if (status !== 204) throw new Error(`PATCH at ${offset}: ${status}`);
          }
          const claimed = await server.call('POST', '/api/queries', {
            token: client.token,
            json: { message: 'bench tus', service, uploadIds: [created.id] },
          });
          if (claimed.status !== 201) throw new Error(`request from upload: ${claimed.status} ${JSON.stringify(claimed.body)}`);
        }),
      );

      // Multipart (docs/product.md §7): the same file in files[].
      multipart.push(
        await measure(pid, async () => {
          const form = new FormData();
          form.append('message', 'bench multipart');
          form.append('service', service);
          form.append('files[]', await fs.openAsBlob(file, { type: 'application/pdf' }), 'plan-set.pdf');
          const res = await server.call('POST', '/api/queries', { token: client.token, form });
          if (res.status !== 201) throw new Error(`multipart: ${res.status} ${JSON.stringify(res.body)}`);
        }),
      );
    }
    const best = (runs: Run[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const copyBest = best(copy);
    const way = (runs: Run[]) => {
      const b = best(runs);
      return {
        seconds: b.seconds,
        mbPerSecond: mb / b.seconds,
        ofCopy: copyBest.seconds / b.seconds,
        serverCpuSeconds: b.serverCpu,
        peakRssGrowthMB: Math.max(...runs.map((r) => r.peakGrowth)) / MB,
        runs: runs.map((r) => Math.round((mb / r.seconds) * 10) / 10),
      };
    };

    // Sheet index again, with the reader thread warm (as on a server that has been up a while).
    const warm = await timeIndex();

    const result = {
      fileMB: Math.round(mb),
      chunkMB: CHUNK / MB,
      runs: RUNS,
      cores: os.cpus().length,
      loadAverage: { before: loadBefore.map((l) => Math.round(l * 10) / 10), after: os.loadavg().map((l) => Math.round(l * 10) / 10) },
      copy: {
        seconds: copyBest.seconds,
        mbPerSecond: mb / copyBest.seconds,
        runs: copy.map((r) => Math.round((mb / r.seconds) * 10) / 10),
      },
      tus: way(tus),
      multipart: way(multipart),
      index: { pages: INDEX_PAGES, firstAfterStartSeconds: cold.seconds, warmSeconds: warm.seconds, summary: warm.summary },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const pct = (x: number) => `${Math.round(x * 100)} %`;
    log(
      `load average ${result.loadAverage.before.join(' ')} → ${result.loadAverage.after.join(' ')} on ${result.cores} cores; best of ${RUNS} runs`,
    );
    log(`plain copy   ${result.copy.mbPerSecond.toFixed(0)} MB/s (runs: ${result.copy.runs.join(', ')})`);
    for (const [name, r] of [
      ['tus', result.tus],
      ['multipart', result.multipart],
    ] as const) {
      log(
        `${name.padEnd(12)} ${r.mbPerSecond.toFixed(0)} MB/s (${pct(r.ofCopy)} of copy${name === 'tus' ? '; aim ≥ 50 %' : ''}; runs: ${r.runs.join(', ')}), ` +
          `server CPU ${r.serverCpuSeconds.toFixed(2)} s, peak RSS +${r.peakRssGrowthMB.toFixed(0)} MB (aim < 100)`,
      );
    }
    log(
      `sheet index  ${INDEX_PAGES} pages in ${cold.seconds.toFixed(1)} s right after start, ${warm.seconds.toFixed(1)} s warm (aim ≤ 10 s): ${warm.summary}`,
    );
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
