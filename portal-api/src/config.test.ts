import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(4321);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.database).toEqual({ kind: 'sqlite', file: path.resolve('data/app.db') });
    expect(c.mailFrom).toBe('no-reply@localhost');
    expect(c.uploadMaxBytes).toBe(500 * 1024 * 1024);
    expect(c.publicUrl).toBe('http://127.0.0.1:4321');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.admin).toBeUndefined();
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ UPLOAD_MAX_MB: 'lots' })).toThrow(/UPLOAD_MAX_MB/);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'longenough' })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('refuses an empty DATA_DIR, an SMTP_URL without a host, a MAIL_FROM that is no address and a PUBLIC_URL that is not http(s)', () => {
    // Each of these used to start (DATA_DIR= served from the working folder).
    for (const [name, value, reason] of [
      ['DATA_DIR', '', 'must name a folder (unset it for ./data)'],
      ['DATA_DIR', '  ', 'must name a folder (unset it for ./data)'],
      ['SMTP_URL', 'smtp://', 'must be smtp://[user:password@]host[:port] or smtps://…'],
      ['SMTP_URL', 'smtps://', 'must be smtp://[user:password@]host[:port] or smtps://…'],
      ['MAIL_FROM', 'not-an-address', 'must be an e-mail address, or Name <address>'],
      ['MAIL_FROM', 'Estimating <no-reply>', 'must be an e-mail address, or Name <address>'],
      ['MAIL_FROM', '', 'must be an e-mail address, or Name <address>'],
      ['PUBLIC_URL', 'ftp://estimating.example.com', 'must be an http:// or https:// address'],
      ['PUBLIC_URL', 'estimating.example.com', 'must be an http:// or https:// address'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new ConfigError(`Invalid environment variable ${name}=${JSON.stringify(value)}: ${reason}`),
      );
    }
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(loadConfig({ MAIL_FROM: 'codes@example.com' }).mailFrom).toBe('codes@example.com');
    expect(loadConfig({ MAIL_FROM: 'Miami Estimating <no-reply@example.com>' }).mailFrom).toBe('Miami Estimating <no-reply@example.com>');
    expect(loadConfig({ PUBLIC_URL: 'https://estimating.example.com/' }).publicUrl).toBe('https://estimating.example.com');
    // The Dockerfile sets PUBLIC_URL= (empty): that is unset, not wrong.
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBe('http://127.0.0.1:4321');
  });

  it('never shows a password in the error line of a bad value: the line reaches the logs', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(message({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'Secr3t!' })).toMatch(/^Invalid environment variable ADMIN_PASSWORD: /);
    expect(message({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'Secr3t!' })).not.toContain('Secr3t!');
    const smtp = message({ SMTP_URL: 'smtp://mailer:ab/cd#ef@' });
    expect(smtp).not.toContain('ab/cd');
    expect(smtp).toContain('SMTP_URL="smtp://mailer:***@"');
    const db = message({ DATABASE_URL: 'mysql://app:hunter2@db.example.com/app' });
    expect(db).not.toContain('hunter2');
    expect(db).toContain('DATABASE_URL="mysql://app:***@db.example.com/app"');
    // Values with no secret are shown as they were (README: PORT=abc).
    expect(message({ PORT: 'abc' })).toBe('Invalid environment variable PORT="abc": must be a whole number');
  });

  it('chooses PostgreSQL for postgres:// URLs and a SQLite path otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1/db',
    });
    expect(loadConfig({ DATABASE_URL: '/tmp/x.db' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.db' });
    for (const [url, file] of [
      ['file:/tmp/x.db', '/tmp/x.db'],
      ['file:///tmp/x.db', '/tmp/x.db'],
      ['sqlite:///tmp/x.db', '/tmp/x.db'],
      ['sqlite:/tmp/x.db', '/tmp/x.db'],
      ['sqlite://data/x.db', path.resolve('data/x.db')],
      ['file:data/x.db?mode=rwc', path.resolve('data/x.db')],
      ['file:///tmp/a%20b.db', '/tmp/a b.db'],
      ['file:/tmp/100%.db', '/tmp/100%.db'],
      ['data/x.db', path.resolve('data/x.db')],
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).database, url).toEqual({ kind: 'sqlite', file });
    }
    // Another scheme is a mistake, not a file to create in the working folder.
    for (const url of ['mysql://u@db/app', 'bogus:/x', 'postgres:/missing-slash', 'https://db.example.com/app']) {
      expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(
        `Invalid environment variable DATABASE_URL=${JSON.stringify(url)}: must be a SQLite path, a file: or sqlite: URL, or postgres://…`,
      );
    }
  });

  it('falls back COMPANY_EMAIL to ADMIN_EMAIL and derives PUBLIC_URL', () => {
    const c = loadConfig({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'secret-pass', PORT: '8080', HOST: '0.0.0.0' });
    expect(c.companyEmail).toBe('Boss@Example.com');
    expect(c.admin?.email).toBe('boss@example.com');
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
  });
});

describe('startupWarnings', () => {
  it('warns when NODE_ENV=production runs without PUBLIC_URL, and only then', () => {
    const [warning, ...rest] = startupWarnings(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '4321' }));
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^NODE_ENV=production but PUBLIC_URL is not set: links in e-mails.* point at http:\/\/127\.0\.0\.1:4321\./);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://estimating.example.com' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });
});

// The image is built by Docker, which the tests do not run: its instructions are read instead.
describe('Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(import.meta.dirname, '../../Dockerfile'), 'utf8');
  it('leaves PUBLIC_URL unset (an empty value hid the missing setting) and probes readiness', () => {
    expect(dockerfile).not.toMatch(/^ENV .*PUBLIC_URL=/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/api\/ready/m);
    expect(dockerfile).not.toMatch(/^HEALTHCHECK .*\/api\/health/m);
  });
});
