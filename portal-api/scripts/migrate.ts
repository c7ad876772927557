// npm run migrate [-- --status]
// Applies pending migrations (the server also does at start), or with --status lists
// which are applied and which are pending, changing nothing (docs/operations.md "Upgrades").
// In the Docker image: node dist-server/migrate.js [--status].
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { migrateToLatest, migrationStatus, openDatabase } from '../src/db/database.ts';
import { databaseStartError } from '../src/db/open-errors.ts';
import { APP_COMMIT, APP_VERSION } from '../src/version.ts';
import { argsOrExit, configOrExit } from './cli-args.ts';

const USAGE = 'npm run migrate [-- --status]   (in the Docker image: node dist-server/migrate.js [--status])';
const { values } = argsOrExit(() => parseArgs({ options: { status: { type: 'boolean' } } }), USAGE);

const config = configOrExit();
// --status never creates a database: a missing SQLite file has every migration pending.
if (values.status && config.database.kind === 'sqlite' && !fs.existsSync(config.database.file)) {
  console.log(`No database at ${config.database.file} yet: every migration is pending (the server applies them at start).`);
  process.exit(0);
}
try {
  const db = openDatabase(config.database);
  try {
    const before = await migrationStatus(db);
    if (!values.status) await migrateToLatest(db);
    const after = values.status ? before : await migrationStatus(db);
    console.log(`Version ${APP_VERSION}${APP_COMMIT ? ` (${APP_COMMIT})` : ''}, ${config.database.kind} database:`);
    for (const m of after) {
      const wasPending = !before.find((b) => b.name === m.name)?.executedAt;
      const state = m.executedAt ? `applied ${m.executedAt.toISOString()}${!values.status && wasPending ? ' (now)' : ''}` : 'pending';
      console.log(`  ${state.padEnd(36)} ${m.name}`);
    }
    const pending = after.filter((m) => !m.executedAt).length;
    console.log(`${after.length - pending} applied, ${pending} pending.`);
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error(databaseStartError(config.database, err, 'Cannot migrate')?.message ?? err);
  process.exit(1);
}
