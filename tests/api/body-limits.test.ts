import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';

// An 800 KB JSON body sent to POST /api/auth/logout (which
// never reads its body) got ECONNRESET instead of an answer. Every route now
// reads or refuses its body before answering; past 1 MB it is 413 anywhere.
// Real HTTP requests on a kept-alive connection, body sent in full.

let server: TestServer;
let agent: http.Agent;

beforeAll(async () => {
  server = await startTestServer();
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});
afterAll(async () => {
  agent?.destroy();
  await server?.stop();
});

function post(
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent,
        // Without a length header (chunked) when the caller asks for transfer-encoding.
        headers: {
          'content-type': 'application/json',
          ...(headers['transfer-encoding'] ? {} : { 'content-length': String(body.length) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    // Sent in slices, as a slow client would: the answer must still wait for (or refuse) the whole body.
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const slice = body.subarray(offset, offset + 64 * 1024);
        offset += slice.length;
        if (!req.write(slice)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const json = (bytes: number) => Buffer.from(JSON.stringify({ filler: 'x'.repeat(bytes - 14) }));

describe('request bodies are read or refused', () => {
  it('answers an 800 KB body to endpoints that do not read it, and the connection stays usable', async () => {
    const token = await signInAdmin(server);
    const body = json(800 * 1024);
    const anonymous = await post('/api/auth/logout', body);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body).message).toEqual(expect.any(String));
    const signedIn = await post('/api/auth/logout', body, { authorization: `Bearer ${token}` });
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body).message).toBe('Logged out successfully.');
    for (const path of ['/api/health', '/api/nowhere', '/about-us', '/uploads/public/x.png']) {
      const res = await post(path, body);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await post('/api/contact/submit', Buffer.from('{}'))).status).toBe(400);
  });

  it('answers 413 with a message past 1 MB on any route', async () => {
    const body = json(1024 * 1024 + 100);
    for (const path of ['/api/auth/logout', '/api/auth/login', '/api/health', '/api/services', '/api/nowhere', '/about-us', '/']) {
      const res = await post(path, body);
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.body).message, path).toMatch(/too large/i);
    }
    // Without a declared length (chunked), too.
    const chunked = await post('/api/auth/logout', body, { 'transfer-encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });
});

/**
 * One POST on its own connection (`connection: close`), sending its whole declared body as curl
 * or a browser would. The result holds the answer and whether the client could send all of it:
 * a server that answers and closes mid-body makes the client's next write fail (EPIPE, ECONNRESET),
 * and such a client reports the error, not the status.
 */
function postClosing(path: string, size: number): Promise<{ status: number; body: string; sendError: string | null }> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    let answer: { status: number; body: string } | null = null;
    let sendError: string | null | undefined;
    const settle = () => {
      if (sendError !== undefined && answer) resolve({ ...answer, sendError });
      else if (sendError && !answer) resolve({ status: 0, body: '', sendError });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(size), connection: 'close' },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          answer = { status: res.statusCode ?? 0, body: text };
          settle();
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      sendError ??= err.code ?? err.message;
      settle();
    });
    req.on('finish', () => {
      sendError ??= null;
      settle();
    });
    const slice = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(slice.length, size - sent);
        sent += n;
        if (!req.write(n === slice.length ? slice : slice.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('an oversize body still gets its 413 (lingering close)', () => {
  it('answers 413 to every one of 20 tries of a declared 6 MB body on a closing connection, after reading it', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await postClosing(i % 2 ? '/api/auth/login' : '/api/contact/submit', 6 * 1024 * 1024));
    for (const answer of answers) {
      expect(answer).toEqual({ status: 413, body: expect.any(String), sendError: null });
      expect(JSON.parse(answer.body).message).toMatch(/too large/i);
    }
  });
});
