import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';
import { submitQuery } from './submit-query.ts';
import { createUpload } from './tus-client.ts';
import { until } from './until.ts';

// GET /metrics: Prometheus text format, behind METRICS_TOKEN as a bearer, off without it.
// Each scrape is parsed line by line as the exposition format defines it
// (https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format).

const TOKEN = 'metrics-token-for-the-test-0123456789';

type Sample = { name: string; labels: Record<string, string>; value: number };
type Scrape = { types: Map<string, string>; samples: Sample[] };

function parseExposition(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# HELP \S+ /);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    expect(sample, `not a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, key, value] of sample![2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[key!] = value!;
    // The text format's values: a float, +Inf, -Inf or NaN, which Prometheus reads in any case
    // (prom-client writes 'Nan' for an event-loop summary before its first sample).
    const raw = sample![3]!;
    const isNaNValue = /^nan$/i.test(raw);
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : isNaNValue ? NaN : Number(raw);
    expect(isNaNValue || !Number.isNaN(value), line).toBe(true);
    samples.push({ name: sample![1]!, labels, value });
  }
  return { types, samples };
}

const sum = (scrape: Scrape, name: string, labels: Record<string, string> = {}) =>
  scrape.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

describe('with METRICS_TOKEN set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.stop());

  const scrape = async (): Promise<Scrape> => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(await res.text());
  };

  it('refuses a scrape without the token or with another one', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-of-some-length-000' },
      { authorization: TOKEN },
    ]) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.json()).toMatchObject({ message: 'A valid metrics token is required.' });
    }
  });

  it('counts requests by route pattern and status, with a duration histogram', async () => {
    for (let i = 0; i < 3; i++) expect((await server.call('GET', '/api/health')).status).toBe(200);
    expect((await server.call('GET', '/api/queries/no-such-query')).status).toBe(401);
    const m = await scrape();
    expect(m.types.get('http_requests_total')).toBe('counter');
    expect(m.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(sum(m, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(3);
    // The pattern, not the id: one series however many queries there are.
    expect(sum(m, 'http_requests_total', { route: '/api/queries/:id', status: '401' })).toBe(1);
    expect(m.samples.some((s) => s.labels.route?.includes('no-such-query'))).toBe(false);
    const count = sum(m, 'http_request_duration_seconds_count', { route: '/api/health', status: '200' });
    expect(count).toBeGreaterThanOrEqual(3);
    expect(sum(m, 'http_request_duration_seconds_bucket', { route: '/api/health', status: '200', le: '+Inf' })).toBe(count);
    expect(sum(m, 'http_request_duration_seconds_sum', { route: '/api/health', status: '200' })).toBeGreaterThan(0);
  });

  it('reports the bytes of an upload still being received', async () => {
    const admin = await signInAdmin(server);
    const size = 256 * 1024;
    const upload = await createUpload(server.url, admin, 'set.pdf', size);
    expect(upload.res.status).toBe(201);
    // A PATCH that announces its whole length and sends only half, then waits.
    const req = http.request(`${server.url}${upload.path}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${admin}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(size),
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    const body = Buffer.alloc(size, 0x20);
    body.write('%PDF-1.4\n');
    body.write('\n%%EOF\n', size - 7);
    req.write(body.subarray(0, size / 2));
    await until('the upload to be in flight', async () => sum(await scrape(), 'upload_bytes_in_flight') === size);
    req.end(body.subarray(size / 2));
    expect(await answered).toBe(204);
    expect(sum(await scrape(), 'upload_bytes_in_flight')).toBe(0);
  });

  it('reports open sockets, process memory, the outbox backlog and the sheet-index queue', async () => {
    const socket = await openSocket(server.url);
    const m = await scrape();
    expect(sum(m, 'open_sockets', { kind: 'websocket' })).toBe(1);
    // At least the scrape's own connection.
    expect(sum(m, 'open_sockets', { kind: 'http' })).toBeGreaterThanOrEqual(1);
    expect(sum(m, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(sum(m, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    socket.ws.close();
    await until('the socket to close', async () => sum(await scrape(), 'open_sockets', { kind: 'websocket' }) === 0);

    // A client's request file waits for the sheet index while the indexer is stopped.
    const admin = await signInAdmin(server);
    const client = await createClient(server, admin);
    await server.deps.indexer.stop();
    await submitQuery(server, client.token, 'Metrics: one plan to index');
    expect(sum(await scrape(), 'sheet_index_pending_files')).toBe(1);

    // With the mail worker stopped, a code waits in the outbox and ages.
    await until('the outbox to be empty', async () => sum(await scrape(), 'outbox_pending_mails') === 0);
    // (Last in this block: the worker stays stopped.)
    await server.deps.outbox.stop();
    expect((await server.call('POST', '/api/auth/send-otp', { json: { email: ADMIN.email } })).status).toBe(200);
    const aged = await until('the unsent mail to age a second', async () => {
      const m2 = await scrape();
      return sum(m2, 'outbox_oldest_unsent_seconds') >= 1 && m2;
    });
    expect(sum(aged, 'outbox_pending_mails')).toBe(1);
  });
});

it('is off without METRICS_TOKEN: /metrics is not found', async () => {
  const server = await startTestServer();
  try {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Not found.' });
  } finally {
    await server.stop();
  }
});
