import path from 'node:path';
import { z } from 'zod';

/**
 * The recipient of the firm's mail when neither COMPANY_EMAIL nor ADMIN_EMAIL is set (an install whose
 * admin came from `create-admin`): the outbox sends it to every admin account's address at the time
 * it goes out. Before, contact messages, sign-up and new-request notices then reached nobody.
 * (.invalid is reserved: it is never a real address.)
 */
export const ADMIN_ACCOUNTS = 'admin-accounts@firm.invalid';

// docs/architecture.md §1: the only place that reads process.env.
const port = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(0).max(65535));
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((v) => v ?? '4321')
    .pipe(port),
  HOST: z.string().default('127.0.0.1'),
  // Set but empty would mean the working folder: refused rather than guessed.
  DATA_DIR: z
    .string()
    .refine((v) => v.trim() !== '', 'must name a folder (unset it for ./data)')
    .default('./data'),
  // A SQLite path, a file: or sqlite: URL, or postgres://; another scheme (mysql:, a typo) is refused, not taken for a file name.
  DATABASE_URL: optional.refine(
    (v) => v === undefined || !/^[a-z][a-z0-9+.-]+:/i.test(v) || /^(postgres(ql)?:\/\/|sqlite:|file:)/i.test(v),
    {
      message: 'must be a SQLite path, a file: or sqlite: URL, or postgres://…',
    },
  ),
  SMTP_URL: optional.pipe(
    z.url({ protocol: /^smtps?$/, hostname: /./, error: 'must be smtp://[user:password@]host[:port] or smtps://…' }).optional(),
  ),
  // What nodemailer takes as `from`: an address, or a display name with the address in <…>.
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an e-mail address, or Name <address>')
    .default('no-reply@localhost'),
  COMPANY_EMAIL: optional.pipe(z.email().optional()),
  UPLOAD_MAX_MB: z
    .string()
    .optional()
    .transform((v) => v ?? '500')
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'must be a number of megabytes')
        .transform(Number),
    )
    .pipe(z.number().positive().max(10_000)),
  UPLOAD_MAX_FILES: z
    .string()
    .optional()
    .transform((v) => v ?? '20')
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number').transform(Number))
    .pipe(z.number().int().min(1).max(1000)),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, hostname: /./, error: 'must be an http:// or https:// address' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DIST_DIR: optional,
  // A bearer token for GET /metrics; long enough not to be guessed.
  NODE_ENV: optional,
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // How often the bid-outcome question job looks for bids whose date has passed (docs/operations.md).
  // At most 10 minutes, so nobody waits longer; tests set a second or less.
  OUTCOME_CHECK_INTERVAL_MS: z
    .string()
    .optional()
    .transform((v) => v ?? '600000')
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number of milliseconds').transform(Number))
    .pipe(z.number().int().min(100, 'must be at least 100').max(600_000, 'must be at most 600000 (10 minutes)')),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  smtpUrl?: string;
  mailFrom: string;
  /** The firm's own mail (COMPANY_EMAIL, else ADMIN_EMAIL, else ADMIN_ACCOUNTS: every admin account's address). */
  companyEmail: string;
  uploadMaxBytes: number;
  /** Files per request (UPLOAD_MAX_FILES, default 20). */
  uploadMaxFiles: number;
  admin?: { email: string; password: string };
  publicUrl: string;
  logLevel: string;
  distDir: string;
  /** DIST_DIR was set: the server then refuses to start without a site build there (the default ./dist may be missing). */
  isDistDirSet: boolean;
  /** PUBLIC_URL was set (else publicUrl follows HOST and PORT). */
  isPublicUrlSet: boolean;
  /** NODE_ENV=production (the Docker image). */
  isProduction: boolean;
  /** GET /metrics answers this bearer token; unset, /metrics is off (404). */
  metricsToken?: string;
  /** How often the bid-outcome question job runs (OUTCOME_CHECK_INTERVAL_MS, default 10 minutes). */
  outcomeCheckMs: number;
};

export class ConfigError extends Error {}

/**
 * The file named by a SQLite DATABASE_URL: a plain path, or a `sqlite:` or `file:` URL. After the
 * scheme, an empty authority (`sqlite:///abs`, `file:///abs`) leaves an absolute path and a named one
 * (`sqlite://data/app.db`) a relative path; a `?query` is dropped.
 */
function sqlitePath(url: string): string {
  const scheme = /^(sqlite|file):/i.exec(url);
  if (!scheme) return url;
  const rest = url.slice(scheme[0].length).replace(/\?.*$/, '');
  const file = rest.startsWith('//') ? rest.slice(2) : rest;
  try {
    return decodeURIComponent(file);
  } catch {
    return file;
  }
}

/** Variables whose value is a secret, or may carry one (a URL's user:password@). */
const SECRET_VARIABLES = new Set(['ADMIN_PASSWORD', 'METRICS_TOKEN']);
const URL_VARIABLES = new Set(['SMTP_URL', 'DATABASE_URL']);

/**
 * A bad value as the start's error line shows it: a password never, a URL's password
 * masked (the line reaches container and service logs).
 */
function shownValue(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return '';
  const shown = URL_VARIABLES.has(name) ? value.replace(/^([a-z][\w+.-]*:\/\/[^:/@]*:).*@/i, '$1***@') : value;
  return `=${JSON.stringify(shown)}`;
}

/**
 * For `create-admin`: the environment without ADMIN_EMAIL and ADMIN_PASSWORD (the command takes
 * its e-mail on the command line, so ADMIN_PASSWORD alone is no half-set pair there), and the
 * ADMIN_PASSWORD it may take its password from instead of a command line that shell history keeps.
 */
export function adminCommandEnv(env: Record<string, string | undefined> = process.env) {
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: password, ...rest } = env;
  return { env: rest, password: password?.trim() ? password : undefined };
}

/** Parses the environment once; a bad value throws ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}${shownValue(name, env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:\/\//i.test(url)
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: url ? path.resolve(sqlitePath(url)) : path.join(dataDir, 'app.db') };
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    const missing = e.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
    throw new ConfigError(`Invalid environment variable ${missing}: ADMIN_EMAIL and ADMIN_PASSWORD must be set together`);
  }
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    companyEmail: e.COMPANY_EMAIL ?? e.ADMIN_EMAIL ?? ADMIN_ACCOUNTS,
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * 1024 * 1024),
    uploadMaxFiles: e.UPLOAD_MAX_FILES,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    distDir: path.resolve(e.DIST_DIR ?? 'dist'),
    isDistDirSet: e.DIST_DIR !== undefined,
    metricsToken: e.METRICS_TOKEN,
    isPublicUrlSet: e.PUBLIC_URL !== undefined,
    isProduction: e.NODE_ENV === 'production',
    outcomeCheckMs: e.OUTCOME_CHECK_INTERVAL_MS,
  };
}

/** Settings that start but are likely wrong, for the start's log. */
export function startupWarnings(config: Pick<Config, 'isProduction' | 'isPublicUrlSet' | 'publicUrl'>): string[] {
  const warnings: string[] = [];
  // Links in mail, canonical tags and sitemaps would name this machine's own address.
  if (config.isProduction && !config.isPublicUrlSet)
    warnings.push(
      `NODE_ENV=production but PUBLIC_URL is not set: links in e-mails, canonical links and sitemaps point at ${config.publicUrl}. Set PUBLIC_URL to the address people use, e.g. https://estimating.example.com`,
    );
  return warnings;
}
