import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateToLatest, openDatabase, withStartupLock } from './db/database.ts';
import { loadSecret, seedReferenceData } from './db/seed.ts';
import type { Deps } from './deps.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './lib/mail.ts';
import { Storage } from './lib/storage.ts';
import { ChatHub } from './modules/chats/hub.ts';
import { registerChat } from './modules/chats/chats.socket.ts';
import { PgFanout } from './modules/chats/fanout.ts';
import { hasAdmin, upsertAdmin } from './modules/users/users.bootstrap.ts';

export type RunningServer = { url: string; port: number; deps: Deps; fanout: PgFanout | null; close: () => Promise<void> };

/** config → database → migrate → seed → listen → /ws. Used by main() and by the API tests. */
export async function startServer(config: Config, log: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(config.database);
  // Instances started together on one PostgreSQL database take turns here.
  await withStartupLock(db, config.database.kind, async () => {
    await migrateToLatest(db);
    await seedReferenceData(db);
    if (config.admin && !(await hasAdmin(db))) {
      await upsertAdmin(db, config.admin.email, config.admin.password);
      log.info({ email: config.admin.email }, 'created the first admin from ADMIN_EMAIL');
    } else if (!(await hasAdmin(db))) {
      log.warn('no admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run create-admin -- --email you@example.com --password ...`');
    }
  });
  const storage = new Storage(config.dataDir, await loadSecret(db, 'secret.storage'), config.uploadMaxBytes);
  const mailer = createMailer(config, log);
  const hub = new ChatHub(log);
  // Several instances on one PostgreSQL database share chat rooms through LISTEN/NOTIFY.
  const fanout = config.database.kind === 'postgres' ? new PgFanout(config.database.url, db, hub, log) : null;
  await fanout?.start();
  const deps: Deps = { config, db, log, mailer, storage, hub };
  await registerChat(deps);
  const app = createApp(deps);

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/ws') hub.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await fanout?.stop();
      hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open; in-flight requests get a moment.
        setTimeout(() => ('closeAllConnections' in server ? server.closeAllConnections() : undefined), 1000).unref();
      });
      mailer.close();
      await db.destroy();
    })());

  return { url, port, deps, fanout, close };
}

export async function main(): Promise<void> {
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
  const log = createLogger(config.logLevel);
  if (!fs.existsSync(config.distDir)) log.warn({ distDir: config.distDir }, 'no site build found: run `npm run build` (npm start does it for you)');
  const running = await startServer(config, log);
  log.info(
    { url: running.url, mail: running.deps.mailer.describe(), data: config.dataDir, database: config.database.kind },
    `listening on ${running.url} — mail goes to ${running.deps.mailer.describe()}`,
  );

  const stop = (signal: string) => {
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 5 s; exiting');
      process.exit(1);
    }, 5000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
