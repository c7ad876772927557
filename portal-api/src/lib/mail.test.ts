import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('mail module', () => {
  it('delivers through SMTP_URL to a real SMTP server on loopback', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;

    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'no-reply@estimating.test', dataDir: '/nonexistent' });
    cleanups.push(() => mailer.close());
    await mailer.send({
      to: 'client@example.com',
      subject: 'Your sign-in code: 123456',
      text: 'Your code is 123456.',
      html: '<p>Your code is 123456.</p>',
    });

    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@estimating.test');
    expect(received[0]!.to).toEqual(['client@example.com']);
    expect(received[0]!.data).toContain('Subject: Your sign-in code: 123456');
    expect(received[0]!.data).toContain('Your code is 123456.');
    expect(mailer.describe()).toContain(`127.0.0.1:${port}`);
  });

  it('writes to DATA_DIR/outbox as .eml when no SMTP_URL is set', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-test-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const mailer = createMailer({ mailFrom: 'no-reply@localhost', dataDir });
    await mailer.send({ to: 'a@example.com', subject: 'Hello there', text: 'Body text' });
    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await fs.readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(raw).toMatch(/^To: a@example.com$/m);
    expect(raw).toMatch(/^Subject: Hello there$/m);
    expect(raw).toContain('Body text');
  });
});

describe('notice parts', () => {
  it('carry the same paragraphs and link in text and HTML, with everything a user typed escaped in the HTML', async () => {
    const { noticeParts } = await import('./mail.ts');
    const parts = noticeParts(['Client <b>wrote</b>:', '<script>alert(1)</script>\n"quoted" & more'], {
      label: 'Answer it',
      url: 'https://x.test/admin-chat/abc?x=1&y=2',
    });
    expect(parts.text).toBe(
      'Client <b>wrote</b>:\n\n<script>alert(1)</script>\n"quoted" & more\n\nAnswer it: https://x.test/admin-chat/abc?x=1&y=2',
    );
    expect(parts.html).not.toContain('<script>');
    expect(parts.html).not.toContain('<b>');
    expect(parts.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>&quot;quoted&quot; &amp; more');
    expect(parts.html).toContain('<a href="https://x.test/admin-chat/abc?x=1&amp;y=2"');
  });
});

describe('signature', () => {
  it('ends both parts with the firm name as the public site shows it', async () => {
    const { noticeParts, signedText, simpleHtml } = await import('./mail.ts');
    expect(simpleHtml(['Your code is 123456.'])).toContain('<p style="color:#6b7280">— Miami Estimating Services</p>');
    expect(noticeParts(['Hi'], { label: 'Open', url: 'https://x.test/' }).html).toContain('— Miami Estimating Services');
    expect(signedText('Your code is 123456.')).toBe('Your code is 123456.\n\n— Miami Estimating Services');
  });
});

describe('HTML parts', () => {
  it('link every http(s) address of a paragraph, leaving the punctuation after it outside the link', async () => {
    const { simpleHtml } = await import('./mail.ts');
    const page = simpleHtml(['All your requests: https://x.test/my-queries.', 'See (https://x.test/a?b=1&c=2), or javascript:alert(1)']);
    expect(page).toContain('All your requests: <a href="https://x.test/my-queries" style="color:#c2410c">https://x.test/my-queries</a>.');
    expect(page).toContain(
      'See (<a href="https://x.test/a?b=1&amp;c=2" style="color:#c2410c">https://x.test/a?b=1&amp;c=2</a>), or javascript:alert(1)',
    );
    expect(page).not.toContain('href="javascript');
  });
});

describe('SMTP timeouts', () => {
  it('give up each step after 10 s unless SMTP_URL asks for other times', async () => {
    const { default: nodemailer } = await import('nodemailer');
    const { SMTP_TIMEOUT_MS, smtpTransportOptions } = await import('./mail.ts');
    const optionsOf = (url: string) =>
      (nodemailer.createTransport(smtpTransportOptions(url)) as unknown as { transporter: { options: Record<string, unknown> } })
        .transporter.options;
    expect(SMTP_TIMEOUT_MS).toBe(10_000);
    expect(optionsOf('smtp://user:pw@smtp.example.com:587')).toMatchObject({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
      host: 'smtp.example.com',
      port: 587,
    });
    expect(optionsOf('smtp://smtp.example.com:587/?socketTimeout=30000&greetingTimeout=25000')).toMatchObject({
      connectionTimeout: 10_000,
      greetingTimeout: 25_000,
      socketTimeout: 30_000,
    });
  });
});
