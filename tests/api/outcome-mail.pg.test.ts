import { describe, expect, it } from 'vitest';
import { ADMIN, createClient, createTestDatabase, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { submitQuery } from './submit-query.ts';
import { cleanupAfterEach } from './cleanups.ts';
import { until } from './until.ts';
import { firmDayFromNow } from '../firm-days.ts';

// docs/product.md §13: once an answered request's bid date has passed, its client is asked 'How did
// the bid go?' once, through the outbox, by a job that runs at start and every
// OUTCOME_CHECK_INTERVAL_MS. "Once" lives in the database: servers started and stopped again on one
// database and one data folder never ask twice. Real SMTP sink, real outbox worker, both engines.

const { cleanups, tempDir } = cleanupAfterEach();
const PUBLIC_URL = 'https://estimating.example.test';
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const day = firmDayFromNow;

/** One server on the shared folder and database; `sink` set, its mail goes there over SMTP. */
async function start(env: Record<string, string>, sink?: SmtpSink, intervalMs = 200): Promise<TestServer> {
  const s = await startTestServer({
    ...env,
    PUBLIC_URL,
    OUTCOME_CHECK_INTERVAL_MS: String(intervalMs),
    ...(sink ? { SMTP_URL: sink.url } : {}),
  });
  cleanups.push(() => s.stop());
  return s;
}

/** Start, deliverables and 'Mark answered' as the admin. */
async function answer(s: TestServer, admin: string, id: string) {
  expect((await s.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'in_progress' }, token: admin })).status).toBe(200);
  const fd = new FormData();
  fd.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'takeoff.pdf');
  expect((await s.call('POST', `/api/queries/${id}/deliverables`, { form: fd, token: admin })).status).toBe(201);
  expect((await s.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'answered' }, token: admin })).status).toBe(200);
}

const questions = (sink: SmtpSink, project: string) => sink.received.filter((m) => m.subject === `How did the bid go? ${project}`);

describe("the 'How did the bid go?' mail", () => {
  it(
    'goes out once after the bid date, through the outbox, with the link to the workspace, across restarts',
    { timeout: 120_000 },
    async () => {
      const dataDir = await tempDir('estimating-outcome-mail-');
      const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
      if (process.env.TEST_DATABASE_URL) {
        const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
        cleanups.push(() => database.drop());
        env.DATABASE_URL = database.url;
      }
      const sink = await startSmtpSink();
      cleanups.push(() => sink.close());

      // First run, mail to the outbox folder, the job asleep after its start-up run: the requests are made.
      const first = await start(env, undefined, 600_000);
      const admin = await signInAdmin(first);
      const client = await createClient(first, admin, { fullName: 'Bianca Bidder' });
      const past = await submitQuery(first, client.token, 'Terminal takeoff', { projectName: 'Port Terminal', bidDueDate: day(-3) });
      await answer(first, admin, past);
      // Not asked: the bid date is still ahead, or the request is not answered.
      const ahead = await submitQuery(first, client.token, 'Future takeoff', { projectName: 'Future Plaza', bidDueDate: day(30) });
      await answer(first, admin, ahead);
      await submitQuery(first, client.token, 'Unanswered takeoff', { projectName: 'Waiting Depot', bidDueDate: day(-3) });
      await first.stop();

      // Second run: its start-up check asks, and the outbox worker delivers to the SMTP sink.
      const second = await start(env, sink);
      const [mail] = await until(
        'the question to reach the sink',
        () => questions(sink, 'Port Terminal').length === 1 && questions(sink, 'Port Terminal'),
        30_000,
      );
      expect(mail!.to).toEqual([client.email]);
      expect(mail!.text).toContain('Won, Lost or Did not bid');
      expect(mail!.text).toContain(`${PUBLIC_URL}/chat/${past}`);
      const asked = await second.deps.db
        .selectFrom('queries')
        .select(['id', 'outcome_asked_at'])
        .where('user_id', '=', client.id)
        .execute();
      expect(asked.filter((q) => q.outcome_asked_at).map((q) => q.id)).toEqual([past]);
      // At the link, the client may now give the outcome.
      const workspace = await second.call('GET', `/api/queries/${past}/workspace`, { token: client.token });
      expect(workspace.body.data.moves).toContainEqual({ move: 'outcome' });
      await second.stop();

      // Third run, sessions kept: a new request whose bid date has passed is asked, which proves the
      // job ran again after the restart; the first request is still asked once, the others never.
      const third = await start(env, sink);
      const later = await submitQuery(third, client.token, 'Marina takeoff', { projectName: 'Bayside Marina', bidDueDate: day(-1) });
      await answer(third, admin, later);
      await until('the later question to reach the sink', () => questions(sink, 'Bayside Marina').length === 1, 30_000);
      await third.deps.outbox.flush();
      expect(questions(sink, 'Port Terminal')).toHaveLength(1);
      expect(questions(sink, 'Future Plaza')).toHaveLength(0);
      expect(questions(sink, 'Waiting Depot')).toHaveLength(0);
    },
  );
});
