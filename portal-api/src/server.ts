import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, startupWarnings, type Config } from './config.ts';
import { migrateToLatest, openDatabase, withStartupLock, type DB } from './db/database.ts';
import { databaseStartError } from './db/open-errors.ts';
import { loadSecret, SERVER_URL_KEY, seedContentServices, seedReferenceData } from './db/seed.ts';
import type { Deps } from './deps.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { checkWritableSync, diskProblem, makeDirSync } from './lib/data-dir.ts';
import { isDiskError } from './lib/disk-errors.ts';
import { createMailer } from './lib/mail.ts';
import { RateLimits } from './lib/rate-limit.ts';
import { Storage } from './lib/storage.ts';
import { sweepUploads, type SweepResult } from './lib/sweep.ts';
import { ChatHub } from './modules/chats/hub.ts';
import { Metrics } from './modules/metrics/metrics.ts';
import { startOutcomeQuestions } from './modules/outcomes/outcomes.job.ts';
import { startChatMailSweep } from './modules/chats/chats.mail.ts';
import { registerChat } from './modules/chats/chats.socket.ts';
import { OutboxWorker } from './modules/outbox/outbox.worker.ts';
import { PgFanout } from './modules/chats/fanout.ts';
import { SheetIndexer } from './modules/sheet-index/indexer.ts';
import { startUploadExpiry } from './modules/uploads/upload-expiry.ts';
import { startAuthExpiry } from './modules/auth/auth.expiry.ts';
import { hasAdmin, upsertAdmin } from './modules/users/users.bootstrap.ts';
import { APP_COMMIT, APP_VERSION } from './version.ts';
import type { BuildOutcome } from './site/build.ts';

export type RunningServer = {
  url: string;
  port: number;
  deps: Deps;
  fanout: PgFanout | null;
  close: () => Promise<void>;
  /** The start-up sweep of crash debris in uploads (runs after listening; settles, never rejects). */
  swept: Promise<SweepResult | null>;
};

/** config → database → migrate → seed → listen → /ws. Used by main() and by the API tests. */
/** Why the server could not listen, in one line a person can act on instead of a stack trace (else the error itself). */
export function listenError(err: unknown, config: Pick<Config, 'port' | 'host'>): unknown {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (code === 'EADDRINUSE')
    return new ConfigError(`Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT (e.g. in .env).`);
  // Ports below 1024 need a privilege (root, or CAP_NET_BIND_SERVICE) on Linux and most systems.
  if (code === 'EACCES')
    return new ConfigError(
      `Port ${config.port} needs a privilege this process does not have: use a port above 1023 (e.g. PORT=3000) behind a proxy, or grant it (setcap cap_net_bind_service=+ep on node).`,
    );
  // getaddrinfo's answer for a HOST that is no name or address of this machine.
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EADDRNOTAVAIL'].includes(code))
    return new ConfigError(
      `Invalid environment variable HOST=${JSON.stringify(config.host)}: ${code === 'EADDRNOTAVAIL' ? 'not an address of this machine' : 'the name does not resolve'}`,
    );
  return err;
}

/**
 * DATA_DIR holds the database (password hashes, sessions, the secrets that sign links), plans and
 * mail copies with sign-in codes; files are made with the process's umask, often readable by every
 * local user. The folder itself is closed to group and others, which closes everything below it
 * (other local users have no business there). A folder this user does not own (a mounted volume) is left as it is, with a warning.
 */
export function closeToOthers(dir: string, log: Logger): void {
  try {
    const { mode } = fs.statSync(dir);
    if (mode & 0o077) fs.chmodSync(dir, mode & 0o700);
  } catch (err) {
    log.warn({ err, dir }, 'DATA_DIR could not be closed to other users of this machine: give it mode 700');
  }
}

/** What the caller knows before the server starts: the site build `npm start` ran, if any. */
export type StartOptions = { startBuild?: BuildOutcome };

export async function startServer(
  config: Config,
  log: Logger = createLogger(config.logLevel),
  { startBuild }: StartOptions = {},
): Promise<RunningServer> {
  makeDirSync(config.dataDir);
  closeToOthers(config.dataDir, log);
  // A corrupt SQLite file or an unreachable PostgreSQL server: one line naming the setting.
  const databaseProblem = (err: unknown) => databaseStartError(config.database, err) ?? err;
  let db: DB;
  try {
    db = openDatabase(config.database, log);
  } catch (err) {
    throw databaseProblem(err);
  }
  // Instances started together on one PostgreSQL database take turns here.
  await withStartupLock(db, config.database.kind, async () => {
    await migrateToLatest(db);
    await seedReferenceData(db);
    const added = await seedContentServices(db, config.distDir);
    if (added.length) log.info({ added }, 'added sub-services named by the site content');
    if (config.admin && !(await hasAdmin(db))) {
      await upsertAdmin(db, config.admin.email, config.admin.password);
      log.info({ email: config.admin.email }, 'created the first admin from ADMIN_EMAIL');
    } else if (!(await hasAdmin(db))) {
      log.warn(
        'no admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run create-admin -- --email you@example.com --password ...`',
      );
    }
  }).catch(async (err: unknown) => {
    await db.destroy().catch(() => undefined);
    throw databaseProblem(err);
  });
  const storage = new Storage(config.dataDir, await loadSecret(db, 'secret.storage'), config.uploadMaxBytes);
  // Mail is sent by this worker, never inside a request (docs/decisions/0002-mail-outbox.md).
  const outbox = new OutboxWorker(db, config.database.kind, createMailer(config), log);
  const hub = new ChatHub(log);
  // Several instances on one PostgreSQL database share chat rooms through LISTEN/NOTIFY.
  const fanout = config.database.kind === 'postgres' ? new PgFanout(config.database.url, db, hub, log) : null;
  await fanout?.start();
  const indexer = new SheetIndexer(db, storage, log);
  const rateLimits = new RateLimits(config.database);
  const stopping = new AbortController();
  const metrics = new Metrics({ db, webSockets: () => hub.size });
  const deps: Deps = { config, db, log, outbox, storage, hub, rateLimits, indexer, shutdown: stopping.signal, metrics, startBuild };
  await registerChat(deps);
  const stopChatMailSweep = startChatMailSweep(deps, { anyAdmin: () => hub.anyAdmin(), user: (id) => hub.isOnline(id) });
  const app = createApp(deps);
  outbox.start();

  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: config.port,
          hostname: config.host,
          createServer: ((options: http.ServerOptions, listener: http.RequestListener) =>
            createJsonErrorServer(options, listener)) as typeof http.createServer,
        },
        () => resolve(s),
      );
      s.once('error', reject);
    });
  } catch (err) {
    stopChatMailSweep();
    await outbox.stop();
    await fanout?.stop();
    hub.close();
    await rateLimits.close();
    await db.destroy();
    throw listenError(err, config);
  }
  // Requests Node's own parser refuses (a raw backslash or NUL in the path, bad
  // headers) get a JSON answer like every other 4xx, not an empty 400.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => {
    if (!socket.writable || err.code === 'ECONNRESET') return void socket.destroy();
    const [status, text] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout']
          : [400, 'Bad Request'];
    const body = JSON.stringify({ message: status === 400 ? 'Malformed request.' : `${text}.` });
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  metrics.watch(server as import('node:net').Server);
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/ws') hub.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  const swept = sweepUploads(db, storage, log).catch((err: unknown) => {
    log.error({ err }, 'sweeping crash debris from uploads failed');
    return null;
  });
  // Background work starts once the server listens: pending sheet indexes, upload and sign-in expiry.
  indexer.start();
  const stopExpiry = startUploadExpiry(db, storage, log);
  const stopAuthExpiry = startAuthExpiry(db, log);
  // Asks clients for bid outcomes now (a restart catches up at once), then every OUTCOME_CHECK_INTERVAL_MS.
  const outcomeQuestions = startOutcomeQuestions(deps);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  // `npm run create-admin` prints where to sign in: the address of the server that last started on this database.
  await db
    .insertInto('settings')
    .values({ key: SERVER_URL_KEY, value: config.port === 0 && config.publicUrl.endsWith(':0') ? url : config.publicUrl })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute()
    .catch((err: unknown) => log.warn({ err }, 'could not record the server address for create-admin'));

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      stopping.abort();
      await outcomeQuestions.stop();
      await swept;
      stopChatMailSweep();
      await outbox.stop();
      await fanout?.stop();
      await stopExpiry();
      await stopAuthExpiry();
      await indexer.stop();
      hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open; in-flight requests get a moment.
        setTimeout(() => ('closeAllConnections' in server ? server.closeAllConnections() : undefined), 1000).unref();
      });
      await rateLimits.close();
      await db.destroy();
    })());

  return { url, port, deps, fanout, close, swept };
}

/**
 * @hono/node-server answers a request target it cannot turn into a URL (a raw
 * backslash in the path) with an empty 400; this answers it with a message
 * first, like every other 4xx of the API.
 */
function createJsonErrorServer(options: http.ServerOptions, listener: http.RequestListener): http.Server {
  return http.createServer(options, (req, res) => {
    const target = req.url ?? '/';
    const pathPart = target.split('?')[0]!;
    if (!target.startsWith('/') || pathPart.includes('\\')) {
      res
        .writeHead(400, { 'content-type': 'application/json', connection: 'close' })
        .end(JSON.stringify({ message: 'Malformed request path.' }));
      return;
    }
    listener(req, res);
  });
}

/**
 * Process-level last resort. A rejected promise nobody
 * awaited, or an exception from a disk or socket write, is logged and the
 * server keeps serving: requests are independent and the database keeps its
 * own consistency. Any other uncaught exception may have left shared state
 * half-changed, so it is logged and the process exits for its supervisor to
 * restart it.
 */
export function keepServingOnStrayErrors(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (the server keeps running)');
  });
  process.on('uncaughtException', (err) => {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (isDiskError(err) || ['EPIPE', 'ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED'].includes(code)) {
      log.error({ err }, 'uncaught I/O error (the server keeps running)');
      return;
    }
    log.fatal({ err }, 'uncaught exception; exiting');
    process.exit(1);
  });
}

export async function main(options: StartOptions = {}): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A full or read-only DATA_DIR: one line that names it, not SQLITE_FULL or a stack trace.
  const dataDirProblem = (err: unknown) => {
    console.error(`Cannot start: DATA_DIR ${config.dataDir} is not usable: ${diskProblem(err)}.`);
    process.exit(1);
  };
  try {
    checkWritableSync(config.dataDir);
  } catch (err) {
    dataDirProblem(err);
  }
  // A DIST_DIR that was set but holds no build is a wrong path: every page would be 404 while
  // /api/ready says 200. Without DIST_DIR the API still starts before the first build
  // (`npm test`, `npm run serve` in a fresh checkout) and only warns.
  const siteBuilt = fs.existsSync(path.join(config.distDir, 'index.html'));
  if (!siteBuilt && config.isDistDirSet) {
    console.error(
      `Invalid environment variable DIST_DIR=${JSON.stringify(config.distDir)}: no site build there (no index.html): run \`npm run build\` or fix the path`,
    );
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  if (!siteBuilt) log.warn({ distDir: config.distDir }, 'no site build found: run `npm run build` (npm start does it for you)');
  if (options.startBuild && !options.startBuild.ok) {
    log.error({ error: options.startBuild.error, ms: options.startBuild.ms }, 'site build at start failed; serving the last good build');
  }
  for (const warning of startupWarnings(config)) log.warn(warning);
  keepServingOnStrayErrors(log);
  let running: RunningServer;
  try {
    running = await startServer(config, log, options);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    if (isDiskError(err)) return dataDirProblem(err);
    throw err;
  }
  const version = `${APP_VERSION}${APP_COMMIT ? ` (${APP_COMMIT})` : ''}`;
  log.info(
    {
      url: running.url,
      version: APP_VERSION,
      commit: APP_COMMIT,
      mail: running.deps.outbox.describe(),
      data: config.dataDir,
      database: config.database.kind,
    },
    `estimating portal ${version} listening on ${running.url} — mail goes to ${running.deps.outbox.describe()}`,
  );

  // systemd's default KillMode=control-group signals every process of the service: under
  // `npm start` the server gets SIGTERM from systemd and again from npm, which forwards it.
  // The first signal starts the stop; later ones are logged and ignored, so the stop always
  // finishes (mail handed back, sockets closed) and exits 0 (docs/operations.md "Stopping").
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, 'already shutting down: signal ignored');
      return;
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 5 s; exiting');
      process.exit(1);
    }, 5000);
    force.unref();
    running.close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
