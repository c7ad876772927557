// npm run backup [-- --out path/to/backup.zip]
// One archive, readable by its owner only, with the database and every stored file:
// - SQLite: an online backup (the server may keep running) as database/app.db;
// - PostgreSQL: pg_dump's custom format as database/postgres.dump;
// - DATA_DIR/uploads (public and private files, finished resumable uploads) under uploads/.
// Default place: DATA_DIR/backups/estimating-<timestamp>.zip. Restore: npm run restore (docs/operations.md).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import yazl from 'yazl';
import { diskProblem, makeDirSync } from '../src/lib/data-dir.ts';
import { APP_VERSION } from '../src/version.ts';
import { argsOrExit, configOrExit } from './cli-args.ts';
import { runPostgresTool, ToolError } from './postgres-tools.ts';

const USAGE = 'npm run backup [-- --out path/to/backup.zip]   (in the Docker image: node dist-server/backup.js [--out …])';
const { values } = argsOrExit(() => parseArgs({ options: { out: { type: 'string' } } }), USAGE);

const config = configOrExit();

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const uploads = path.join(config.dataDir, 'uploads');
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

if (config.database.kind === 'sqlite' && !fs.existsSync(config.database.file))
  fail(`No database at ${config.database.file}: nothing to back up (check DATA_DIR or DATABASE_URL).`);
const out = path.resolve(values.out ?? path.join(config.dataDir, 'backups', `estimating-${stamp}.zip`));
if (fs.existsSync(out)) fail(`${out} already exists: choose another --out.`);
try {
  makeDirSync(path.dirname(out));
} catch (err) {
  fail(`Backup to ${out} failed: the folder ${path.dirname(out)} is not usable (${diskProblem(err)}). Nothing was kept.`);
}

// The database copy is made beside the archive (same disk), then zipped and removed.
const work = fs.mkdtempSync(path.join(path.dirname(out), '.backup-'));
fs.chmodSync(work, 0o700);
try {
  const zip = new yazl.ZipFile();
  let databaseEntry: string;
  if (config.database.kind === 'postgres') {
    databaseEntry = 'database/postgres.dump';
    const dump = path.join(work, 'postgres.dump');
    // A consistent snapshot while the server keeps running (pg_dump runs in one transaction).
    await runPostgresTool('pg_dump', config.database.url, ['--format=custom', '--no-owner', `--file=${dump}`]);
    zip.addFile(dump, databaseEntry, { compress: false });
  } else {
    databaseEntry = 'database/app.db';
    const copy = path.join(work, 'app.db');
    // SQLite's online backup API (https://www.sqlite.org/backup.html) copies a consistent
    // snapshot page by page while other connections keep writing.
    const db = new SQLite(config.database.file, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    try {
      await db.backup(copy);
    } finally {
      db.close();
    }
    // One self-contained file (no -wal beside it); the server turns WAL back on when it opens it.
    const check = new SQLite(copy);
    check.pragma('journal_mode = DELETE');
    const integrity = check.pragma('integrity_check', { simple: true });
    check.close();
    if (integrity !== 'ok') throw new ToolError(`the copy failed its integrity check (${String(integrity)})`);
    zip.addFile(copy, databaseEntry);
  }
  let files = 0;
  // uploads/tmp holds parts of uploads in flight: nothing a restore could finish.
  for (const file of await listFiles(uploads)) {
    const rel = path.relative(uploads, file).split(path.sep).join('/');
    if (rel.startsWith('tmp/')) continue;
    zip.addFile(file, `uploads/${rel}`);
    files += 1;
  }
  const manifest = {
    format: 1,
    engine: config.database.kind,
    database: databaseEntry,
    version: APP_VERSION,
    createdAt: new Date().toISOString(),
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
  zip.end();
  // The archive holds password hashes, sessions and signing secrets: its owner's only, from its first byte.
  await pipeline(zip.outputStream, fs.createWriteStream(out, { flags: 'wx', mode: 0o600 }));
  fs.chmodSync(out, 0o600);
  const size = fs.statSync(out).size;
  console.log(
    `Backed up the ${config.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} database and ${files} stored files to ${out} (${(size / 1024).toFixed(0)} KiB).`,
  );
} catch (err) {
  fs.rmSync(out, { force: true });
  const code = (err as { code?: string }).code ?? '';
  const why =
    err instanceof ToolError
      ? err.message
      : /ENOSPC|SQLITE_FULL/.test(code)
        ? 'the disk is full'
        : /EROFS|EACCES|EPERM|READONLY|CANTOPEN/.test(code)
          ? 'the folder is not writable'
          : (err as Error).message;
  console.error(`Backup to ${out} failed: ${why}. Nothing was kept.`);
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
