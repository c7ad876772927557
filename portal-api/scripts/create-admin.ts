// npm run create-admin -- --email admin@example.com --password 'a long secret' [--name 'Jane Doe']
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { databaseStartError } from '../src/db/open-errors.ts';
import { SERVER_URL_KEY, seedReferenceData } from '../src/db/seed.ts';
import { upsertAdmin } from '../src/modules/users/users.bootstrap.ts';
import { argsOrExit, usageError } from './cli-args.ts';

const USAGE = "npm run create-admin -- --email admin@example.com --password '…' [--name 'Full Name']";
const { values } = argsOrExit(
  () => parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } }),
  USAGE,
);
// A missing option names itself, not zod's "expected string, received undefined".
const missing = (option: string) => (issue: { input?: unknown }) => (issue.input === undefined ? `${option} is missing` : undefined);
const args = z
  .object({
    email: z.string({ error: missing('--email') }).pipe(z.email('--email must be an e-mail address')),
    password: z.string({ error: missing('--password') }).min(8, '--password must be at least 8 characters'),
    name: z.string().min(1, '--name must not be empty').optional(),
  })
  .safeParse(values);
if (!args.success) usageError(args.error.issues[0]!.message, USAGE);
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
let outcome, serverUrl;
try {
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    outcome = await upsertAdmin(db, args.data.email, args.data.password, args.data.name);
    // The server's own address (it records it at start), not this shell's defaults.
    serverUrl = (await db.selectFrom('settings').select('value').where('key', '=', SERVER_URL_KEY).executeTakeFirst())?.value;
  } finally {
    await db.destroy();
  }
} catch (err) {
  // A damaged SQLite file or an unreachable PostgreSQL server: the server's one line, not a stack.
  console.error(databaseStartError(config.database, err, 'Cannot create the admin')?.message ?? err);
  process.exit(1);
}
console.log(`Admin ${args.data.email} ${outcome}. Sign in at ${serverUrl ?? config.publicUrl}/login`);
