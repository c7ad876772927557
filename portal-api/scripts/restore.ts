// npm run restore -- --from path/to/backup.zip
// Puts an archive of `npm run backup` back: into an empty DATA_DIR (a folder that
// holds anything is refused, so nothing is overwritten) and, on PostgreSQL, into an
// empty database with pg_restore. Then start the server as usual (docs/operations.md "Restore").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs, promisify } from 'node:util';
import { sql } from 'kysely';
import yauzl from 'yauzl';
import { openDatabase } from '../src/db/database.ts';
import { databaseStartError } from '../src/db/open-errors.ts';
import { makeDirSync } from '../src/lib/data-dir.ts';
import { argsOrExit, configOrExit, usageError } from './cli-args.ts';
import { runPostgresTool, ToolError } from './postgres-tools.ts';

const USAGE = 'npm run restore -- --from path/to/backup.zip   (in the Docker image: node dist-server/restore.js --from …)';
const { values } = argsOrExit(() => parseArgs({ options: { from: { type: 'string' } } }), USAGE);
if (!values.from) usageError('--from is missing', USAGE);
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const config = configOrExit();
const archive = path.resolve(values.from!);
if (!fs.existsSync(archive)) fail(`No archive at ${archive}.`);
const dataDir = config.dataDir;
if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
  fail(`DATA_DIR ${dataDir} is not empty: restore only into an empty folder (move the old one aside first). Nothing was changed.`);

const openZip = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);
const zip = await openZip(archive, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch((err: Error) =>
  fail(`${archive} is not a backup archive: ${err.message}`),
);
const entries: yauzl.Entry[] = [];
await new Promise<void>((resolve, reject) => {
  zip.on('entry', (entry: yauzl.Entry) => {
    entries.push(entry);
    zip.readEntry();
  });
  zip.on('end', resolve);
  zip.on('error', reject);
  zip.readEntry();
});
const read = async (entry: yauzl.Entry, target: string) => {
  makeDirSync(path.dirname(target));
  await pipeline(await zip.openReadStreamPromise(entry), fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
};
const manifestEntry = entries.find((e) => e.fileName === 'manifest.json');
if (!manifestEntry) fail(`${archive} is not a backup archive of this application (no manifest.json).`);
const manifest = JSON.parse(Buffer.concat(await (await zip.openReadStreamPromise(manifestEntry!)).toArray()).toString()) as {
  engine: 'sqlite' | 'postgres';
  database: string;
  version?: string;
};
if (manifest.engine !== config.database.kind)
  fail(`${archive} holds a ${manifest.engine} database, and DATABASE_URL points at ${config.database.kind}: set DATABASE_URL to match.`);

let created = false;
try {
  const databaseEntry = entries.find((e) => e.fileName === manifest.database);
  if (!databaseEntry) throw new ToolError(`the archive has no ${manifest.database}`);
  if (config.database.kind === 'postgres') {
    // pg_restore into a database that already has tables would mix two histories.
    const db = openDatabase(config.database);
    try {
      const { rows } = await sql<{
        n: string | number;
      }>`select count(*) as n from information_schema.tables where table_schema = current_schema()`.execute(db);
      if (Number(rows[0]?.n ?? 0) > 0)
        throw new ToolError('the database DATABASE_URL names is not empty (create a new one, or drop this one first)');
    } catch (err) {
      if (err instanceof ToolError) throw err;
      throw new ToolError(databaseStartError(config.database, err, 'Cannot restore')?.message ?? String(err));
    } finally {
      await db.destroy();
    }
  } else if (fs.existsSync(config.database.file)) {
    throw new ToolError(`a database already exists at ${config.database.file}`);
  }
  makeDirSync(dataDir);
  fs.chmodSync(dataDir, 0o700);
  created = true;
  if (config.database.kind === 'postgres') {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'estimating-restore-'));
    try {
      const dump = path.join(work, 'postgres.dump');
      await read(databaseEntry!, dump);
      await runPostgresTool('pg_restore', config.database.url, ['--no-owner', '--exit-on-error', dump]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  } else {
    await read(databaseEntry!, config.database.file);
  }
  let files = 0;
  const uploads = path.join(dataDir, 'uploads');
  for (const entry of entries) {
    if (!entry.fileName.startsWith('uploads/') || entry.fileName.endsWith('/')) continue;
    // Never outside DATA_DIR/uploads, whatever a (tampered) archive names.
    const target = path.resolve(uploads, entry.fileName.slice('uploads/'.length));
    if (!target.startsWith(uploads + path.sep)) throw new ToolError(`the archive names a file outside uploads/: ${entry.fileName}`);
    await read(entry, target);
    files += 1;
  }
  console.log(
    `Restored the ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database and ${files} stored files from ${archive} into ${dataDir}${manifest.version ? ` (backup of version ${manifest.version})` : ''}. Start the server to use it.`,
  );
} catch (err) {
  // Nothing half-restored is left to start from.
  if (created) fs.rmSync(dataDir, { recursive: true, force: true });
  console.error(
    `Restore from ${archive} failed: ${err instanceof ToolError ? err.message : (err as Error).message}. ${created ? 'DATA_DIR was removed again.' : 'Nothing was changed.'}`,
  );
  process.exitCode = 1;
} finally {
  zip.close();
}
