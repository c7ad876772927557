import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Found by the multipart fuzzing (tests/api/fuzz.test.ts) with more runs: a
// body whose parser fails part-way (a NUL in a file name) while another file
// part is already streaming used to leave the request waiting forever.

let server: TestServer;
let clientToken: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signInAdmin(server);
  clientToken = (await createClient(server, adminToken)).token;
});
afterAll(async () => {
  await server?.stop();
});

describe('a multipart body that breaks part-way', () => {
  it('is answered with a 4xx at once, and the server keeps answering', async () => {
    for (const order of [
      ['\u0000', 'plan.pdf'],
      ['plan.pdf', '\u0000'],
    ]) {
      const form = new FormData();
      form.append('message', 'Takeoff');
      for (const name of order) form.append(name === 'plan.pdf' ? 'files[]' : 'evil', new Blob([new Uint8Array(8).fill(0xa9)]), name);
      const res = await fetch(`${server.url}/api/queries`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${clientToken}` },
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof ((await res.json()) as { message: unknown }).message).toBe('string');
    }
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
  });
});

// A body that ends inside a file part, with no
// closing boundary, made busboy fail the file's stream with 'Unexpected end of form'; with no
// listener on that stream the error ended the process, for any signed-in client.
describe('a multipart body that ends inside a file part', () => {
  const body = [
    '--B\r\nContent-Disposition: form-data; name="message"\r\n\r\nTakeoff\r\n',
    '--B\r\nContent-Disposition: form-data; name="files[]"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n',
  ].join('');
  const cut = (field: string) => body.replace('files[]', field);

  it('is a 400 with a message on every multipart endpoint, and the server keeps answering with no file left behind', async () => {
    const calls: Array<[method: string, path: string, token: string, field: string]> = [
      ['POST', '/api/queries', clientToken, 'files[]'],
      ['PUT', '/api/users/profile', clientToken, 'profileImage'],
      ['POST', '/api/services', adminToken, 'image'],
      ['POST', '/api/blogs', adminToken, 'image'],
    ];
    for (const [method, url, token, field] of calls) {
      const res = await fetch(`${server.url}${url}`, {
        method,
        body: cut(field),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=B' },
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect((await res.json()) as unknown, `${method} ${url}`).toEqual({ message: 'Malformed multipart body.', code: 'invalid_input' });
      expect((await server.call('GET', '/api/ready')).status).toBe(200);
    }
    const tmp = path.join(server.dataDir, 'uploads', 'tmp');
    expect((await fs.readdir(tmp).catch(() => [])).filter((f) => f.endsWith('.part'))).toEqual([]);
  });
});
