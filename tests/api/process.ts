import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { compiled } from './compiled-server.ts';
import { readOutbox, type Mail } from './harness.ts';

// The real server as a child process, for tests that kill, restart or run
// several instances. It listens on port 0; the URL is read from its JSON
// "listening" log line.
//
// `node server.js` of the run's compiled server (compiled-server.ts), as the
// Docker image runs it, from the checkout as working directory (content/,
// dist/). Through tsx each start compiled the TypeScript again: 3.4–3.6 CPU
// seconds to "listening" against 1.5–1.6 compiled, and over 15 s on a loaded
// CI machine. The files that start servers or operator scripts went from
// 182–189 to 120–127 CPU seconds (docs/testing.md "API tests: servers and
// databases"). Not a wrapper such as the `tsx` command either: that runs the
// server in a grandchild process, so a SIGKILL would only kill the wrapper and
// leave the real server running (and answering) behind the test's back.

const root = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  call: <T = any>(
    method: string,
    urlPath: string,
    options?: { json?: unknown; form?: FormData; token?: string },
  ) => Promise<{ status: number; body: T }>;
  outbox: () => Promise<Mail[]>;
  stop: () => Promise<void>;
};

/** Runs the server once with `env` and resolves with its exit code and output (for start-up failures). */
export function runServer(
  env: Record<string, string>,
  timeoutMs = 45_000,
): Promise<{ code: number | string; output: string; stderr: string }> {
  const child = spawnServer(env);
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${timeoutMs} ms:\n${output}${stderr}`));
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? 'unknown', output, stderr });
    });
  });
}

function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [compiled('server')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts the server with `dataDir` (and optional DATABASE_URL etc.) and waits until it listens. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawnServer({ DATA_DIR: dataDir, ...env });
  let output = '';
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 90 s:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });

  const call: ServerProcess['call'] = async (method, urlPath, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.form;
    const res = await fetch(`${url}${urlPath}`, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  };

  return {
    url,
    child,
    dataDir,
    output: () => output,
    exited,
    call,
    outbox: () => readOutbox(dataDir),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

type Reachable = Pick<ServerProcess, 'call' | 'outbox'>;

/** Password step + the code from the outbox → session token, over HTTP only. */
export async function signInOver(server: Reachable, email: string, password: string): Promise<string> {
  const mailsTo = async () => (await server.outbox()).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  const before = (await mailsTo()).length;
  const login = await server.call('POST', '/api/auth/login', { json: { email, password } });
  if (login.status !== 200) throw new Error(`login ${email} failed: ${login.status} ${JSON.stringify(login.body)}`);
  // The outbox worker writes the mail just after the answer: wait up to 5 s for a new one.
  let otp: string | undefined;
  for (let i = 0; i < 100 && !otp; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50));
    const mails = (await mailsTo()).slice(before).reverse();
    otp = mails.map((m) => /\b(\d{6})\b/.exec(`${m.subject}\n${m.text}`)?.[1]).find(Boolean);
  }
  if (!otp) throw new Error(`no code mailed to ${email}`);
  const verified = await server.call('POST', '/api/auth/login-verify-otp', { json: { email, otp } });
  if (verified.status !== 200 || !verified.body.token)
    throw new Error(`verify ${email} failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body.token as string;
}

/**
 * Registers a client, approves it as the admin and signs it in. The new user's
 * id is read from the server's own database (`userIdOf`), as an operator would.
 */
export async function createClientOver(
  server: Reachable,
  adminToken: string,
  userIdOf: (email: string) => Promise<string>,
  fullName = 'Crash Client',
): Promise<{ token: string; id: string; email: string }> {
  const email = `client-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'Client-Passw0rd';
  const reg = await server.call('POST', '/api/auth/register', { json: { fullName, email, password } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const id = await userIdOf(email);
  const approved = await server.call('POST', `/api/auth/approve/${id}`, { token: adminToken });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  return { token: await signInOver(server, email, password), id, email };
}

/** A tiny but real PDF, enough for the upload sniffing of POST /queries. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Submits a query (service "Manufacturers", one PDF) as `token`; returns its id. */
export async function createQueryOver(server: Reachable, token: string, message = 'Takeoff for a duplex'): Promise<string> {
  const services = await server.call<Array<{ _id: string; title: string; subServices?: unknown[] }>>('GET', '/api/services');
  const service = services.body.find((s) => s.title === 'Manufacturers');
  if (!service) throw new Error(`no Manufacturers service: ${JSON.stringify(services.body)}`);
  const form = new FormData();
  form.set('message', message);
  form.set('service', service._id);
  form.append('files[]', new Blob([TINY_PDF], { type: 'application/pdf' }), 'plan.pdf');
  const res = await server.call('POST', '/api/queries', { token, form });
  if (res.status !== 201) throw new Error(`create query failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}
