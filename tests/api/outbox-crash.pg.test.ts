import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, createTestDatabase } from './harness.ts';
import { startServerProcess, type ServerProcess } from './process.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { cleanupAfterEach } from './cleanups.ts';
import { until } from './until.ts';

// The real server as a child process, killed (SIGKILL) while mail waits in the
// outbox because the mail server refuses it. After a restart the mail is sent,
// and nothing that had already gone out goes out again.

const { cleanups } = cleanupAfterEach();

const contact = (server: ServerProcess, name: string) =>
  server.call('POST', '/api/contact/submit', {
    json: { name, email: 'v@example.com', service: 'Estimating', message: `Message from ${name}` },
  });

describe('mail across a crash', () => {
  it('sends mail queued before a SIGKILL after the restart, and sends nothing twice', { timeout: 90_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-mailcrash-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const sink: SmtpSink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const env: Record<string, string> = {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: sink.url,
      COMPANY_EMAIL: 'desk@example.com',
    };
    if (process.env.TEST_DATABASE_URL) {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }

    const first = await startServerProcess(dataDir, env);
    cleanups.push(() => first.stop());
    // Delivered before the crash.
    expect((await contact(first, 'Before Crash')).status).toBe(201);
    await sink.waitFor(1);

    // Refused, so still queued when the process dies.
    sink.refusing = true;
    for (const name of ['Queued One', 'Queued Two', 'Queued Three']) expect((await contact(first, name)).status).toBe(201);
    expect((await first.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } })).status).toBe(200);
    await until('every queued mail to be refused once', () => sink.refusals >= 4, 30_000);
    const ready = await first.call('GET', '/api/ready');
    expect(ready.body.mail.pending).toBe(4);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    sink.refusing = false;
    const second = await startServerProcess(dataDir, env);
    cleanups.push(() => second.stop());
    await sink.waitFor(5, 30_000);
    // Drained: every row is marked sent, and a row marked sent is never claimed again, so a
    // duplicate (a row sent before the crash and again after it) would already be in the sink.
    await until('the outbox to drain', async () => (await second.call('GET', '/api/ready')).body.mail.pending === 0, 30_000);
    const subjects = sink.received.map((m) => m.subject.replace(/\d{6}$/, 'NNNNNN')).sort();
    expect(subjects).toEqual([
      'Website contact: Estimating (Before Crash)',
      'Website contact: Estimating (Queued One)',
      'Website contact: Estimating (Queued Three)',
      'Website contact: Estimating (Queued Two)',
      'Your sign-in code: NNNNNN',
    ]);
    // The worker logs the kind and the recipient, never the subject that carried the code.
    const code = /(\d{6})$/.exec(sink.received.find((m) => m.subject.startsWith('Your sign-in'))!.subject)![1]!;
    // The line is written after the row is marked sent, and reaches this process through a pipe.
    await until('the sent code mail to be logged', () => /"kind":"login-code"/.test(second.output()), 10_000);
    expect(first.output() + second.output()).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
  });
});
