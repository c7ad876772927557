import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { loadConfig } from '../../portal-api/src/config.ts';
import type { Database } from '../../portal-api/src/db/schema.ts';
import { startServer, type RunningServer } from '../../portal-api/src/server.ts';
import { CONTRACT_CHECK, expectDocumented, forgetServer } from './openapi-contract.ts';
import type { BuildOutcome } from '../../portal-api/src/site/build.ts';

// Boots the real server on an ephemeral port with a fresh DATA_DIR and a real
// SQLite file (or DATABASE_URL from the environment, for the PostgreSQL run).
// Nothing is mocked: calls go over HTTP, mail is read back from the outbox.
// Under vitest a server that needs no private start-up (no DATA_DIR, DATABASE_URL, ADMIN_* or
// log of its own) starts on a copy of the run's migrated template database (template-database.ts).

export const ADMIN = { email: 'admin@example.com', password: 'Admin-Passw0rd!' };

export type TestServer = RunningServer & {
  dataDir: string;
  call: <T = any>(method: string, path: string, options?: CallOptions) => Promise<{ status: number; body: T; headers: Headers }>;
  outbox: () => Promise<Mail[]>;
  stop: () => Promise<void>;
};
export type CallOptions = { json?: unknown; form?: FormData; token?: string | null; body?: BodyInit; headers?: Record<string, string> };
export type Mail = { file: string; to: string; replyTo: string; subject: string; text: string; html: string; raw: string };

/** `options.log` receives everything the server logs (silent by default). */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { log?: Logger; contract?: boolean; startBuild?: BuildOutcome } = {},
): Promise<TestServer> {
  // A second instance may share the first one's DATA_DIR (as instances behind a balancer share a
  // volume); the folder is then the first one's to remove.
  const ownsDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-test-')));
  const template = templateFor(env, options);
  // With TEST_DATABASE_URL (the PostgreSQL run), each test server gets its own
  // fresh database, created through that URL and dropped on stop.
  const pgDatabase =
    process.env.TEST_DATABASE_URL && !env.DATABASE_URL
      ? await createTestDatabase(process.env.TEST_DATABASE_URL, template?.pgName ?? undefined)
      : null;
  if (!pgDatabase && template?.sqliteFile) await fs.copyFile(template.sqliteFile, path.join(dataDir, 'app.db'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    ...env,
  });
  let running: RunningServer;
  try {
    running = await startServer(config, options.log ?? pino({ level: 'silent' }), { startBuild: options.startBuild });
  } catch (err) {
    await pgDatabase?.drop().catch(() => undefined);
    if (ownsDataDir) await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }

  // Every call is held against the server's /api/openapi.json (openapi-contract.ts), as a validating
  // proxy would; API_CONTRACT_CHECK=0 turns it off to find whether a failure is the document's.
  const contract = CONTRACT_CHECK || options.contract;
  const call: TestServer['call'] = async (method, urlPath, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${running.url}${urlPath}`, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    const answer = { status: res.status, body: parsed, headers: res.headers };
    if (contract) await expectDocumented(running.url, method, urlPath, options, answer);
    return answer;
  };

  return {
    ...running,
    dataDir,
    call,
    // Mail leaves through the outbox worker after the answer: wait for what is due now.
    outbox: async () => {
      await running.deps.outbox.flush();
      return readOutbox(dataDir);
    },
    stop: async () => {
      forgetServer(running.url);
      await running.close();
      await pgDatabase?.drop();
      if (ownsDataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance beside `first`, on its PostgreSQL database and its DATA_DIR, as instances
 * behind a load balancer share a database and a volume: either one's outbox worker may send a mail
 * the other queued. PostgreSQL only (SQLite is one file owned by one instance).
 */
export function startSecondInstance(first: TestServer): Promise<TestServer> {
  postgresUrl();
  return startTestServer({ DATABASE_URL: (first.deps.config.database as { url: string }).url, DATA_DIR: first.deps.config.dataDir });
}

/**
 * TEST_DATABASE_URL, which a *.pg-only.test.ts file cannot run without: it says so and fails
 * rather than pass with nothing checked (docs/testing.md "Which tests run on PostgreSQL").
 */
export function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('This file runs on PostgreSQL only: set TEST_DATABASE_URL (docs/testing.md).');
  return url;
}

/** The run's template database when this server may start on a copy of it (see the top of this file). */
function templateFor(env: Record<string, string>, options: { log?: Logger }): { sqliteFile: string | null; pgName: string | null } | null {
  const described = process.env.ESTIMATING_TEST_TEMPLATE;
  if (!described || options.log) return null;
  if (['DATA_DIR', 'DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'].some((key) => key in env)) return null;
  return JSON.parse(described);
}

/** CREATE DATABASE test_<random> (a copy of `template` if named) through the admin URL; returns its URL and a drop(). */
export async function createTestDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `test_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    try {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (err) {
      // FORCE may not end an autovacuum worker that is busy in the database (42501 for a role
      // that is not a superuser); a plain DROP cancels autovacuum itself and waits for the rest.
      if ((err as { code?: string }).code !== '42501') throw err;
      await admin(`DROP DATABASE IF EXISTS ${name}`);
    }
  };
  return { name, url: url.toString(), drop };
}

// The server writes each mail once, under a unique name, and never changes it (portal-api/src/lib/mail.ts):
// a mail is read and parsed once per path. Without this, a test that signs in a hundred times read
// every earlier mail again at each sign-in.
const parsedMails = new Map<string, Mail>();

/** Reads DATA_DIR/outbox/*.eml, oldest first, with the text part decoded. */
export async function readOutbox(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const known = parsedMails.get(full);
      if (known) return known;
      const raw = await fs.readFile(full, 'utf8');
      const mail = { file, raw, ...parseEml(raw) };
      parsedMails.set(full, mail);
      return mail;
    }),
  );
}

export function parseEml(raw: string): { to: string; replyTo: string; subject: string; text: string; html: string } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const decodeWords = (s: string) =>
    s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
  // The text/plain part (or the whole body of a single-part message).
  const text =
    bodyPart(raw, 'plain') ??
    raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n');
  return {
    to: header('To'),
    replyTo: header('Reply-To'),
    subject: decodeWords(header('Subject')),
    text,
    html: bodyPart(raw, 'html') ?? '',
  };
}

/** A text/{type} part of a message, its transfer encoding undone; null when it has none. */
function bodyPart(raw: string, type: 'plain' | 'html'): string | null {
  const part = new RegExp(
    `Content-Type: text\\/${type}[^\\n]*\\n(?:[^\\n]+\\n)*?(?:Content-Transfer-Encoding: ([^\\n]+)\\n)?(?:[^\\n]+\\n)*\\n([\\s\\S]*?)(?:\\n--|$)`,
    'i',
  ).exec(raw);
  if (!part) return null;
  const body = part[2]!;
  const encoding = (part[1] ?? '').trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQp(body);
  return body;
}

function decodeQp(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mails written to `email` so far (the outbox), oldest first. */
export const mailsTo = async (server: TestServer, email: string) =>
  (await server.outbox()).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));

/**
 * The newest 6-digit code mailed to `email` (waits up to 2 s: /auth/send-otp mails after answering).
 * `seen` skips the first mails to that address, for a code that must be newer than them.
 */
export async function latestCode(server: TestServer, email: string, seen = 0): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mails = (await mailsTo(server, email)).slice(seen);
    for (const mail of mails.reverse()) {
      const match = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`);
      if (match) return match[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Password step + code from the outbox → session token. */
export async function signIn(server: TestServer, email: string, password: string): Promise<string> {
  // A data folder shared with another instance may already hold an older code for this address.
  const seen = (await mailsTo(server, email)).length;
  const login = await server.call('POST', '/api/auth/login', { json: { email, password } });
  if (login.status !== 200) throw new Error(`login ${email} failed: ${login.status} ${JSON.stringify(login.body)}`);
  const otp = await latestCode(server, email, seen);
  const verified = await server.call('POST', '/api/auth/login-verify-otp', { json: { email, otp } });
  if (verified.status !== 200 || !verified.body.token)
    throw new Error(`verify ${email} failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body.token as string;
}

export function signInAdmin(server: TestServer): Promise<string> {
  return signIn(server, ADMIN.email, ADMIN.password);
}

let clientCounter = 0;
/** Registers a client through the API, approves it as the admin, signs it in. */
export async function createClient(
  server: TestServer,
  adminToken: string,
  input: Partial<{ fullName: string; email: string; password: string }> = {},
): Promise<{ token: string; id: string; email: string; password: string; fullName: string }> {
  clientCounter += 1;
  const fullName = input.fullName ?? `Client ${clientCounter}`;
  const email = input.email ?? `client${clientCounter}-${Date.now()}@example.com`;
  const password = input.password ?? 'Client-Passw0rd';
  const reg = await server.call('POST', '/api/auth/register', { json: { fullName, email, password } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const row = await server.deps.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  const approved = await server.call('POST', `/api/auth/approve/${row.id}`, { token: adminToken });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  const token = await signIn(server, email, password);
  return { token, id: row.id, email: email.toLowerCase(), password, fullName };
}

/**
 * The test server's database through a second Kysely (one connection) that reports each
 * statement it runs: for tests that check a repo function's SQL or its plans. Destroy it after.
 */
export function recordingDatabase(server: TestServer, onQuery: (query: CompiledQuery) => void): Kysely<Database> {
  const config = server.deps.config.database;
  return new Kysely<Database>({
    dialect:
      config.kind === 'postgres'
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 1 }) })
        : new SqliteDialect({ database: new SQLite(config.file) }),
    log: (e) => {
      if (e.level === 'query') onQuery(e.query);
    },
  });
}
