import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enqueueMail } from '../../portal-api/src/modules/outbox/outbox.repo.ts';
import { OUTBOX, retryDelayMs } from '../../portal-api/src/modules/outbox/outbox.worker.ts';
import { ADMIN, createClient, createTestDatabase, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { startSilentServer, startSmtpSink } from './smtp-sink.ts';
import { submitQuery } from './submit-query.ts';
import { cleanupAfterEach } from './cleanups.ts';
import { until } from './until.ts';

// docs/architecture.md §6 and docs/decisions/0002-mail-outbox.md: every mail is an outbox row written in the
// transaction of its change; a worker sends it with SMTP timeouts and retries.
// Real SMTP servers on loopback, a real database, the real server over HTTP.

const COMPANY = 'desk@miami-estimating.test';
const { cleanups, tempDir } = cleanupAfterEach();

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer({ COMPANY_EMAIL: COMPANY, ...env });
  cleanups.push(() => s.stop());
  return s;
}

const rows = (s: TestServer) => s.deps.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();
const contact = (s: TestServer, name = 'Dora Visitor') =>
  s.call('POST', '/api/contact/submit', {
    json: { name, email: 'dora@example.com', service: 'Estimating', message: 'Please call me about a takeoff.' },
  });

/** A trigger that makes every insert into `table` fail, as a database fault in the middle of a change would. */
async function breakInserts(s: TestServer, table: string): Promise<() => Promise<void>> {
  const db = s.deps.db;
  if (s.deps.config.database.kind === 'postgres') {
    await sql
      .raw(`create function fail_${table}() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(db);
    await sql.raw(`create trigger fail_${table} before insert on ${table} for each row execute function fail_${table}()`).execute(db);
    return async () => {
      await sql.raw(`drop trigger fail_${table} on ${table}`).execute(db);
      await sql.raw(`drop function fail_${table}()`).execute(db);
    };
  }
  await sql.raw(`create trigger fail_${table} before insert on ${table} begin select raise(abort, 'injected fault'); end`).execute(db);
  return async () => {
    await sql.raw(`drop trigger fail_${table}`).execute(db);
  };
}

describe('outbox rows share the transaction of their change', () => {
  it('a status change that fails after its mail was written leaves no mail; a mail that cannot be written undoes the sign-up', async () => {
    const s = await server();
    const admin = await signInAdmin(s);
    const client = await createClient(s, admin);
    const queryId = await submitQuery(s, client.token, 'Drywall takeoff');
    await s.outbox();

    // The status mail is written first, then the activity insert fails: nothing of the change stays.
    const before = (await rows(s)).length;
    const repair = await breakInserts(s, 'activities');
    const failed = await s.call('PATCH', `/api/queries/${queryId}/status`, { json: { status: 'in_progress' }, token: admin });
    await repair();
    expect(failed.status).toBe(500);
    expect((await s.deps.db.selectFrom('queries').select('status').where('id', '=', queryId).executeTakeFirstOrThrow()).status).toBe(
      'pending',
    );
    expect(await rows(s)).toHaveLength(before);

    // The same call once the fault is gone: one mail, with the change.
    const ok = await s.call('PATCH', `/api/queries/${queryId}/status`, { json: { status: 'in_progress' }, token: admin });
    expect(ok.status).toBe(200);
    expect((await rows(s)).filter((r) => r.kind === 'status-change' && r.recipient === client.email)).toHaveLength(1);

    // The other way round: the outbox refuses the row, so the sign-up it belongs to is not kept either.
    const undo = await breakInserts(s, 'outbox');
    const email = `atomic-${Date.now()}@example.com`;
    const reg = await s.call('POST', '/api/auth/register', { json: { fullName: 'Atomic Al', email, password: 'Passw0rd-long' } });
    await undo();
    expect(reg.status).toBe(500);
    expect(await s.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('enqueueMail inside a transaction that rolls back leaves no row', async () => {
    const s = await server();
    await expect(
      s.deps.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, { kind: 'test', to: 'x@example.com', subject: 'rolled back', text: 'never sent' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await rows(s)).filter((r) => r.subject === 'rolled back')).toHaveLength(0);
    expect((await s.outbox()).filter((m) => m.subject === 'rolled back')).toHaveLength(0);
  });
});

describe('claims', () => {
  it('takes again a row whose sender died mid-send (its lease ran out), and leaves a live lease alone', async () => {
    const s = await server();
    await s.deps.outbox.stop(0); // this test claims by hand
    const { claimDue } = await import('../../portal-api/src/modules/outbox/outbox.repo.ts');
    const kind = s.deps.config.database.kind;
    await s.deps.db
      .transaction()
      .execute((trx) => enqueueMail(trx, { kind: 'test', to: 'lease@example.com', subject: 'Leased', text: 'x' }));
    const first = await claimDue(s.deps.db, kind, 10, OUTBOX.leaseMs);
    expect(first.map((r) => r.subject)).toEqual(['Leased']);
    // Another worker (or this one after a restart) while the lease runs: nothing to take.
    expect(await claimDue(s.deps.db, kind, 10, OUTBOX.leaseMs)).toEqual([]);
    // The sender crashed: once the lease has run out, the row is due again, as a new attempt.
    const later = new Date(Date.now() + OUTBOX.leaseMs + 1000);
    const again = await claimDue(s.deps.db, kind, 10, OUTBOX.leaseMs, later);
    expect(again.map((r) => [r.subject, r.attempts])).toEqual([['Leased', 2]]);
  });
});

describe('a mail server that accepts and never answers', () => {
  it(
    'does not slow sign-in or the contact form; nothing answers 5xx; the attempt ends within the SMTP timeouts and is retried',
    { timeout: 60_000 },
    async () => {
      const silent = await startSilentServer();
      cleanups.push(() => silent.close());
      // Each SMTP step's time limit, short here through the URL (as an operator sets a longer one):
      // the default of 10 s each is portal-api/src/lib/mail.test.ts's.
      const stepMs = 1_000;
      const s = await server({ SMTP_URL: `${silent.url}/?connectionTimeout=${stepMs}&greetingTimeout=${stepMs}&socketTimeout=${stepMs}` });

      let started = Date.now();
      const login = await s.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
      expect(login.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);

      started = Date.now();
      const sent = await contact(s);
      expect(sent.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2_000);

      started = Date.now();
      const otp = await s.call('POST', '/api/auth/send-otp', { json: { email: ADMIN.email } });
      expect(otp.status).toBeLessThan(500);
      expect(Date.now() - started).toBeLessThan(2_000);

      await until('the worker to connect', async () => silent.connections() > 0, 20_000);
      const ready = await s.call('GET', '/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.mail.pending).toBeGreaterThanOrEqual(2);

      // Each step of nodemailer gives up after its time limit: the row is scheduled again, not lost.
      const retried = await until(
        'a timed-out attempt',
        async () => (await rows(s)).find((r) => r.last_error !== null),
        3 * stepMs + 5_000,
      );
      expect(retried.status).toBe('pending');
      expect(retried.last_error).toMatch(/ETIMEDOUT|ECONNECTION|ESOCKET/);
      expect(Date.parse(retried.next_attempt_at)).toBeGreaterThan(Date.now() - 1000);
    },
  );
});

describe('a graceful stop while the mail server hangs', () => {
  it(
    'gives the unsent code back to the outbox: the restarted server sends it at once, not after the lease, and it signs in',
    { timeout: 60_000 },
    async () => {
      const silent = await startSilentServer();
      cleanups.push(() => silent.close());
      // The same DATA_DIR (and database) for both runs, as a restart has.
      const env: Record<string, string> = { DATA_DIR: await tempDir('estimating-mailstop-'), COMPANY_EMAIL: COMPANY };
      if (process.env.TEST_DATABASE_URL) {
        const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
        cleanups.push(() => database.drop());
        env.DATABASE_URL = database.url;
      }
      const first = await server({ ...env, SMTP_URL: silent.url });
      expect((await first.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } })).status).toBe(200);
      // The worker has claimed the code and waits for a greeting that never comes.
      await until('the worker to connect', async () => silent.connections() > 0, 20_000);
      await first.stop();

      const sink = await startSmtpSink();
      cleanups.push(() => sink.close());
      const restarted = Date.now();
      const second = await server({ ...env, SMTP_URL: sink.url });
      // Well within the lease the first run took (OUTBOX.leaseMs, 3 minutes).
      const [mail] = await sink.waitFor(1, OUTBOX.leaseMs / 9);
      expect(Date.now() - restarted).toBeLessThan(OUTBOX.leaseMs / 9);
      const code = /^Your sign-in code: (\d{6})$/.exec(mail!.subject)![1]!;
      expect((await second.call('POST', '/api/auth/login-verify-otp', { json: { email: ADMIN.email, otp: code } })).status).toBe(200);
    },
  );
});

describe('a mail server that refuses every mail, then recovers', () => {
  it('delivers everything queued meanwhile, once each, and the code still signs in', { timeout: 60_000 }, async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    sink.refusing = true;
    const s = await server({ SMTP_URL: sink.url });

    const login = await s.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status).toBe(200);
    expect((await contact(s, 'Refused Ruth')).status).toBe(201);
    const email = `refused-${Date.now()}@example.com`;
    expect(
      (await s.call('POST', '/api/auth/register', { json: { fullName: 'Refused Rob', email, password: 'Passw0rd-long' } })).status,
    ).toBe(201);

    // Every row is tried and refused at least once, then waits for its retry.
    await until(
      'three refused rows',
      async () => {
        const all = await rows(s);
        return all.length === 3 && all.every((r) => r.attempts >= 1 && r.status === 'pending' && r.last_error) && all;
      },
      20_000,
    );
    expect(sink.received).toHaveLength(0);
    const ready = await s.call('GET', '/api/ready');
    expect(ready.body.mail.pending).toBe(3);

    sink.refusing = false;
    await sink.waitFor(3, 40_000);
    await until('every row sent', async () => (await rows(s)).every((r) => r.status === 'sent'), 20_000);
    // A duplicate would be a send still on its way: a row marked sent is never claimed again, and
    // flush() waits for the worker's sends in flight.
    await s.deps.outbox.flush();
    expect(sink.received).toHaveLength(3);
    expect(sink.received.map((m) => m.subject.replace(/\d{6}$/, 'NNNNNN')).sort()).toEqual([
      'New sign-up waiting for approval: Refused Rob',
      'Website contact: Estimating (Refused Ruth)',
      'Your sign-in code: NNNNNN',
    ]);
    const code = /Your sign-in code: (\d{6})/.exec(sink.received.find((m) => m.subject.startsWith('Your sign-in'))!.subject)![1]!;
    const verified = await s.call('POST', '/api/auth/login-verify-otp', {
      json: { email: ADMIN.email, otp: code, token: login.body.token },
    });
    expect(verified.status).toBe(200);
    // Sent rows keep no body: codes do not linger in the database.
    for (const r of await rows(s)) expect([r.subject, r.text_body, r.html_body]).toEqual(['', '', null]);
    expect((await s.call('GET', '/api/ready')).body.mail).toEqual({ pending: 0, oldestUnsentSeconds: 0 });
  });
});

describe('retries', () => {
  it('back off exponentially, at most 15 minutes apart, and give up 24 hours after the mail was written', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(30)).toBe(OUTBOX.retryMaxMs);
    expect(OUTBOX.giveUpAfterMs).toBe(24 * 3600_000);

    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    sink.refusing = true;
    const s = await server({ SMTP_URL: sink.url });
    await s.deps.outbox.stop(0);
    const id = await enqueueMail(s.deps.db, { kind: 'test', to: 'late@example.com', subject: 'Too late', text: 'x' });
    // Written 24 hours ago and refused ever since: this refusal is the last.
    await s.deps.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - OUTBOX.giveUpAfterMs - 1000).toISOString(), attempts: 20 })
      .where('id', '=', id)
      .execute();
    const { OutboxWorker } = await import('../../portal-api/src/modules/outbox/outbox.worker.ts');
    const { createMailer } = await import('../../portal-api/src/lib/mail.ts');
    const worker = new OutboxWorker(s.deps.db, s.deps.config.database.kind, createMailer(s.deps.config), s.deps.log);
    worker.start();
    await worker.flush();
    await worker.stop();
    const row = await s.deps.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 21, subject: '', text_body: '' });
    expect(row.last_error).toContain('451');
    expect((await s.call('GET', '/api/ready')).body.mail.pending).toBe(0);
  });
});

describe('housekeeping', () => {
  it('deletes sent rows after 30 days and failed ones after 90, and nothing that waits', async () => {
    const s = await server();
    await s.deps.outbox.stop(0);
    const { pruneOutbox, OUTBOX_KEEP } = await import('../../portal-api/src/modules/outbox/outbox.repo.ts');
    const day = 86_400_000;
    const make = async (status: 'pending' | 'sent' | 'failed', ageMs: number) => {
      const id = await enqueueMail(s.deps.db, { kind: 'test', to: `${status}-${ageMs}@example.com`, subject: 's', text: 't' });
      await s.deps.db
        .updateTable('outbox')
        .set({ status, created_at: new Date(Date.now() - ageMs).toISOString() })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const keep = [
      await make('sent', OUTBOX_KEEP.sentMs - day),
      await make('failed', OUTBOX_KEEP.failedMs - day),
      await make('pending', 200 * day),
    ];
    await make('sent', OUTBOX_KEEP.sentMs + day);
    await make('failed', OUTBOX_KEEP.failedMs + day);
    expect(await pruneOutbox(s.deps.db)).toBe(2);
    expect((await rows(s)).map((r) => r.id).sort()).toEqual(keep.sort());
  });
});

describe('a mail server that is down, then starts', () => {
  it('answers sign-in at once and the code arrives when the server comes up', { timeout: 60_000 }, async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close(); // nothing listens there now: connections are refused
    const s = await server({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const started = Date.now();
    const login = await s.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const failed = await until('a refused attempt', async () => (await rows(s)).find((r) => r.last_error !== null), 20_000);
    expect(failed.status).toBe('pending');

    const sink = await startSmtpSink(port);
    cleanups.push(() => sink.close());
    const [mail] = await sink.waitFor(1, 30_000);
    const code = /Your sign-in code: (\d{6})/.exec(mail!.subject)![1]!;
    expect(
      (await s.call('POST', '/api/auth/login-verify-otp', { json: { email: ADMIN.email, otp: code, token: login.body.token } })).status,
    ).toBe(200);
  });
});

describe('several instances on one database', () => {
  it('send each row once', { timeout: 60_000 }, async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const a = await server({ SMTP_URL: sink.url });
    const shared = a.deps.config.database.kind === 'postgres' ? a.deps.config.database.url : a.deps.config.database.file;
    const b = await server({ SMTP_URL: sink.url, DATABASE_URL: shared });
    const c = await server({ SMTP_URL: sink.url, DATABASE_URL: shared });
    const N = 60;
    await a.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < N; i++)
        await enqueueMail(trx, { kind: 'test', to: `n${i}@example.com`, subject: `Mail ${i}`, text: `Body ${i}` });
    });
    await Promise.all([a, b, c].map((x) => x.deps.outbox.flush()));
    await sink.waitFor(N);
    // A duplicate would be a send still on its way on some instance: once every row is marked
    // sent none is claimed again, and flush() waits for each worker's sends in flight.
    await until('every row sent', async () => (await rows(a)).every((r) => r.status === 'sent'), 20_000);
    await Promise.all([a, b, c].map((x) => x.deps.outbox.flush()));
    expect(sink.received).toHaveLength(N);
    expect(new Set(sink.received.map((m) => m.subject)).size).toBe(N);
    expect((await rows(a)).filter((r) => r.status === 'sent')).toHaveLength(N);
  });
});
