// npm run create-admin -- --email admin@example.com [--name 'Jane Doe'] [--promote]
// The password: asked for in a terminal (not echoed), or taken from ADMIN_PASSWORD, or
// --password (which shell history keeps). An e-mail that belongs to a client is refused
// unless --promote says to make that client an admin. --name names the account (an existing one is
// renamed); a new admin without it is named after its e-mail ('maria.lopez@…' → 'Maria Lopez').
// In the Docker image: node dist-server/create-admin.js --email … (docs/operations.md).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { adminCommandEnv } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { databaseStartError } from '../src/db/open-errors.ts';
import { SERVER_URL_KEY, seedReferenceData } from '../src/db/seed.ts';
import { verifyPassword } from '../src/modules/auth/auth.public.ts';
import { findUserByEmail, nameFromEmail, upsertAdmin } from '../src/modules/users/users.bootstrap.ts';
import { PROFILE_LIMITS } from '../src/modules/users/users.limits.ts';
import { argsOrExit, configOrExit, usageError } from './cli-args.ts';
import { askHidden } from './prompt.ts';

const USAGE =
  "npm run create-admin -- --email admin@example.com [--name 'Full Name'] [--promote] [--password '…'] (the password is asked for, or read from ADMIN_PASSWORD; in the Docker image: node dist-server/create-admin.js …)";
const { values } = argsOrExit(
  () =>
    parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, promote: { type: 'boolean' } },
    }),
  USAGE,
);
const fromEnv = adminCommandEnv();
// A missing option names itself, not zod's "expected string, received undefined".
const missing = (option: string) => (issue: { input?: unknown }) => (issue.input === undefined ? `${option} is missing` : undefined);
const email = z
  .string({ error: missing('--email') })
  .pipe(z.email('--email must be an e-mail address'))
  .safeParse(values.email);
if (!email.success) usageError(email.error.issues[0]!.message, USAGE);
let password = values.password ?? fromEnv.password;
if (password === undefined) {
  if (!process.stdin.isTTY) usageError('--password is missing (set ADMIN_PASSWORD, or run in a terminal to be asked)', USAGE);
  password = await askHidden(`Password for ${email.data}: `);
  if ((await askHidden('Again: ')) !== password) usageError('the two passwords differ', USAGE);
}
const args = z
  .object({
    password: z.string().min(8, 'the password must be at least 8 characters'),
    name: z
      .string()
      .trim()
      .min(1, '--name must not be empty')
      .max(PROFILE_LIMITS.fullName, `--name must be at most ${PROFILE_LIMITS.fullName} characters`)
      .optional(),
  })
  .safeParse({ password, name: values.name });
if (!args.success) usageError(args.error.issues[0]!.message, USAGE);

const config = configOrExit(fromEnv.env);
let said: string | undefined;
let serverUrl: string | undefined;
try {
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    const existing = await findUserByEmail(db, email.data.toLowerCase());
    if (existing && existing.role !== 'admin' && !values.promote) {
      console.error(
        `${email.data} belongs to a client account (${existing.full_name}). Nothing was changed. To make that client an admin, run again with --promote (its password is replaced and its sessions end); otherwise choose another e-mail.`,
      );
      process.exitCode = 1;
    } else {
      const unchanged = !!existing?.password_hash && (await verifyPassword(existing.password_hash, args.data.password));
      const name = args.data.name ?? (existing ? undefined : nameFromEmail(email.data));
      const outcome = await upsertAdmin(db, email.data, args.data.password, name);
      const renamed = existing && args.data.name && args.data.name !== existing.full_name ? ` Renamed to ${args.data.name}.` : '';
      said =
        (outcome === 'created'
          ? `Created admin ${email.data} named ${name}${args.data.name ? '' : ' (give --name to choose another)'}.`
          : existing && existing.role !== 'admin'
            ? `Promoted client ${email.data} to admin and set a new password; their sessions were ended.`
            : `Admin ${email.data} already existed: ${unchanged ? 'password unchanged.' : 'password replaced; their sessions were ended.'}`) +
        renamed;
      // The server's own address (it records it at start), not this shell's defaults.
      serverUrl = (await db.selectFrom('settings').select('value').where('key', '=', SERVER_URL_KEY).executeTakeFirst())?.value;
    }
  } finally {
    await db.destroy();
  }
} catch (err) {
  // A damaged SQLite file or an unreachable PostgreSQL server: the server's one line, not a stack.
  console.error(databaseStartError(config.database, err, 'Cannot create the admin')?.message ?? err);
  process.exit(1);
}
if (said) console.log(`${said} Sign in at ${serverUrl ?? config.publicUrl}/login`);
